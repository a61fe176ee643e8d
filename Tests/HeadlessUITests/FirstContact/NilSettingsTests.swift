import HeadlessUI
import LuaRuntime
import Testing

/// Properties that UIKit declares nullable take nil from a script, as on a device: text
/// becomes empty, a list of items or layers becomes empty.
@Suite struct NilSettingsTests {
    @Test(arguments: [
        ("objc.UITextField:new()", "text", "return #object.text"),
        ("objc.UITextView:new()", "text", "return #object.text"),
        ("objc.UIToolbar:new()", "items", "return #(object.items or {})"),
        ("objc.UITabBar:new()", "items", "return #(object.items or {})"),
        ("objc.UITabBarController:new()", "viewControllers", "return #(object.viewControllers or {})"),
        ("objc.CAGradientLayer:new()", "colors", "return #(object.colors or {})"),
        ("objc.CAKeyframeAnimation:new()", "values", "return #(object.values or {})"),
        ("objc.CAKeyframeAnimation:new()", "timingFunctions", "return #(object.timingFunctions or {})"),
        ("objc.CAAnimationGroup:new()", "animations", "return #(object.animations or {})"),
    ])
    func aNullablePropertyTakesNil(making: String, property: String, count: String) throws {
        let t = try TestWorld()
        try t.run("object = \(making)")
        try t.run("object.\(property) = nil")
        #expect(try t.run(count) == [0], "\(making).\(property) = nil")
    }
}
