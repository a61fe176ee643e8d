import Foundation
import ObjectBridge

/// A constraint from an Interface Builder document whose installation or constant depends on
/// the size classes: Xcode's `<variation key="widthClass=compact">`. UIKit applies the
/// variations for the view's traits when it loads and again when the traits change (a phone
/// turned to landscape); so does Rebound.
struct SizeClassVariation {
    /// The size classes a variation is for (`UIUserInterfaceSizeClass`: compact 1, regular 2);
    /// nil matches either.
    struct Classes: Equatable {
        var horizontal: Int?
        var vertical: Int?

        /// How many size classes it names: a variation for both applies over one for either.
        var specificity: Int { (horizontal == nil ? 0 : 1) + (vertical == nil ? 0 : 1) }

        func match(_ traits: TraitCollection) -> Bool {
            (horizontal ?? traits.horizontalSizeClass) == traits.horizontalSizeClass
                && (vertical ?? traits.verticalSizeClass) == traits.verticalSizeClass
        }
    }

    /// What one variation says of the constraint: installed or not, and its constant.
    struct Rule {
        let classes: Classes
        var installed: Bool?
        var constant: Double?
    }

    let constraint: LayoutConstraint
    /// Whether the document installs it for any size class (`<variation key="default">`
    /// excludes it otherwise), and with the constant its element gives.
    let installedByDefault: Bool
    let defaultConstant: Double
    let rules: [Rule]

    /// Installs the constraint on `holder`, or removes it, with its constant, as the most
    /// specific variations matching `traits` say.
    func apply(_ traits: TraitCollection, on holder: View) throws {
        var (installed, constant) = (installedByDefault, defaultConstant)
        for rule in rules.sorted(by: { $0.classes.specificity < $1.classes.specificity })
        where rule.classes.match(traits) {
            installed = rule.installed ?? installed
            constant = rule.constant ?? constant
        }
        if constraint.constant != constant { constraint.constant = constant }
        if installed, !constraint.isActive {
            try holder.addConstraint(constraint)
        } else if !installed, constraint.installedOn === holder {
            holder.uninstall(constraint)
        }
    }
}

extension View {
    /// Keeps `variations` for this view (which holds their constraints) and applies them for
    /// the screen's size classes, which the view sees once in a window.
    func addSizeClassVariations(_ variations: [SizeClassVariation], _ environment: UIEnvironment) throws {
        guard !variations.isEmpty else { return }
        let traits = TraitCollection(profile: environment.screen.profile)
        for variation in variations {
            adopt(variation.constraint)
            try variation.apply(traits, on: self)
        }
        if autoLayoutState.sizeClassVariations.isEmpty {
            environment.sizeClassHolders.removeAll { $0.wrappedValue == nil }
            environment.sizeClassHolders.append(WeakObjectReference(wrappedValue: self))
        }
        autoLayoutState.sizeClassVariations += variations
    }
}

extension UIEnvironment {
    /// Applies every document's size-class variations for the screen's new size classes.
    func applySizeClassVariations(_ traits: TraitCollection) throws {
        for holder in sizeClassHolders.compactMap(\.wrappedValue) {
            for variation in holder.autoLayout?.sizeClassVariations ?? [] { try variation.apply(traits, on: holder) }
        }
    }
}
