import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIButtonConfiguration: the sizes' insets and fonts, the content's arrangement, the styles'
/// colours by state, copies, the update handler, Dynamic Type, and bad values.
@Suite struct ButtonConfigurationTests {
    /// A screen with `button` made from `configure`, a Lua chunk that sets up `configuration`
    /// (a filled one unless it makes another), then shown at (20, 100) at its fitting size.
    func world(_ configure: String = "", category: String? = nil) throws -> TestWorld {
        let t = try TestWorld()
        if let category { try t.run("simulate.contentSizeCategory('\(category)')") }
        try t.run(
            """
            configuration = objc.UIButtonConfiguration:filledButtonConfiguration()
            configuration.title = "Continue"
            \(configure)
            button = objc.UIButton:buttonWithConfiguration_primaryAction(configuration, nil)
            controller = objc.UIViewController:new()
            controller.view:addSubview(button)
            function place()
                local size = button:sizeThatFits(struct.CGSize(0, 0))
                button.frame = struct.CGRect(20, 100, size.width, size.height)
                button:layoutIfNeeded()
                return size
            end
            place()
            -- What a 17-point body title measures on its own.
            probe = objc.UILabel:new()
            probe.font = objc.UIFont:preferredFontForTextStyle("UICTFontTextStyleBody")
            function same(a, b)
                if a == nil or b == nil then return a == b end
                local x, y = a.components, b.components
                for i = 1, 4 do if x[i] ~= y[i] then return false end end
                return true
            end
            """)
        try t.show()
        return t
    }

    @Test func aMediumButtonIsItsTitlePlusUIKitsSevenAndTwelvePointInsets() throws {
        let t = try world()
        let result = try t.run(
            """
            probe.text = "Continue"
            local title = probe:sizeThatFits(struct.CGSize(0, 0))
            local size = place()
            local insets = configuration.contentInsets
            return size.width - title.width, size.height - title.height, insets.top, insets.leading,
                button.titleLabel.frame.origin.x, button.titleLabel.frame.origin.y
            """)
        #expect(result == [24, 14, 7, 12, 12, 7])
    }

    @Test func theSizeSetsInsetsAndFontsUntilTheScriptChoosesInsets() throws {
        let t = try world()
        #expect(
            try t.run(
                """
                local c = objc.UIButtonConfiguration:plainButtonConfiguration()
                local sizes = {}
                for _, size in ipairs { 1, 2, 3 } do
                    c.buttonSize = size
                    sizes[#sizes + 1] = string.format("%g/%g", c.contentInsets.top, c.contentInsets.leading)
                end
                c.contentInsets = { top = 1, leading = 2, bottom = 3, trailing = 4 }
                c.buttonSize = 0
                local kept = c.contentInsets.trailing
                c:setDefaultContentInsets()
                return table.concat(sizes, " "), kept, c.contentInsets.top
                """) == ["5/10 3/8 14/20", 4, 7])
        try t.run("configuration.buttonSize = 1 button.configuration = configuration place()")
        #expect(try t.run("return button.titleLabel.font.pointSize") == [15])
    }

    @Test func theImageStandsBesideOrAboveTheTextWithItsPadding() throws {
        let t = try world(
            """
            local UIGraphics = require "UIKit.UIGraphics"
            UIGraphics.BeginImageContextWithOptions({ width = 20, height = 30 }, false, 1)
            configuration.image = UIGraphics.GetImageFromCurrentImageContext()
            UIGraphics.EndImageContext()
            configuration.imagePadding = 8
            """)
        let beside = try t.run(
            """
            local image, title = button.imageView.frame, button.titleLabel.frame
            return image.origin.x, image.origin.y, title.origin.x - (image.origin.x + image.size.width),
                button.frame.size.height - 14
            """)
        // The image is the tallest part: it sets the height, and the title is centred beside it.
        #expect(beside == [12, 7, 8, 30])
        try t.run("configuration.imagePlacement = 1 button.configuration = configuration place()")
        let above = try t.run(
            """
            local image, title = button.imageView.frame, button.titleLabel.frame
            return image.origin.y, title.origin.y - (image.origin.y + image.size.height),
                math.abs((image.origin.x + image.size.width / 2) - (title.origin.x + title.size.width / 2)) < 1
            """)
        #expect(above == [7, 8, true])
        #expect(
            try t.run(
                """
                configuration.imagePlacement = 8 button.configuration = configuration place()
                return button.imageView.frame.origin.x - (button.titleLabel.frame.origin.x + button.titleLabel.frame.size.width)
                """) == [8])
    }

    @Test func aSubtitleSitsUnderTheTitleInItsSmallerFontCentredWithoutAnImage() throws {
        let t = try world("configuration.subtitle = 'Three items, 12 points' configuration.titlePadding = 4")
        let result = try t.run(
            """
            local title, subtitle = button.titleLabel.frame, button.subviews[#button.subviews].frame
            return subtitle.origin.y - (title.origin.y + title.size.height),
                button.subviews[#button.subviews].font.pointSize,
                math.abs((title.origin.x + title.size.width / 2) - (subtitle.origin.x + subtitle.size.width / 2)) < 1,
                button.frame.size.height == title.size.height + 4 + subtitle.size.height + 14
            """)
        #expect(result == [4, 15, true, true])
        try t.run("configuration.titleAlignment = 1 button.configuration = configuration place()")
        #expect(
            try t.run("return button.titleLabel.frame.origin.x == button.subviews[#button.subviews].frame.origin.x")
                == [true])
        try t.run("configuration.subtitle = nil button.configuration = configuration place()")
        #expect(try t.run("return button.subviews[#button.subviews] == button.titleLabel") == [true])
    }

    @Test func stylesColourTheTitleByState() throws {
        let t = try world()
        // Filled: white on the tint. Tinted and plain: the tint.
        #expect(try t.run("return same(button.titleLabel.textColor, objc.UIColor.whiteColor)") == [true])
        try t.run(
            """
            button.configuration = objc.UIButtonConfiguration:tintedButtonConfiguration()
            button:layoutIfNeeded()
            """)
        #expect(try t.run("return same(button.titleLabel.textColor, button.tintColor)") == [true])
        try t.run("button.enabled = false button:layoutIfNeeded()")
        #expect(try t.run("return same(button.titleLabel.textColor, objc.UIColor.tertiaryLabelColor)") == [true])
        try t.run(
            """
            button.enabled = true
            local c = button.configuration
            c.baseForegroundColor = objc.UIColor.systemPinkColor
            button.configuration = c
            button:layoutIfNeeded()
            """)
        #expect(try t.run("return same(button.titleLabel.textColor, objc.UIColor.systemPinkColor)") == [true])
    }

    @Test func theConfigurationReadIsACopyUntilItIsSetBack() throws {
        let t = try world()
        let result = try t.run(
            """
            local c = button.configuration
            c.title = "Changed"
            button:layoutIfNeeded()
            local before = button.titleLabel.text
            button.configuration = c
            button:layoutIfNeeded()
            return before, button.titleLabel.text, button.configuration ~= button.configuration
            """)
        #expect(result == ["Continue", "Changed", true])
    }

    @Test func copiesKeepTheirOwnBackgroundAndInsets() throws {
        let t = try world()
        let result = try t.run(
            """
            local c = objc.UIButtonConfiguration:grayButtonConfiguration()
            c.contentInsets = { top = 1, leading = 2, bottom = 3, trailing = 4 }
            c.buttonSize = 3
            c.background.cornerRadius = 9
            local d = c:copy()
            d.background.cornerRadius = 3
            local e = d:copy()
            button.configuration = e
            local read = button.configuration
            read.background.backgroundColor = objc.UIColor.redColor
            return c.background.cornerRadius, d.background.cornerRadius, e.background.cornerRadius,
                d.contentInsets.trailing, button.configuration.background.backgroundColor == nil
            """)
        #expect(result == [9, 3, 3, 4, true])
    }

    @Test func theUpdateHandlerRunsForEachStateAndMaySetTheConfiguration() throws {
        let t = try world()
        try t.run(
            """
            calls = 0
            button.configurationUpdateHandler = function(b)
                calls = calls + 1
                local c = b.configuration
                c.title = b.selected and "Selected" or "Continue"
                b.configuration = c
            end
            button:layoutIfNeeded()
            button.selected = true
            button:layoutIfNeeded()
            button:layoutIfNeeded()
            sentinel = true
            """)
        #expect(try t.run("return sentinel, calls, button.titleLabel.text") == [true, 2, "Selected"])
        try t.run("button.selected = false button:setNeedsUpdateConfiguration() button:layoutIfNeeded()")
        #expect(try t.run("return calls, button.titleLabel.text") == [3, "Continue"])
    }

    @Test func aFailingHandlerIsReportedAndTheButtonKeepsItsContent() throws {
        let t = try world()
        try t.run(
            """
            button.configurationUpdateHandler = function(b) error("no title today") end
            button:layoutIfNeeded()
            sentinel = true
            """)
        #expect(try t.run("return sentinel, button.titleLabel.text") == [true, "Continue"])
        #expect(t.errors.contains { $0.contains("configurationUpdateHandler") && $0.contains("no title today") })
    }

    @Test func cornersFollowTheCornerStyle() throws {
        let plain = ButtonConfiguration(style: .filled, category: .large)
        let size = CGSize(width: 120, height: 40)
        #expect(plain.cornerRadius(in: size) == 6)
        plain.cornerStyle = .capsule
        #expect(plain.cornerRadius(in: size) == 20)
        plain.cornerStyle = .fixed
        #expect(plain.cornerRadius(in: size) == 0)
        plain.background.cornerRadius = 30
        #expect(plain.cornerRadius(in: size) == 20)  // never more than a capsule's
        plain.cornerStyle = .dynamic
        plain.background.cornerRadius = 8
        let larger = ButtonConfiguration(style: .filled, category: .accessibilityMedium)
        larger.background.cornerRadius = 8
        #expect(larger.cornerRadius(in: size) > plain.cornerRadius(in: size))
    }

    @Test func dynamicTypeGrowsTheFontAndTheDefaultInsets() throws {
        let t = try world()
        try t.run("before = place().height")
        #expect(try t.run("return button.titleLabel.font.pointSize") == [17])
        try t.run("simulate.contentSizeCategory('AX1') place()")
        let after = try t.run(
            "return button.titleLabel.font.pointSize, button.configuration.contentInsets.top > 7, button.frame.size.height > before"
        )
        #expect(after == [28, true, true])
    }

    @Test func aTransformerGivesTheTitleItsAttributes() throws {
        let t = try world(
            """
            configuration.titleTextAttributesTransformer = function(attributes)
                attributes.NSFont = objc.UIFont:boldSystemFontOfSize(30)
                return attributes
            end
            """)
        #expect(try t.run("return place().height - 14 > 30") == [true])
        try t.run(
            """
            configuration.titleTextAttributesTransformer = function(attributes) return { NSFont = "Helvetica" } end
            button.configuration = configuration place()
            sentinel = true
            """)
        #expect(try t.run("return sentinel") == [true])
        #expect(t.errors.contains { $0.contains("transformer") && $0.contains("NSFont") })
    }

    @Test func badValuesAreRefusedByName() throws {
        let t = try world()
        #expect(t.error("configuration.imagePlacement = 3").contains("NSDirectionalRectEdge"))
        #expect(t.error("configuration.buttonSize = 9").contains("UIButtonConfigurationSize"))
        #expect(t.error("configuration.cornerStyle = 7").contains("UIButtonConfigurationCornerStyle"))
        #expect(t.error("configuration.titleAlignment = -1").contains("UIButtonConfigurationTitleAlignment"))
        #expect(t.error("configuration.imagePadding = 0/0").contains("imagePadding"))
        #expect(
            t.error("objc.UIButton:buttonWithConfiguration_primaryAction(configuration, objc.NSObject:new())")
                .contains("UIAction"))
    }

    @Test func takingTheConfigurationAwayBringsBackTheLegacyContent() throws {
        let t = try world("configuration.subtitle = 'Sub'")
        try t.run(
            """
            button:setTitle_forState("Legacy", 0)
            button.configuration = nil
            place()
            """)
        #expect(
            try t.run("return button.titleLabel.text, #button.subviews, button.configuration") == ["Legacy", 2, nil])
    }

    @Test func thePreferredSymbolConfigurationDrawsTheSystemImageAgain() throws {
        let t = try world("configuration.image = objc.UIImage:systemImageNamed('heart')")
        let plain = try #require(try t.run("return button.imageView.image.size.width").first?.numberValue)
        try t.run(
            """
            local large = button.configuration
            large.preferredSymbolConfigurationForImage = objc.UIImageSymbolConfiguration:configurationWithPointSize(40)
            button.configuration = large
            place()
            """)
        let large = try #require(try t.run("return button.imageView.image.size.width").first?.numberValue)
        #expect(abs(large - plain * 40 / 17) < 2, "\(plain) at 17 points, \(large) at 40")
        #expect(try t.run("return button.configuration.preferredSymbolConfigurationForImage.pointSize") == [40])
    }

    @Test func theImageColourTransformerColoursTheImage() throws {
        let t = try world(
            """
            configuration.image = objc.UIImage:systemImageNamed('heart')
            configuration.imageColorTransformer = function(color) seen = color return objc.UIColor.systemRedColor end
            """)
        #expect(
            try t.run(
                "return same(button.imageView.tintColor, objc.UIColor.systemRedColor), same(seen, objc.UIColor.whiteColor)"
            )
                == [true, true])
        try t.run(
            """
            local failing = button.configuration
            failing.imageColorTransformer = function() return 3 end
            button.configuration = failing
            button:layoutIfNeeded()
            """)
        #expect(try t.run("return same(button.imageView.tintColor, objc.UIColor.whiteColor)") == [true])
        #expect(t.errors.contains { $0.contains("image colour transformer") })
    }

    /// iOS 15's `showsActivityIndicator`: a medium spinner (20 points) turns in the image's
    /// place, padded from the title, in the foreground colour; turned off, the image is back.
    @Test func anActivityIndicatorSpinsInTheImagesPlace() throws {
        let t = try world(
            """
            configuration.image = objc.UIImage:systemImageNamed("star")
            configuration.imagePadding = 6
            configuration.showsActivityIndicator = true
            """)
        let spinner = "button.subviews[#button.subviews]"
        #expect(
            try t.run(
                """
                local spinner = \(spinner)
                local frame, title = spinner.frame, button.titleLabel.frame
                return spinner:isKindOfClass(objc.UIActivityIndicatorView), spinner.animating, button.imageView.hidden,
                    frame.size.width, title.origin.x - (frame.origin.x + frame.size.width),
                    same(spinner.color, objc.UIColor.whiteColor)
                """) == [true, true, true, 20, 6, true])
        try t.run("configuration.showsActivityIndicator = false button.configuration = configuration place()")
        #expect(
            try t.run("return button.imageView.hidden, \(spinner):isKindOfClass(objc.UIActivityIndicatorView)")
                == [false, false])
    }
}
