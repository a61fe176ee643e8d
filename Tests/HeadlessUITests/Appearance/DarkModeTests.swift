import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Light and dark appearance: system colours resolve from Apple's light and dark values, a
/// dynamic provider chooses per trait collection, and overrides on views, controllers and the
/// device reach `traitCollectionDidChange` of the views whose appearance changed.
@Suite struct DarkModeTests {
    /// A colour's components in 0-255 (alpha in 0-1) resolved in `style`.
    private func resolved(_ t: TestWorld, _ color: String, _ style: String) throws -> [LuaValue] {
        try t.run(
            """
            local traits = objc.UITraitCollection:traitCollectionWithUserInterfaceStyle(objc.UITraitCollection.UserInterfaceStyle.\(style))
            local c = (\(color)):resolvedColorWithTraitCollection(traits).components
            return math.floor(c[1] * 255 + 0.5), math.floor(c[2] * 255 + 0.5), math.floor(c[3] * 255 + 0.5), c[4]
            """)
    }

    @Test func systemColoursResolveToApplesLightAndDarkValues() throws {
        let t = try TestWorld()
        let cases: [(String, [LuaValue], [LuaValue])] = [
            ("labelColor", [0, 0, 0, 1], [255, 255, 255, 1]),
            ("secondaryLabelColor", [60, 60, 67, 0.6], [235, 235, 245, 0.6]),
            ("systemBackgroundColor", [255, 255, 255, 1], [0, 0, 0, 1]),
            ("secondarySystemBackgroundColor", [242, 242, 247, 1], [28, 28, 30, 1]),
            ("tertiarySystemBackgroundColor", [255, 255, 255, 1], [44, 44, 46, 1]),
            ("systemGroupedBackgroundColor", [242, 242, 247, 1], [0, 0, 0, 1]),
            ("secondarySystemGroupedBackgroundColor", [255, 255, 255, 1], [28, 28, 30, 1]),
            ("separatorColor", [60, 60, 67, 0.29], [84, 84, 88, 0.6]),
            ("systemBlueColor", [0, 122, 255, 1], [10, 132, 255, 1]),
            ("systemRedColor", [255, 59, 48, 1], [255, 69, 58, 1]),
            ("systemGray6Color", [242, 242, 247, 1], [28, 28, 30, 1]),
        ]
        for (name, light, dark) in cases {
            #expect(try resolved(t, "objc.UIColor.\(name)", "Light") == light, "\(name) light")
            #expect(try resolved(t, "objc.UIColor.\(name)", "Dark") == dark, "\(name) dark")
        }
        // A fixed colour is the same in both; an unspecified style resolves as light.
        #expect(try resolved(t, "objc.UIColor.whiteColor", "Dark") == [255, 255, 255, 1])
        #expect(try resolved(t, "objc.UIColor.labelColor", "Unspecified") == [0, 0, 0, 1])
        // colorWithAlphaComponent keeps both looks.
        #expect(
            try resolved(t, "objc.UIColor.labelColor:colorWithAlphaComponent(0.5)", "Dark") == [255, 255, 255, 0.5])
    }

    @Test func aDynamicProviderChoosesByTraitsAndIsAskedOncePerStyle() throws {
        let t = try TestWorld()
        try t.run(
            """
            asked = 0
            local Style = objc.UITraitCollection.UserInterfaceStyle
            brand = objc.UIColor:colorWithDynamicProvider(function(traits)
                asked = asked + 1
                if traits.userInterfaceStyle == Style.Dark then return objc.UIColor.systemOrangeColor end
                return objc.UIColor:colorWithRed_green_blue_alpha(0.2, 0.4, 0.6, 1)
            end)
            """)
        #expect(try resolved(t, "brand", "Light") == [51, 102, 153, 1])
        #expect(try resolved(t, "brand", "Dark") == [255, 159, 10, 1])
        #expect(try resolved(t, "brand", "Dark") == [255, 159, 10, 1])
        #expect(try t.run("return asked") == [2])
        // A provider that fails is reported by name; the colour is clear and the host goes on.
        try t.run("broken = objc.UIColor:colorWithDynamicProvider(function() error('no colour') end)")
        #expect(try resolved(t, "broken", "Dark") == [0, 0, 0, 0])
        #expect(
            t.errors.contains { $0.contains("colorWithDynamicProvider") && $0.contains("no colour") }, "\(t.errors)")
        // One that answers with itself is clear, and the host goes on.
        try t.run("looping = objc.UIColor:colorWithDynamicProvider(function() return looping end)")
        #expect(try resolved(t, "looping", "Dark") == [0, 0, 0, 0])
    }

    /// A view tree: `outer` holds `inner`, which holds `kept` (its own light override); each
    /// records the styles `traitCollectionDidChange` saw, before and after.
    private func start() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            seen = {}
            Watching = objc.UIView:createSubclass("Watching")
            function Watching:traitCollectionDidChange(previous)
                seen[#seen + 1] = self.name .. ":" .. previous.userInterfaceStyle .. ">" .. self.traitCollection.userInterfaceStyle
            end
            Style = objc.UITraitCollection.UserInterfaceStyle
            controller = objc.UIViewController:new()
            outer, inner, kept = Watching:new(), Watching:new(), Watching:new()
            outer.name, inner.name, kept.name = "outer", "inner", "kept"
            kept.overrideUserInterfaceStyle = Style.Light
            controller.view:addSubview(outer)
            outer:addSubview(inner)
            inner:addSubview(kept)
            """)
        try t.show(controller: "controller")
        return t
    }

    @Test func aViewsOverrideReachesTheViewsUnderItThatFollowIt() throws {
        let t = try start()
        #expect(try t.run("return inner.traitCollection.userInterfaceStyle") == [1])
        try t.run("outer.overrideUserInterfaceStyle = Style.Dark")
        let styles = try t.run(
            "return outer.traitCollection.userInterfaceStyle, inner.traitCollection.userInterfaceStyle, kept.traitCollection.userInterfaceStyle, table.concat(seen, ' ')"
        )
        #expect(styles == [2, 2, 1, "outer:1>2 inner:1>2"])
        // The same style again changes nothing.
        try t.run("seen = {} outer.overrideUserInterfaceStyle = Style.Dark")
        #expect(try t.run("return #seen") == [0])
        #expect(t.error("outer.overrideUserInterfaceStyle = 7").contains("7 is not a UIUserInterfaceStyle"))
    }

    @Test func aControllersOverrideAndTheDevicesAppearanceReachItsView() throws {
        let t = try start()
        try t.run("controller.overrideUserInterfaceStyle = Style.Dark")
        #expect(
            try t.run("return controller.traitCollection.userInterfaceStyle, inner.traitCollection.userInterfaceStyle")
                == [2, 2])
        try t.run("controller.overrideUserInterfaceStyle = Style.Unspecified seen = {}")
        try t.world.environment.setAppearance(.dark)
        #expect(
            try t.run("return inner.traitCollection.userInterfaceStyle, table.concat(seen, ' ')") == [
                2, "outer:1>2 inner:1>2",
            ])
        // Colours resolve in the drawn view's appearance while it lays out.
        try t.run(
            """
            Probe = objc.UIView:createSubclass("Probe")
            function Probe:layoutSubviews() probed = objc.UIColor.labelColor.components[1] end
            probe = Probe:new()
            outer:addSubview(probe)
            probe:setNeedsLayout()
            """)
        try t.world.layoutPass()
        #expect(try t.run("return probed") == [1])
    }

    /// `simulate.appearance` switches the device in a spec; another name is refused by name.
    @Test func aSpecSwitchesTheAppearance() throws {
        let t = try start()
        try t.run("simulate.appearance('dark')")
        #expect(try t.run("return inner.traitCollection.userInterfaceStyle") == [2])
        #expect(t.error("simulate.appearance('dim')").contains("simulate.appearance expects 'light' or 'dark'"))
    }
}
