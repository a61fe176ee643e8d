import Foundation
import ObjectBridge

extension SegmentedControl {
    /// Scripts' view of `SegmentedControl`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UISegmentedControl", superclass: "UIControl", type: SegmentedControl.self,
                allocate: { SegmentedControl(environment: environment) }
            ) { c in
                c.method("initWithItems", overridable: true) {
                    (control: SegmentedControl, items: [AnyScriptValue]?) -> SegmentedControl in
                    for (index, item) in (items ?? []).enumerated() {
                        control.insert(try segment(from: item, at: index), at: index)
                    }
                    control.frame = CGRect(origin: control.frame.origin, size: control.intrinsicContentSize)
                    return control
                }
                c.property("numberOfSegments") { (control: SegmentedControl) in control.numberOfSegments }
                c.property(
                    "selectedSegmentIndex", get: { $0.selectedSegmentIndex }, set: { try $0.select($1) })
                c.property("momentary", get: { $0.isMomentary }, set: { $0.isMomentary = $1 })
                c.property(
                    "apportionsSegmentWidthsByContent", get: { $0.apportionsSegmentWidthsByContent },
                    set: { $0.apportionsSegmentWidthsByContent = $1 })
                c.property(
                    "selectedSegmentTintColor", get: { $0.selectedSegmentTintColor },
                    set: { $0.selectedSegmentTintColor = $1 })
                c.method("insertSegmentWithTitle_atIndex_animated") {
                    (control: SegmentedControl, title: String?, index: Int, _: Bool) in
                    control.insert(Segment(title: title), at: index)
                }
                c.method("insertSegmentWithImage_atIndex_animated") {
                    (control: SegmentedControl, image: Image?, index: Int, _: Bool) in
                    control.insert(Segment(image: image), at: index)
                }
                c.method("removeSegmentAtIndex_animated") { (control: SegmentedControl, index: Int, _: Bool) in
                    try control.removeSegment(at: index)
                }
                c.method("removeAllSegments") { (control: SegmentedControl) in control.removeAllSegments() }
                c.method("setTitle_forSegmentAtIndex") { (control: SegmentedControl, title: String?, index: Int) in
                    try control.setTitle(title, at: index)
                }
                c.method("titleForSegmentAtIndex") { (control: SegmentedControl, index: Int) in
                    try control.segment(at: index).title
                }
                c.method("setImage_forSegmentAtIndex") { (control: SegmentedControl, image: Image?, index: Int) in
                    try control.setImage(image, at: index)
                }
                c.method("imageForSegmentAtIndex") { (control: SegmentedControl, index: Int) in
                    try control.segment(at: index).image
                }
                c.method("setEnabled_forSegmentAtIndex") { (control: SegmentedControl, enabled: Bool, index: Int) in
                    try control.setEnabled(enabled, at: index)
                }
                c.method("isEnabledForSegmentAtIndex") { (control: SegmentedControl, index: Int) in
                    try control.segment(at: index).isEnabled
                }
                c.method("setWidth_forSegmentAtIndex") { (control: SegmentedControl, width: Double, index: Int) in
                    try control.setWidth(width, at: index)
                }
                c.method("widthForSegmentAtIndex") { (control: SegmentedControl, index: Int) in
                    try control.segment(at: index).width
                }
            }
        }

        /// An item of `initWithItems`: a title or an image.
        private static func segment(from item: AnyScriptValue, at index: Int) throws -> Segment {
            if let title = item.value as? String { return Segment(title: title) }
            if let image = item.value as? Image { return Segment(image: image) }
            throw ScriptValueError(
                "UISegmentedControl initWithItems: item \(index + 1) must be a string or a UIImage, got "
                    + (item.value.map { "\(type(of: $0))" } ?? "nil"))
        }

        /// UISegmentedControl.h's constant.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UISegmentedControl", [("UISegmentedControlNoSegment", .constant(SegmentedControl.noSegment))])
        }
    }
}

extension SegmentedControl.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
