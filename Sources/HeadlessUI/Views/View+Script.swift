import Foundation
import ObjectBridge

extension View {
    /// Scripts' view of `View`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIView", superclass: "UIResponder", type: View.self, allocate: { View() }) { c in
                ViewAnimations.addMethods(to: c, environment)
                LegacyAnimations.addMethods(to: c, environment)
                AutoLayoutScript.viewMembers(c, environment)
                Coder.addMethods(to: c)
                c.method("initWithFrame", overridable: true) { (view: View, frame: CGRect) -> View in
                    view.frame = try GeometryCheck.rect(frame, "frame")
                    return view
                }
                c.property("frame", get: { $0.frame }, set: { $0.frame = try GeometryCheck.rect($1, "frame") })
                c.property(
                    "bounds", storedIn: "bounds", get: { $0.bounds },
                    set: { $0.setBounds(try GeometryCheck.rect($1, "bounds")) })
                c.property(
                    "center", storedIn: "center", get: { $0.center },
                    set: { $0.setCenter(try GeometryCheck.point($1, "center")) })
                c.property(
                    "size", get: { $0.frame.size },
                    set: { view, size in
                        view.frame = CGRect(origin: view.frame.origin, size: try GeometryCheck.size(size, "size"))
                    })
                c.property("transform", get: { $0.transform }, set: { $0.setTransform($1) })
                c.property("layer", referenceIn: "layer", get: { (view: View) in view.layer })
                c.property("subviews") { (view: View) in view.subviews }
                c.property("superview", referenceIn: "superview", get: { (view: View) in view.superview })
                c.property("window") { (view: View) in view.window }
                c.property("hidden", storedIn: "isHidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
                c.property(
                    "alpha", storedIn: "alpha", get: { $0.alpha },
                    set: { $0.alpha = min(1, max(0, try GeometryCheck.finite($1, "alpha"))) })
                c.property(
                    "backgroundColor", referenceIn: "backgroundColor", get: { $0.backgroundColor },
                    set: { $0.backgroundColor = $1 })
                c.property("clipsToBounds", stored: \.clipsToBounds, set: { $0.clipsToBounds = $1 })
                c.property(
                    "userInteractionEnabled", stored: \.isUserInteractionEnabled,
                    set: { $0.isUserInteractionEnabled = $1 })
                c.property("autoresizingMask", stored: \.autoresizingMask, set: { $0.autoresizingMask = $1 })
                c.property("autoresizesSubviews", stored: \.autoresizesSubviews, set: { $0.autoresizesSubviews = $1 })
                c.property("tag", stored: \.tag, set: { $0.tag = $1 })
                addAccessibility(to: c)
                c.property("contentMode", stored: \.contentMode, set: { $0.contentMode = $1 })
                c.property("opaque", stored: \.isOpaque, set: { $0.isOpaque = $1 })
                c.property("exclusiveTouch", get: { $0.isExclusiveTouch }, set: { $0.isExclusiveTouch = $1 })
                c.property(
                    "multipleTouchEnabled", get: { $0.isMultipleTouchEnabled }, set: { $0.isMultipleTouchEnabled = $1 })
                // nil goes back to the inherited tint, as in UIKit
                c.property("tintColor", get: { view -> Color? in view.tintColor }, set: { $0.ownTintColor = $1 })
                c.method("addSubview") { (view: View, subview: View) in try view.addSubview(subview) }
                c.method("insertSubview_atIndex") { (view: View, subview: View, index: Int) in
                    try view.insertSubview(subview, at: index)
                }
                c.method("removeFromSuperview") { (view: View) in view.removeFromSuperview() }
                c.method("bringSubviewToFront") { (view: View, subview: View) in
                    if subview.superview === view { try view.insertSubview(subview, at: view.subviews.count) }
                }
                c.method("sendSubviewToBack") { (view: View, subview: View) in
                    if subview.superview === view { try view.insertSubview(subview, at: 0) }
                }
                c.property(
                    "gestureRecognizers", get: { $0.gestureRecognizers },
                    set: { (view: View, recognizers: [GestureRecognizer]?) in
                        view.setGestureRecognizers(recognizers ?? [])
                    }
                )
                c.method("addGestureRecognizer") { (view: View, recognizer: GestureRecognizer) in
                    view.addGestureRecognizer(recognizer)
                }
                c.method("removeGestureRecognizer") { (view: View, recognizer: GestureRecognizer) in
                    view.removeGestureRecognizer(recognizer)
                }
                c.property("interactions") { (view: View) in view.interactions }
                c.method("addInteraction") { (view: View, interaction: ContextMenuInteraction) in
                    view.addInteraction(interaction)
                }
                c.method("removeInteraction") { (view: View, interaction: ContextMenuInteraction) in
                    view.removeInteraction(interaction)
                }
                c.method("viewWithTag") { (view: View, tag: Int) in view.viewWithTag(tag) }
                c.method("isDescendantOfView") { (view: View, other: View) in view.isDescendant(of: other) }
                c.method("setNeedsLayout") { (view: View) in view.setNeedsLayout() }
                c.method("setNeedsDisplay") { (view: View) in view.setNeedsDisplay() }
                c.method("setNeedsDisplayInRect") { (view: View, _: CGRect) in view.setNeedsDisplay() }
                // The view's own content, into UIGraphicsGetCurrentContext(); UIView draws nothing.
                c.method("drawRect", overridable: true) { (_: View, _: CGRect) in }
                c.method("layoutIfNeeded") { (view: View) in
                    try view.layoutIfNeeded(screenScale: environment.screen.profile.scale)
                }
                c.method("endEditing") { (view: View, force: Bool) in try view.endEditing(force: force) }
                c.method("layoutSubviews", overridable: true) { (view: View) in try view.layoutSubviews() }
                c.property("traitCollection") { (view: View) in view.traitCollection }
                c.property(
                    "overrideUserInterfaceStyle", get: { $0.overrideUserInterfaceStyle.rawValue },
                    set: { view, style in
                        try view.setOverrideUserInterfaceStyle(
                            try TraitCollection.Script.style(style, "UIView.overrideUserInterfaceStyle"))
                    })
                c.method("traitCollectionDidChange", overridable: true) { (_: View, _: TraitCollection?) in }
                c.method("sizeThatFits", overridable: true) { (view: View, size: CGSize) in
                    view.sizeThatFits(try GeometryCheck.size(size, "size"))
                }
                c.method("sizeToFit") { (view: View) in
                    view.frame = CGRect(origin: view.frame.origin, size: try view.fittingSize(view.bounds.size))
                }
                c.method("pointInside_withEvent", overridable: true) { (view: View, point: CGPoint, _: BridgeObject?) in
                    view.point(inside: try GeometryCheck.point(point, "point"))
                }
                c.method("hitTest_withEvent", overridable: true) { (view: View, point: CGPoint, _: BridgeObject?) in
                    try view.nativeHitTest(try GeometryCheck.point(point, "point"))
                }
                c.method("convertPoint_toView") { (view: View, point: CGPoint, other: View?) in
                    try view.convert(try GeometryCheck.point(point, "point"), to: other)
                }
                c.method("convertPoint_fromView") { (view: View, point: CGPoint, other: View?) in
                    try (other ?? view.rootView).convert(try GeometryCheck.point(point, "point"), to: view)
                }
                c.method("convertRect_toView") { (view: View, rect: CGRect, other: View?) in
                    try view.convert(try GeometryCheck.rect(rect, "rect"), to: other)
                }
                c.enumeration("Autoresizing", module: "UIKit.UIView", Autoresizing.members)
                c.enumeration("ContentMode", module: "UIKit.UIView", ImageView.contentModes)
                c.enumeration(
                    cType: "UIViewAnimationOptions", constants: "UIViewAnimationOption", module: "UIKit.UIView",
                    aliases: ["AnimationOptions"], animationOptions)
                c.enumeration(
                    cType: "UIViewAnimationCurve", constants: "UIViewAnimationCurve", module: "UIKit.UIView",
                    [("EaseInOut", 0), ("EaseIn", 1), ("EaseOut", 2), ("Linear", 3)])
            }
        }

        /// UIViewAnimationOptions, as UIView.h declares them.
        static let animationOptions: [(String, Int)] = [
            ("LayoutSubviews", 1 << 0), ("AllowUserInteraction", 1 << 1), ("BeginFromCurrentState", 1 << 2),
            ("Repeat", 1 << 3), ("Autoreverse", 1 << 4), ("OverrideInheritedDuration", 1 << 5),
            ("OverrideInheritedCurve", 1 << 6), ("AllowAnimatedContent", 1 << 7), ("ShowHideTransitionViews", 1 << 8),
            ("OverrideInheritedOptions", 1 << 9), ("CurveEaseInOut", 0 << 16), ("CurveEaseIn", 1 << 16),
            ("CurveEaseOut", 2 << 16), ("CurveLinear", 3 << 16), ("TransitionNone", 0 << 20),
            ("TransitionFlipFromLeft", 1 << 20), ("TransitionFlipFromRight", 2 << 20), ("TransitionCurlUp", 3 << 20),
            ("TransitionCurlDown", 4 << 20), ("TransitionCrossDissolve", 5 << 20), ("TransitionFlipFromTop", 6 << 20),
            ("TransitionFlipFromBottom", 7 << 20), ("PreferredFramesPerSecondDefault", 0),
            ("PreferredFramesPerSecond60", 3 << 24), ("PreferredFramesPerSecond30", 7 << 24),
        ]
    }
}

extension View.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [View.accessibilityModule] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
