import Foundation
import ObjectBridge

/// Scripts' Auto Layout members of `UIView`, `UIViewController` and `UILayoutGuide`.
enum AutoLayoutScript {
    static func viewMembers(_ c: NativeClassBuilder<View>, _ environment: UIEnvironment) {
        c.property("constraints") { (view: View) in view.installedConstraints }
        c.method("addConstraint") { (view: View, constraint: LayoutConstraint) in try view.addConstraint(constraint) }
        c.method("addConstraints") { (view: View, constraints: [LayoutConstraint]) in
            for constraint in constraints { try view.addConstraint(constraint) }
        }
        c.method("removeConstraint") { (view: View, constraint: LayoutConstraint) in view.uninstall(constraint) }
        c.method("removeConstraints") { (view: View, constraints: [LayoutConstraint]) in
            for constraint in constraints { view.uninstall(constraint) }
        }
        c.property(
            "translatesAutoresizingMaskIntoConstraints", get: { $0.translatesAutoresizingMaskIntoConstraints },
            set: { view, value in
                view.translatesAutoresizingMaskIntoConstraints = value
                environment.application.usesAutoLayout = true
                view.autoLayoutChanged()
            })
        c.method("setNeedsUpdateConstraints") { (view: View) in view.setNeedsUpdateConstraints() }
        c.method("updateConstraints", overridable: true) { (_: View) in }
        c.method("updateConstraintsIfNeeded") { (view: View) in try view.window?.updateAutoLayout() }
        c.method("needsUpdateConstraints") { (view: View) in view.autoLayout?.needsUpdateConstraints ?? false }
        c.method("intrinsicContentSize", overridable: true) { (view: View) in view.intrinsicContentSize }
        c.method("invalidateIntrinsicContentSize") { (view: View) in view.invalidateIntrinsicContentSize() }
        axisPriorities(c, "contentHuggingPriority", \.hugging)
        axisPriorities(c, "contentCompressionResistancePriority", \.compressionResistance)
        c.property(
            "layoutMargins", get: { $0.layoutMarginInsets },
            set: { view, margins in
                view.autoLayoutState.layoutMargins = margins
                view.autoLayoutChanged()
            })
        c.property("layoutMarginsGuide") { (view: View) in view.systemGuide(.margins) }
        c.property("safeAreaLayoutGuide") { (view: View) in view.systemGuide(.safeArea) }
        c.property("safeAreaInsets") { (view: View) in view.safeAreaInsets }
        c.property("layoutGuides") { (view: View) in view.autoLayout?.guides ?? [] }
        c.method("addLayoutGuide") { (view: View, guide: LayoutGuide) in view.addLayoutGuide(guide) }
        c.method("removeLayoutGuide") { (view: View, guide: LayoutGuide) in view.removeLayoutGuide(guide) }
        for (name, attribute) in LayoutAnchor.Script.anchorNames {
            c.property(name) { (view: View) in LayoutAnchor.make(view, attribute) }
        }
        c.method("hasAmbiguousLayout") { (view: View) in view.hasAmbiguousLayout }
        c.method("exerciseAmbiguityInLayout") { (view: View) in view.exerciseAmbiguityInLayout() }
        c.method("constraintsAffectingLayoutForAxis") { (view: View, axis: Int) in
            view.constraintsAffectingLayout(vertical: try axisValue(axis))
        }
        c.method("systemLayoutSizeFittingSize") { (view: View, size: CGSize) in
            try LayoutEngine.fittingSize(
                of: view, aimingAt: try GeometryCheck.size(size, "targetSize"),
                horizontal: LayoutPriority.fittingSizeLevel, vertical: LayoutPriority.fittingSizeLevel)
        }
        c.method("systemLayoutSizeFittingSize_withHorizontalFittingPriority_verticalFittingPriority") {
            (view: View, size: CGSize, horizontal: Double, vertical: Double) in
            try LayoutEngine.fittingSize(
                of: view, aimingAt: try GeometryCheck.size(size, "targetSize"),
                horizontal: try priorityValue(horizontal), vertical: try priorityValue(vertical))
        }
    }

    /// `NAMEForAxis` and `setNAME_forAxis` over one of a view's pairs of priorities.
    static func axisPriorities(
        _ c: NativeClassBuilder<View>, _ name: String,
        _ pair: ReferenceWritableKeyPath<ViewAutoLayout, (horizontal: Double, vertical: Double)>
    ) {
        c.method(name + "ForAxis") { (view: View, axis: Int) in
            let priorities = view.autoLayoutState[keyPath: pair]
            return try axisValue(axis) ? priorities.vertical : priorities.horizontal
        }
        let setter = "set" + name.prefix(1).uppercased() + name.dropFirst() + "_forAxis"
        c.method(setter) { (view: View, priority: Double, axis: Int) in
            let vertical = try axisValue(axis)
            let value = try priorityValue(priority)
            let state = view.autoLayoutState
            if vertical { state[keyPath: pair].vertical = value } else { state[keyPath: pair].horizontal = value }
            view.invalidateIntrinsicContentSize()
        }
    }

    static func controllerMembers(_ c: NativeClassBuilder<ViewController>) {
        c.property("topLayoutGuide") { (controller: ViewController) in try controller.view().systemGuide(.top) }
        c.property("bottomLayoutGuide") { (controller: ViewController) in
            try controller.view().systemGuide(.bottom)
        }
    }

    static func guideClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass("UILayoutGuide", superclass: "NSObject", type: LayoutGuide.self, allocate: { LayoutGuide() }) { c in
            c.property("owningView") { (guide: LayoutGuide) in guide.owningView }
            c.property("identifier", get: { $0.identifier }, set: { $0.identifier = $1 })
            c.property("layoutFrame") { (guide: LayoutGuide) in guide.layoutFrame }
            c.property("length") { (guide: LayoutGuide) in guide.layoutFrame.height }
            for (name, attribute) in LayoutAnchor.Script.anchorNames where !name.contains("Baseline") {
                c.property(name) { (guide: LayoutGuide) in LayoutAnchor.make(guide, attribute) }
            }
        }
    }

    static func axisValue(_ axis: Int) throws -> Bool {
        guard axis == 0 || axis == 1 else {
            throw ScriptValueError("axis must be UILayoutConstraintAxis.Horizontal (0) or Vertical (1), got \(axis)")
        }
        return axis == 1
    }

    static func priorityValue(_ priority: Double) throws -> Double {
        guard priority.isFinite, priority >= 1, priority <= 1000 else {
            throw ScriptValueError("a priority must be from 1 to 1000, got \(priority)")
        }
        return priority
    }
}

extension AutoLayoutScript: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [guideClass(environment)] }
}
