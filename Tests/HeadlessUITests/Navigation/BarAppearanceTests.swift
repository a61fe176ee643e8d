import Foundation
import LuaRuntime
import ObjectBridge
import Testing

@testable import HeadlessUI

/// The bar appearances as scripts use them: what the three configurations set, bars keeping
/// copies, the standard appearance always there, and bad attributes refused by name.
@Suite struct BarAppearanceTests {
    @Test func theConfigurationsSetTheBackgroundAndTheShadow() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local a = objc.UINavigationBarAppearance:new()
                local default = { a.backgroundEffect.style, a.backgroundColor, a.shadowColor ~= nil }
                a:configureWithOpaqueBackground()
                local opaque = { a.backgroundEffect, a.backgroundColor ~= nil, a.shadowColor ~= nil }
                a:configureWithTransparentBackground()
                return default[1], default[2], default[3], opaque[1], opaque[2], opaque[3], a.backgroundColor, a.shadowColor
                """) == [10, nil, true, nil, true, true, nil, nil])
    }

    @Test func barsKeepCopiesAndAlwaysHaveAStandardAppearance() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local bar = objc.UINavigationBar:new()
                local standard = bar.standardAppearance
                local again = bar.standardAppearance
                local mine = objc.UINavigationBarAppearance:new()
                mine.backgroundColor = objc.UIColor.redColor
                bar.scrollEdgeAppearance = mine
                mine.backgroundColor = objc.UIColor.blueColor
                local tabs = objc.UITabBar:new()
                local items = objc.UITabBarItemAppearance:new()
                items.selected.iconColor = objc.UIColor.greenColor
                local look = objc.UITabBarAppearance:new()
                look.stackedLayoutAppearance = items
                items.selected.iconColor = objc.UIColor.redColor
                return standard == again, bar.scrollEdgeAppearance ~= mine,
                    bar.scrollEdgeAppearance.backgroundColor == objc.UIColor.redColor, bar.compactAppearance,
                    tabs.standardAppearance ~= nil, look.stackedLayoutAppearance.selected.iconColor == objc.UIColor.greenColor
                """) == [true, true, true, nil, true, true])
    }

    @Test func aBadAttributeIsRefusedByName() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.UINavigationBarAppearance:new().titleTextAttributes = { NSColor = 3 }")
                .contains("the attribute NSColor must be a UIColor"))
        #expect(
            t.error(
                "objc.UITabBarAppearance:new().stackedLayoutAppearance.normal.titleTextAttributes = { NSFont = 'x' }"
            )
            .contains("the attribute NSFont must be a UIFont"))
    }
}
