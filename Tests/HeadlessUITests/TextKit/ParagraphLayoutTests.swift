import Foundation
import LuaRuntime
import ObjectBridge
import Testing

@testable import HeadlessUI

/// Lua making `storage` (the Lua string expression `text` in `attributes`), its `manager`, and
/// a `container` of `width` by `height` points holding its layout.
func textKitStack(
    text: String, attributes: String = "{ NSFont = objc.UIFont:systemFontOfSize(15) }", width: Int, height: Int
) -> String {
    """
    storage = objc.NSTextStorage:newWithString_attributes(\(text), \(attributes))
    manager = objc.NSLayoutManager:new()
    storage:addLayoutManager(manager)
    container = objc.NSTextContainer:newWithSize(struct.CGSize(\(width), \(height)))
    manager:addTextContainer(container)
    """
}

/// A layout manager sets paragraphs as their styles say (indents, spacing, line heights,
/// justification), asks its delegate for spacing, and after an edit sets only the lines that
/// changed, keeping the rest as a fresh layout would set them.
@Suite struct ParagraphLayoutTests {
    static let paragraph = "The quick brown fox jumps over the lazy dog and runs far away into the woods."

    /// A storage of `paragraphs` copies of the paragraph in a style that `style` (Lua) sets on
    /// `style`, laid out in a container 200 points wide.
    func world(paragraphs: Int = 3, style: String = "") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            style = objc.NSMutableParagraphStyle:new()
            \(style)
            local text = string.rep("\(Self.paragraph)\\n", \(paragraphs - 1)) .. "\(Self.paragraph)"
            \(textKitStack(
                text: "text", attributes: "{ NSFont = objc.UIFont:systemFontOfSize(15), NSParagraphStyle = style }",
                width: 200, height: 100_000))
            function fragments()
                local found = {}
                manager:enumerateLineFragmentsForGlyphRange_usingBlock({ location = 0, length = storage.length },
                    function(rect, used, holder, glyphs)
                        found[#found + 1] = { rect = rect, used = used, glyphs = glyphs }
                    end)
                return found
            end
            """)
        return t
    }

    @Test func indentsPlaceTheFirstAndLaterLines() throws {
        let t = try world(
            paragraphs: 1, style: "style.firstLineHeadIndent = 30; style.headIndent = 10; style.tailIndent = -20")
        let lines = try t.run(
            """
            local found = fragments()
            local fits = true
            for i = 2, #found do
                fits = fits and found[i].used.origin.x == 15 and found[i].used.size.width <= 200 - 10 - 20 - 10
            end
            return #found > 2, found[1].used.origin.x, fits
            """)
        // The padding (5) and the indent from the fragment's left.
        #expect(lines == [true, 35, true])
    }

    /// Paragraph spacing goes before (not at the start of the text) and after each paragraph,
    /// line spacing after each line; fragments take it, used rects do not.
    @Test func spacingSeparatesLinesAndParagraphs() throws {
        let plain = try world()
        let spaced = try world(
            style: "style.lineSpacing = 4; style.paragraphSpacing = 10; style.paragraphSpacingBefore = 6")
        let count = try #require(try plain.run("return #fragments()").first?.numberValue)
        #expect(try spaced.run("return #fragments()").first?.numberValue == count)
        let paragraphs = 3.0
        let lines = try #require(count)
        let plainHeight = try #require(
            try plain.run("return manager:usedRectForTextContainer(container).size.height")
                .first?.numberValue)
        let spacedFragments = try spaced.run(
            """
            local found = fragments()
            local last = found[#found]
            return last.rect.origin.y + last.rect.size.height, found[1].used.origin.y,
                found[1].rect.size.height - found[1].used.size.height
            """)
        // Every line 4 further apart, every paragraph 10 after, each but the first 6 before.
        #expect(
            spacedFragments == [
                .number(plainHeight + lines * 4 + paragraphs * 10 + (paragraphs - 1) * 6), 0, 4,
            ])
    }

    /// A justified paragraph's lines but its last fill the line's width; its last is as long as
    /// its text.
    @Test func justifiedLinesFillTheirWidth() throws {
        let t = try world(paragraphs: 1, style: "style.alignment = 3")
        let widths = try t.run(
            """
            local found = fragments()
            local full = true
            for i = 1, #found - 1 do full = full and found[i].used.size.width == 190 end
            local last = found[#found]
            local a = manager:locationForGlyphAtIndex(found[1].glyphs.location)
            local b = manager:locationForGlyphAtIndex(found[1].glyphs.location + found[1].glyphs.length - 2)
            return full, last.used.size.width < 190, b.x > 170
            """)
        #expect(widths == [true, true, true])
    }

    /// The delegate's spacing replaces the style's, and is asked with the glyph and the
    /// proposed fragment; a spacing it cannot give is an error naming the method.
    @Test func theDelegateSpacesTheLines() throws {
        let t = try world(style: "style.lineSpacing = 4")
        try t.run(
            """
            asked = {}
            Spacer = objc.NSObject:createSubclass("Spacer")
            Spacer:declareProtocol("NSLayoutManagerDelegate")
            function Spacer:layoutManager_lineSpacingAfterGlyphAtIndex_withProposedLineFragmentRect(lm, glyph, rect)
                asked[#asked + 1] = glyph
                return 12
            end
            spacer = Spacer:new()
            manager.delegate = spacer
            """)
        #expect(
            try t.run(
                """
                local found = fragments()
                return found[1].rect.size.height - found[1].used.size.height, #asked == #found,
                    asked[1] == found[1].glyphs.length - 1
                """) == [12, true, true])
        try t.run(
            """
            function Spacer:layoutManager_lineSpacingAfterGlyphAtIndex_withProposedLineFragmentRect() return -1 end
            storage:replaceCharactersInRange_withString({ location = 0, length = 0 }, "x")
            """)
        #expect(
            t.error("return manager:usedRectForTextContainer(container)").contains(
                "layoutManager_lineSpacingAfterGlyphAtIndex_withProposedLineFragmentRect must be a length"))
    }

    /// A right-to-left paragraph breaks into lines of words as a left-to-right one does (the
    /// text engine's lines are taken from their logical start).
    @Test func rightToLeftLinesHoldWords() throws {
        let t = try TestWorld()
        try t.run(textKitStack(text: #"string.rep("שלום עולם יפה ", 12)"#, width: 200, height: 10000))
        let lines = try t.run(
            """
            local count, shortest, covered = 0, math.huge, 0
            manager:enumerateLineFragmentsForGlyphRange_usingBlock({ location = 0, length = storage.length },
                function(rect, used, holder, glyphs)
                    count = count + 1
                    covered = covered + glyphs.length
                    if glyphs.location + glyphs.length < manager.numberOfGlyphs then
                        shortest = math.min(shortest, glyphs.length)
                    end
                end)
            return count, shortest >= 10, covered == manager.numberOfGlyphs
            """)
        let count = try #require(lines.first?.numberValue)
        #expect(count >= 3 && count <= 8, "\(lines)")
        #expect(Array(lines.dropFirst()) == [true, true])
    }

    /// An edit in a long text sets the lines of its paragraph from the one before it, then keeps
    /// the rest (moved down when the paragraph grew a line): the fragments are those a fresh
    /// layout of the edited text sets.
    @Test func anEditSetsOnlyTheLinesItChanges() throws {
        let t = try world(paragraphs: 40, style: "style.paragraphSpacing = 3")
        try t.run("manager:ensureLayoutForTextContainer(container)")
        let manager = try #require(
            try t.world.bridge.state.object(of: try t.world.bridge.state.global("manager"), as: LayoutManager.self))
        #expect(manager.linesSetByLastLayout == manager.lineFragments.count)
        let perParagraph = manager.lineFragments.count / 40
        for (edit, most) in [
            ("'x'", perParagraph + 2), ("' and back again to the start of the paragraph'", perParagraph + 2),
            ("''", perParagraph + 2), ("'\\n'", perParagraph + 3),
        ] {
            try t.run(
                """
                storage:replaceCharactersInRange_withString({ location = 1500, length = \(edit == "''" ? 5 : 0) }, \(edit))
                manager:ensureLayoutForTextContainer(container)
                fresh = objc.NSLayoutManager:new()
                freshStorage = objc.NSTextStorage:new()
                freshStorage:setAttributedString(storage)
                freshStorage:addLayoutManager(fresh)
                freshContainer = objc.NSTextContainer:newWithSize(struct.CGSize(200, 100000))
                fresh:addTextContainer(freshContainer)
                """)
            #expect(manager.linesSetByLastLayout <= most, "\(edit)")
            #expect(
                try t.run(
                    """
                    local kept, made = {}, {}
                    local function note(into) return function(rect, used, holder, glyphs)
                        into[#into + 1] = string.format("%d+%d %s %s", glyphs.location, glyphs.length, rect, used)
                    end end
                    manager:enumerateLineFragmentsForGlyphRange_usingBlock({ location = 0, length = storage.length }, note(kept))
                    fresh:enumerateLineFragmentsForGlyphRange_usingBlock({ location = 0, length = storage.length }, note(made))
                    return table.concat(kept, "\\n") == table.concat(made, "\\n"), #kept
                    """
                ).first == true, "\(edit)")
        }
    }
}

/// Glyphs are what the text engine shaped: a Devanagari conjunct is fewer glyphs than its
/// characters, a paragraph break is a glyph, and glyph and character ranges map whole clusters.
@Suite struct GlyphMapTests {
    @Test func glyphsFollowTheShapedClusters() throws {
        let t = try TestWorld()
        try t.run(
            """
            text = "नमस्ते क्षमा\\nab"
            \(textKitStack(text: "text", attributes: "{ NSFont = objc.UIFont:systemFontOfSize(20) }", width: 400, height: 400))
            """)
        let summary = try t.run(
            """
            local glyphs = manager.numberOfGlyphs
            local ordered, roundTrip = true, true
            local last = -1
            for g = 0, glyphs - 1 do
                local c = manager:characterIndexForGlyphAtIndex(g)
                ordered = ordered and c >= last
                last = c
                local back = manager:glyphIndexForCharacterAtIndex(c)
                roundTrip = roundTrip and manager:characterIndexForGlyphAtIndex(back) == c and back <= g
            end
            -- The virama (character 3) is inside the cluster of स्ते's first glyph.
            local range, actual = manager:glyphRangeForCharacterRange_actualCharacterRange({ location = 3, length = 1 }, nil)
            local lastGlyph = manager:glyphRangeForTextContainer(container)
            return storage.length, glyphs, ordered, roundTrip, actual.location <= 3 and actual.location + actual.length > 3,
                lastGlyph.length == glyphs, manager:characterIndexForGlyphAtIndex(glyphs - 2) == storage.length - 2,
                manager:characterIndexForGlyphAtIndex(glyphs) == storage.length
            """)
        let characters = try #require(summary.first?.numberValue)
        let glyphs = try #require(summary.dropFirst().first?.numberValue)
        #expect(glyphs < characters, "a conjunct and a vowel sign share clusters: \(summary)")
        #expect(Array(summary.dropFirst(2)) == [true, true, true, true, true, true])
        // The break's glyph stands for the newline, where the first line ends.
        #expect(
            try t.run(
                """
                local newline = manager:glyphIndexForCharacterAtIndex(storage.length - 3)
                local lineRect, lineGlyphs = manager:lineFragmentRectForGlyphAtIndex_effectiveRange(newline, nil)
                return lineGlyphs.location + lineGlyphs.length == newline + 1,
                    manager:locationForGlyphAtIndex(newline).x > manager:locationForGlyphAtIndex(newline - 1).x
                """) == [true, true])
    }
}

/// A paragraph longer than the text engine takes in one layout (64 KB) is still set in lines
/// of words: each line is measured from a bounded part of the paragraph's rest.
@Suite struct LongParagraphTests {
    @Test func aParagraphOverTheEnginesLimitIsSetInLinesOfWords() throws {
        let t = try TestWorld()
        try t.run(textKitStack(text: #"string.rep("words 😀 ", 9000)"#, width: 300, height: 2000))
        let lines = try t.run(
            """
            local count, shortest = 0, math.huge
            local held = manager:glyphRangeForTextContainer(container)
            manager:enumerateLineFragmentsForGlyphRange_usingBlock(held, function(rect, used, holder, glyphs)
                count = count + 1
                shortest = math.min(shortest, glyphs.length)
            end)
            return storage.length > 65536, count > 50, shortest > 20
            """)
        #expect(lines == [true, true, true])
    }
}
