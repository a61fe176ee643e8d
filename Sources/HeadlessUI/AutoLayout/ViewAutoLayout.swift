import Foundation
import ObjectBridge

/// What a view keeps for Auto Layout, made when it first takes part: the constraints
/// installed on it, its priorities against its intrinsic size, its margins and guides.
final class ViewAutoLayout {
    var installed: [LayoutConstraint] = []
    var needsUpdateConstraints = true
    /// Content hugging and compression resistance, horizontal then vertical (UIKit's defaults).
    var hugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    var compressionResistance = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var guides: [LayoutGuide] = []
    /// The engine `systemLayoutSizeFittingSize` keeps for the view: a cell measured again
    /// (recycled, with new text) only takes what changed, as the window's engine does.
    var fittingEngine: LayoutEngine?
    /// The engine of the tree this view is the top of while it is in no window, as UIKit hosts
    /// one on the topmost view: `layoutIfNeeded` solves the tree's constraints.
    var treeEngine: LayoutEngine?
    /// The document's constraints that depend on the size classes, kept while uninstalled.
    var sizeClassVariations: [SizeClassVariation] = []
}

extension View: LayoutItem {
    var autoLayoutState: ViewAutoLayout {
        if let autoLayout { return autoLayout }
        let made = ViewAutoLayout()
        autoLayout = made
        return made
    }

    public var layoutContainer: View? { superview }

    public var layoutName: String {
        "\(bridge.flatMap { try? $0.classObject(for: self).name } ?? "UIView"):\(LayoutConstraint.address(of: self))"
    }

    public var layoutMarginInsets: UIEdgeInsets {
        var margins = autoLayout?.layoutMargins ?? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        guard let controller = viewController, controller.viewRespectsSystemMinimumLayoutMargins else {
            return margins
        }
        let minimum = controller.systemMinimumLayoutMargins
        margins.left = max(margins.left, minimum.left)
        margins.right = max(margins.right, minimum.right)
        return margins
    }

    /// The constraints installed on this view (`constraints`).
    public var installedConstraints: [LayoutConstraint] { autoLayout?.installed ?? [] }

    func install(_ constraint: LayoutConstraint) {
        guard constraint.installedOn == nil else { return }
        noteConstraintsBelow()
        autoLayoutState.installed.append(constraint)
        adopt(constraint)
        constraint.installedOn = self
        autoLayoutChanged()
    }

    func uninstall(_ constraint: LayoutConstraint) {
        guard constraint.installedOn === self, var list = autoLayout?.installed,
            let index = list.firstIndex(where: { $0 === constraint })
        else { return }
        list.remove(at: index)
        autoLayout?.installed = list
        constraint.installedOn = nil
        constraint.isBroken = false
        abandon(constraint)
        autoLayoutChanged()
    }

    /// Marks this view and its ancestors as holding constraints, up to the first already marked.
    func noteConstraintsBelow() {
        var view: View? = self
        while let current = view, !current.subtreeHasConstraints {
            current.subtreeHasConstraints = true
            view = current.superview
        }
    }

    /// The constraints, a constant or the tree changed: the window's engine looks again at the
    /// next layout.
    func autoLayoutChanged() {
        guard let window else { return }
        window.application.autoLayoutGeneration += 1
        window.setNeedsLayout()
    }

    /// A constraint installed here has a new constant: the window's engine shifts it at the
    /// next pass without looking at the rest of the tree.
    func constantChanged(_ constraint: LayoutConstraint) {
        window?.noteConstantChanged(constraint)
    }

    /// `addConstraint`: installs on this view, which must be one of the items or an ancestor
    /// of both, as UIKit requires.
    func addConstraint(_ constraint: LayoutConstraint) throws {
        for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 }) {
            let view = (item as? View) ?? item.layoutContainer
            guard let view, view.isDescendant(of: self) || (item as? LayoutGuide)?.owningView === self else {
                throw ScriptValueError(
                    "The view hierarchy is not prepared for the constraint \(constraint.description): "
                        + "its items must be this view (\(layoutName)) or in its subtree")
            }
        }
        if let other = constraint.installedOn, other !== self { other.uninstall(constraint) }
        install(constraint)
    }

    /// Sets the frame a container's own layout gives (a cell's content view and labels),
    /// unless constraints place the view.
    func place(_ frame: CGRect) {
        if translatesAutoresizingMaskIntoConstraints { self.frame = frame }
    }

    /// `hasAmbiguousLayout`: the constraints leave the view's frame open.
    public var hasAmbiguousLayout: Bool { window?.activeLayoutEngine?.isAmbiguous(self) ?? false }

    /// `exerciseAmbiguityInLayout`.
    public func exerciseAmbiguityInLayout() { window?.activeLayoutEngine?.exerciseAmbiguity(of: self) }

    /// `constraintsAffectingLayoutForAxis` (0 horizontal, 1 vertical).
    public func constraintsAffectingLayout(vertical: Bool) -> [LayoutConstraint] {
        window?.activeLayoutEngine?.constraints(affecting: self, vertical: vertical) ?? []
    }

    /// `setNeedsUpdateConstraints`.
    public func setNeedsUpdateConstraints() {
        autoLayoutState.needsUpdateConstraints = true
        autoLayoutChanged()
    }

    /// `intrinsicContentSize`: the script's override, else the class's own (-1 for none), at
    /// the width the layout gives the view (its own width when none is given).
    func intrinsicSize(laidOutWidth: Double? = nil) throws -> CGSize {
        if let scripted = try runOverride("intrinsicContentSize", returning: CGSize.self) { return scripted }
        return intrinsicContentSize(laidOutWidth: laidOutWidth ?? bounds.width)
    }

    /// UIKit's `UIViewNoIntrinsicMetric`.
    public static let noIntrinsicMetric = -1.0
}
