import Foundation
import HeadlessUI
import Rendering
import Testing

/// Attributed text as the text engine draws it: each run in its colour, with its background,
/// lines, shadow and attachments, in labels, text views and buttons, light and dark.
@Suite struct AttributedTextDrawingTests {
    /// The screen with a label at (20, 100), 335 x 80, of one line showing `runs`: Lua pairs of a
    /// string and its attributes, appended in order, after `setup` ran.
    private func label(
        _ runs: String, _ appearance: UserInterfaceStyle = .light, setup: String = ""
    ) throws -> PixelImage {
        try ControllerScreen.render(
            appearance,
            """
            \(setup)
            local text = objc.NSMutableAttributedString:new()
            for _, run in ipairs { \(runs) } do
                text:appendAttributedString(objc.NSAttributedString:newWithString_attributes(run[1], run[2]))
            end
            local label = objc.UILabel:newWithFrame(struct.CGRect(20, 100, 335, 80))
            label.attributedText = text
            controller.view:addSubview(label)
            """)
    }

    /// How many pixels of `rect` (in points) pass `test`.
    private func count(_ image: PixelImage, _ rect: CGRect, _ test: ([Int]) -> Bool) -> Int {
        var found = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where test(image.pixel(x: x, y: y).prefix(3).map(Int.init))
            {
                found += 1
            }
        }
        return found
    }

    private func red(_ c: [Int]) -> Bool { c[0] > 200 && c[1] < 80 && c[2] < 80 }
    private func blue(_ c: [Int]) -> Bool { c[2] > 200 && c[0] < 80 && c[1] < 80 }
    private func dark(_ c: [Int]) -> Bool { c.allSatisfy { $0 < 100 } }

    @Test func eachRunIsDrawnInItsColour() throws {
        let image = try label(
            """
            { "MMMM", { NSFont = objc.UIFont:boldSystemFontOfSize(40), NSColor = objc.UIColor.redColor } },
            { "MMMM", { NSFont = objc.UIFont:boldSystemFontOfSize(40), NSColor = objc.UIColor.blueColor } }
            """)
        // Four bold Ms at 40 points are some 150 points wide.
        let left = CGRect(x: 20, y: 100, width: 120, height: 80)
        let right = CGRect(x: 190, y: 100, width: 120, height: 80)
        #expect(count(image, left, red) > 1000)
        #expect(count(image, left, blue) == 0)
        #expect(count(image, right, blue) > 1000)
        #expect(count(image, right, red) == 0)
    }

    @Test func underlinesStrikethroughsAndBackgroundsCoverTheirRuns() throws {
        // Spaces have no ink of their own: what is drawn over them is the run's. (A strikethrough
        // spans its run's ink, from the first H to the last, as Pango draws it.)
        let image = try label(
            """
            { "A", {} },
            { "                    ", { NSUnderline = 1 } },
            { "B", {} },
            { "H                    H", { NSStrikethrough = 1, NSBackgroundColor = objc.UIColor.yellowColor } },
            { "C", {} }
            """)
        let underlined = CGRect(x: 40, y: 100, width: 60, height: 80)
        let struck = CGRect(x: 150, y: 100, width: 60, height: 80)
        let yellow = { (c: [Int]) in c[0] > 240 && c[1] > 240 && c[2] < 30 }
        // A line under a point thick, at a fraction of a pixel, is two half-dark rows.
        let line = { (c: [Int]) in c[0] < 160 && c[1] < 160 }
        #expect(count(image, underlined, line) > 100, "an underline")
        #expect(count(image, underlined, yellow) == 0)
        #expect(count(image, struck, yellow) > 2000, "the background behind the run")
        #expect(count(image, struck, line) > 100, "a strikethrough")
        // The strikethrough is higher than the underline: it crosses the middle of the line.
        let underlineRow = firstRow(image, underlined, line) ?? 0
        let strikeRow = firstRow(image, struck, line) ?? 0
        #expect(strikeRow > 0 && strikeRow < underlineRow - 6, "rows \(strikeRow) and \(underlineRow)")
    }

    private func firstRow(_ image: PixelImage, _ rect: CGRect, _ test: ([Int]) -> Bool) -> Int? {
        (Int(rect.minY * 2)..<Int(rect.maxY * 2)).first { y in
            (Int(rect.minX * 2)..<Int(rect.maxX * 2)).contains {
                test(image.pixel(x: $0, y: y).prefix(3).map(Int.init))
            }
        }
    }

    @Test func aShadowFallsUnderItsRunOnly() throws {
        let image = try label(
            """
            { "MMM", { NSFont = objc.UIFont:boldSystemFontOfSize(30), NSShadow = shadow } },
            { "MMM", { NSFont = objc.UIFont:boldSystemFontOfSize(30) } }
            """,
            setup: """
                shadow = objc.NSShadow:new()
                shadow.shadowOffset = { width = 0, height = 30 }
                shadow.shadowColor = objc.UIColor.redColor
                """)
        // The runs are centred in 80 points: their shadow is 30 points lower, below them.
        let underFirst = CGRect(x: 20, y: 150, width: 80, height: 40)
        let underSecond = CGRect(x: 120, y: 150, width: 80, height: 40)
        #expect(count(image, underFirst, red) > 300)
        #expect(count(image, underSecond, red) == 0)
    }

    @Test func anAttachmentTakesTheTextsColourAndFlowsInTheLine() throws {
        let image = try ControllerScreen.render(
            .light,
            """
            local attachment = objc.NSTextAttachment:new()
            attachment.image = objc.UIImage:systemImageNamed("star.fill")
            attachment.bounds = struct.CGRect(0, 0, 40, 40)
            local text = objc.NSMutableAttributedString:newWithString_attributes("I",
                { NSFont = objc.UIFont:systemFontOfSize(30), NSColor = objc.UIColor.blueColor })
            local star = objc.NSMutableAttributedString:newWithAttributedString(
                objc.NSAttributedString:attributedStringWithAttachment(attachment))
            star:addAttribute_value_range("NSColor", objc.UIColor.redColor, { location = 0, length = 1 })
            text:appendAttributedString(star)
            local label = objc.UILabel:newWithFrame(struct.CGRect(20, 100, 335, 80))
            label.attributedText = text
            controller.view:addSubview(label)
            """)
        // "I" is some 8 points wide: the star follows it, 40 points square, red.
        #expect(count(image, CGRect(x: 26, y: 100, width: 50, height: 80), red) > 1500)
        #expect(count(image, CGRect(x: 80, y: 100, width: 200, height: 80), red) == 0)
    }

    @Test func systemColoursInRunsFollowTheAppearance() throws {
        let runs = """
            { "MMMM", { NSFont = objc.UIFont:boldSystemFontOfSize(40), NSColor = objc.UIColor.labelColor } }
            """
        let white = { (c: [Int]) in c.allSatisfy { $0 > 240 } }
        let box = CGRect(x: 20, y: 100, width: 150, height: 80)
        #expect(count(try label(runs, .dark), box, white) > 1000, "white text on black")
        #expect(count(try label(runs, .light), box, dark) > 1000, "black text on white")
    }
}
