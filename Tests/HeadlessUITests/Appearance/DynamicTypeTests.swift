import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Dynamic Type: the text styles' point sizes per content size category, from Apple's
/// Typography tables; `UIFontMetrics`; and fonts that follow a change of category.
@Suite struct DynamicTypeTests {
    private static let prelude = """
        Descriptor = require "UIKit.UIFontDescriptor"
        Category = require "UIKit.UIContentSizeCategory"
        function preferred(style, category)
            if category then
                local traits = objc.UITraitCollection:traitCollectionWithPreferredContentSizeCategory(Category[category])
                return objc.UIFont:preferredFontForTextStyle_compatibleWithTraitCollection(Descriptor[style], traits)
            end
            return objc.UIFont:preferredFontForTextStyle(Descriptor[style])
        end
        """

    @Test func eachStyleHasApplesSizeAtTheDefaultCategoryAndBodyGrowsWithIt() throws {
        let t = try TestWorld()
        try t.run(Self.prelude)
        let styles: [(String, Double)] = [
            ("UIFontTextStyleLargeTitle", 34), ("UIFontTextStyleTitle1", 28), ("UIFontTextStyleTitle2", 22),
            ("UIFontTextStyleTitle3", 20), ("UIFontTextStyleHeadline", 17), ("UIFontTextStyleBody", 17),
            ("UIFontTextStyleCallout", 16), ("UIFontTextStyleSubheadline", 15), ("UIFontTextStyleFootnote", 13),
            ("UIFontTextStyleCaption1", 12), ("UIFontTextStyleCaption2", 11),
        ]
        for (style, size) in styles {
            #expect(try t.run("return preferred('\(style)').pointSize") == [.number(size)], "\(style)")
        }
        let body: [(String, Double)] = [
            ("UIContentSizeCategoryExtraSmall", 14), ("UIContentSizeCategorySmall", 15),
            ("UIContentSizeCategoryMedium", 16), ("UIContentSizeCategoryLarge", 17),
            ("UIContentSizeCategoryExtraLarge", 19), ("UIContentSizeCategoryExtraExtraLarge", 21),
            ("UIContentSizeCategoryExtraExtraExtraLarge", 23), ("UIContentSizeCategoryAccessibilityMedium", 28),
            ("UIContentSizeCategoryAccessibilityLarge", 33), ("UIContentSizeCategoryAccessibilityExtraLarge", 40),
            ("UIContentSizeCategoryAccessibilityExtraExtraLarge", 47),
            ("UIContentSizeCategoryAccessibilityExtraExtraExtraLarge", 53),
        ]
        for (category, size) in body {
            #expect(
                try t.run("return preferred('UIFontTextStyleBody', '\(category)').pointSize") == [.number(size)],
                "\(category)")
        }
        // The headline is semibold; the body regular.
        #expect(try t.run("return preferred('UIFontTextStyleHeadline').fontName") == [".SFUI-Semibold"])
        #expect(
            t.error("objc.UIFont:preferredFontForTextStyle('UICTFontTextStyleHuge')").contains(
                "\"UICTFontTextStyleHuge\" is not a UIFontTextStyle"))
    }

    @Test func fontMetricsScaleAFontAndAValueAsTheirStyle() throws {
        let t = try TestWorld()
        try t.run(Self.prelude)
        try t.run("simulate.contentSizeCategory('xxxLarge')")
        let values = try t.run(
            """
            local metrics = objc.UIFontMetrics.defaultMetrics
            local custom = metrics:scaledFontForFont(objc.UIFont:fontWithName_size("Avenir Next", 20))
            local capped = metrics:scaledFontForFont_maximumPointSize(objc.UIFont:systemFontOfSize(20), 24)
            local title = objc.UIFontMetrics:metricsForTextStyle(Descriptor.UIFontTextStyleTitle1)
            return custom.pointSize, capped.pointSize, metrics:scaledValueForValue(17), title:scaledValueForValue(28),
                objc.UIApplication.sharedApplication.preferredContentSizeCategory
            """)
        #expect(values == [.number(20 * (23.0 / 17)), 24, 23, 34, "UICTContentSizeCategoryXXXL"])
    }

    /// A label whose preferred font adjusts follows a change of category; one that does not
    /// keeps its size; the views hear of it and the notification goes out.
    @Test func fontsThatAdjustFollowTheCategory() throws {
        let t = try TestWorld()
        try t.run(Self.prelude)
        try t.run(
            """
            controller = objc.UIViewController:new()
            adjusting, fixed = objc.UILabel:new(), objc.UILabel:new()
            adjusting.font = preferred("UIFontTextStyleBody")
            adjusting.adjustsFontForContentSizeCategory = true
            fixed.font = preferred("UIFontTextStyleBody")
            controller.view:addSubview(adjusting)
            controller.view:addSubview(fixed)
            scaled = objc.UITextField:new()
            scaled.font = objc.UIFontMetrics.defaultMetrics:scaledFontForFont(objc.UIFont:systemFontOfSize(20))
            scaled.adjustsFontForContentSizeCategory = true
            controller.view:addSubview(scaled)
            heard = nil
            Observer = objc.NSObject:createSubclass("Observer")
            function Observer:changed(note) heard = note.name end
            Observer:declareActionMethod "changed"
            observer = Observer:new()
            objc.NSNotificationCenter.defaultCenter:addObserver_selector_name_object(
                observer, "changed", "UIContentSizeCategoryDidChangeNotification", nil)
            """)
        try t.show(controller: "controller")
        try t.run("simulate.contentSizeCategory('AX1')")
        #expect(
            try t.run(
                "return adjusting.font.pointSize, fixed.font.pointSize, scaled.font.pointSize, heard, adjusting.traitCollection.preferredContentSizeCategory"
            ) == [
                28, 17, .number(20 * (28.0 / 17)), "UIContentSizeCategoryDidChangeNotification",
                "UICTContentSizeCategoryAccessibilityM",
            ])
        #expect(t.error("simulate.contentSizeCategory('huge')").contains("'huge' is not a content size category"))
    }

    /// List content configurations take their text styles' sizes at the device's category, and
    /// the labels that show them follow a change.
    @Test func listConfigurationsFollowTheCategory() throws {
        var profile = DeviceProfile.phone
        profile.contentSizeCategory = .accessibilityLarge
        let t = try TestWorld(profile: profile)
        try t.run(
            """
            local Configuration = objc.UIListContentConfiguration
            local cell = Configuration:cellConfiguration()
            cell.text = "Row"
            controller = objc.UIViewController:new()
            content = objc.UITableViewCell:new():defaultContentConfiguration()
            footer = Configuration:groupedFooterConfiguration()
            list = objc.UICollectionViewListCell:new()
            list.contentConfiguration = cell
            list.frame = struct.CGRect(0, 100, 375, 44)
            controller.view:addSubview(list)
            """)
        try t.show(controller: "controller")
        // AX2: the body is 33 points, the footnote 27.
        #expect(
            try t.run("return content.textProperties.font.pointSize, footer.textProperties.font.pointSize") == [33, 27])
        try t.run("simulate.contentSizeCategory('xxxLarge')")
        #expect(
            try t.run(
                """
                local function find(view)
                    if view.text == "Row" then return view end
                    for _, child in ipairs(view.subviews) do
                        local found = find(child)
                        if found then return found end
                    end
                end
                return find(list).font.pointSize
                """) == [23])
    }
}
