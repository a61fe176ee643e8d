import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// NSAttributedString's runs, as Foundation keeps them, and their layout by the text engine.
@Suite struct AttributedTextTests {
    /// A world with `text`, an attributed string of three runs: "Hello " plain, "big" in the
    /// 30-point system font and red, " world" plain again.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            text = objc.NSMutableAttributedString:newWithString("Hello big world")
            text:addAttributes_range({ NSFont = objc.UIFont:systemFontOfSize(30), NSColor = objc.UIColor.redColor },
                { location = 6, length = 3 })
            """)
        return t
    }

    @Test func effectiveRangesAreTheLongestRuns() throws {
        let t = try world()
        let results = try t.run(
            """
            local attributes, range = text:attributesAtIndex_effectiveRange(7, nil)
            local before, first = text:attributesAtIndex_effectiveRange(0)
            local value, valueRange = text:attribute_atIndex_effectiveRange("NSColor", 10, nil)
            return attributes.NSFont.pointSize, range.location, range.length, before.NSFont == nil,
                first.length, value == nil, valueRange.location, valueRange.length
            """)
        #expect(results == [.number(30), 6, 3, true, 6, true, 9, 6])
    }

    @Test func addingTheSameAttributesAgainMergesRuns() throws {
        let t = try world()
        let results = try t.run(
            """
            text:removeAttribute_range("NSFont", { location = 6, length = 3 })
            text:removeAttribute_range("NSColor", { location = 0, length = text.length })
            local _, range = text:attributesAtIndex_effectiveRange(3)
            local runs = 0
            text:enumerateAttributesInRange_options_usingBlock({ location = 0, length = text.length }, 0,
                function() runs = runs + 1 end)
            return range.length, runs
            """)
        #expect(results == [15, 1])
    }

    @Test func typedCharactersTakeTheAttributesBeforeThem() throws {
        let t = try world()
        let results = try t.run(
            """
            text:replaceCharactersInRange_withString({ location = 9, length = 0 }, "gest")
            local grown, grownRange = text:attributesAtIndex_effectiveRange(10)
            text:replaceCharactersInRange_withString({ location = 0, length = 0 }, ">")
            local first = text:attributesAtIndex_effectiveRange(0)
            text:deleteCharactersInRange { location = 7, length = 7 }
            return text.string, grown.NSFont.pointSize, grownRange.length, first.NSFont == nil, text.length
            """)
        #expect(results == [">Hello  world", .number(30), 7, true, 13])
    }

    @Test func substringsCopiesAndEqualityKeepRuns() throws {
        let t = try world()
        let results = try t.run(
            """
            local piece = text:attributedSubstringFromRange { location = 4, length = 4 }
            local _, range = piece:attributesAtIndex_effectiveRange(2)
            local copy = text:copy()
            local mutable = text:mutableCopy()
            mutable:appendAttributedString(piece)
            return piece.string, range.location, range.length, copy:isEqualToAttributedString(text),
                mutable:isEqualToAttributedString(text), mutable.length, copy.length
            """)
        #expect(results == ["o bi", 2, 2, true, false, 19, 15])
    }

    @Test func badRangesAndValuesAreRefusedByName() throws {
        let t = try world()
        #expect(
            t.error("text:addAttribute_value_range('NSFont', 'Helvetica', { location = 0, length = 1 })")
                .contains("NSFont must be a UIFont, got Helvetica"))
        #expect(
            t.error("text:setAttributes_range({}, { location = 10, length = 10 })")
                .contains("range {10, 10} is outside a string of length 15"))
        #expect(t.error("text:attributesAtIndex_effectiveRange(15)").contains("index 15 is outside"))
        try t.run("emoji = objc.NSMutableAttributedString:newWithString('a😀b')")
        #expect(
            t.error("emoji:addAttribute_value_range('NSKern', 2, { location = 0, length = 2 })")
                .contains("splits the surrogate pair at 1"))
        #expect(try t.run("return text.string, text.length") == [.string("Hello big world"), 15])
    }

    @Test func boundingRectsAddTheRunsWidthsAndStackParagraphs() throws {
        let t = try world()
        let engine = t.world.text
        let results = try t.run(
            """
            local one = text:boundingRectWithSize_options_context({ width = 0, height = 0 }, 1, nil)
            local style = objc.NSMutableParagraphStyle:new()
            style.paragraphSpacing = 10
            style.paragraphSpacingBefore = 4
            local two = objc.NSAttributedString:newWithString_attributes("A\\nB",
                { NSFont = objc.UIFont:systemFontOfSize(17), NSParagraphStyle = style })
            local plain = objc.NSAttributedString:newWithString_attributes("A",
                { NSFont = objc.UIFont:systemFontOfSize(17) })
            local kerned = objc.NSAttributedString:newWithString_attributes("AAAA",
                { NSFont = objc.UIFont:systemFontOfSize(17), NSKern = 5 })
            local unkerned = objc.NSAttributedString:newWithString_attributes("AAAA",
                { NSFont = objc.UIFont:systemFontOfSize(17) })
            local function size(s) return s:boundingRectWithSize_options_context({ width = 0, height = 0 }, 1, nil).size end
            return one.size.width, one.size.height, size(two).height, size(plain).height,
                size(kerned).width - size(unkerned).width
            """)
        let helvetica = try #require(engine.description(forFontNamed: "LiberationSans"))
        let system = Font.systemFaceDescription(size: 30)
        let plainWidth =
            engine.measure("Hello ", face: helvetica, size: 12).size.width
            + engine.measure(" world", face: helvetica, size: 12).size.width
        let big = engine.measure("big", face: system, size: 30).size
        let numbers = results.compactMap(\.numberValue)
        #expect(abs(numbers[0] - (plainWidth + big.width)) < 0.5)
        #expect(abs(numbers[1] - big.height) < 0.5)
        // Two lines and the spacing between them: 10 after the first, 4 before the second.
        #expect(abs(numbers[2] - (2 * numbers[3] + 14)) < 0.01)
        // Between four letters, three spaces of 5 points (UIKit also counts one after the last).
        #expect(abs(numbers[4] - 15) < 0.5)
    }

    @Test func hugeKernsAndOffsetsAreHeldToWhatTheEngineTakes() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local function width(attributes)
                attributes.NSFont = objc.UIFont:systemFontOfSize(17)
                local s = objc.NSAttributedString:newWithString_attributes("ABC", attributes)
                return s:boundingRectWithSize_options_context({ width = 0, height = 0 }, 1, nil).size.width
            end
            local plain = width {}
            return width { NSKern = 1e12 } > plain, width { NSKern = -1e12 } <= plain,
                width { NSBaselineOffset = 1e12 } == plain
            """)
        #expect(results == [true, true, true])
    }

    @Test func indentsNarrowTheLinesAndAlignmentPlacesThem() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local function height(indent)
                local style = objc.NSMutableParagraphStyle:new()
                style.headIndent = indent
                style.firstLineHeadIndent = indent
                local s = objc.NSAttributedString:newWithString_attributes(
                    "one two three four five six seven eight nine ten",
                    { NSFont = objc.UIFont:systemFontOfSize(17), NSParagraphStyle = style })
                return s:boundingRectWithSize_options_context({ width = 200, height = 0 }, 1, nil).size
            end
            local flat, indented = height(0), height(100)
            return flat.width <= 200, indented.width <= 200, indented.height > flat.height
            """)
        #expect(results == [true, true, true])
    }

    @Test func aTallLabelKeepsEveryLineItsHeightHolds() throws {
        let t = try TestWorld()
        try t.run(
            """
            label = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 40, 30000))
            label.numberOfLines = 0
            label.attributedText = objc.NSAttributedString:newWithString_attributes(
                string.rep("word ", 300), { NSFont = objc.UIFont:systemFontOfSize(17) })
            """)
        let state = t.world.bridge.state
        let label = try #require(try state.object(of: state.global("label"), as: Label.self))
        let drawing = try #require(label.attributedDrawing(in: label.bounds))
        guard case .richText(let layout, _) = drawing.commands.last else {
            Issue.record("the label drew no attributed text")
            return
        }
        // One word a line, some 21 points each: all 300 fit in 30,000 points.
        #expect(layout.lines == 300)
        #expect(layout.totalLines == 300)
    }

    @Test func labelsMeasureAttributedTextAndReadItBack() throws {
        let t = try world()
        let results = try t.run(
            """
            local label = objc.UILabel:new()
            label.attributedText = text
            local size = label:sizeThatFits { width = 0, height = 0 }
            local plain = objc.UILabel:new()
            plain.text = "Hello big world"
            local plainSize = plain:sizeThatFits { width = 0, height = 0 }
            text:deleteCharactersInRange { location = 0, length = 6 }
            local kept = label.attributedText
            label.textColor = objc.UIColor.blueColor
            local recoloured = label.attributedText:attributesAtIndex_effectiveRange(7)
            label.text = "plain"
            local back = label.attributedText:attributesAtIndex_effectiveRange(0)
            return size.height > plainSize.height, size.width > plainSize.width, kept.string,
                recoloured.NSColor == objc.UIColor.blueColor, back.NSFont.pointSize
            """)
        #expect(results == [true, true, "Hello big world", true, .number(17)])
    }
}
