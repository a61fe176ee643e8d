import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// NSLayoutManager's layout, one line fragment at a time in its containers: wrapped by the
/// text engine at each fragment's width, shaped by exclusion paths and script containers,
/// cut by line limits, carried into the next container, and laid out again after edits.
@Suite struct LayoutManagerTests {
    static let words = "The quick brown fox jumps over the lazy dog and runs far away into the woods"

    func world(width: Double = 150, height: Double = 1000) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            storage = objc.NSTextStorage:newWithString_attributes("\(Self.words)",
                { NSFont = objc.UIFont:systemFontOfSize(15) })
            manager = objc.NSLayoutManager:new()
            storage:addLayoutManager(manager)
            container = objc.NSTextContainer:newWithSize(struct.CGSize(\(width), \(height)))
            manager:addTextContainer(container)
            function fragments(range)
                local found = {}
                manager:enumerateLineFragmentsForGlyphRange_usingBlock(range or { location = 0, length = storage.length },
                    function(rect, used, holder, glyphs)
                        found[#found + 1] = { rect = rect, used = used, holder = holder, glyphs = glyphs }
                    end)
                return found
            end
            """)
        return t
    }

    /// Every fragment is the container's width, one line below the last; its text fits within
    /// the padding; the fragments hold the whole text, in order.
    @Test func linesFillTheContainerInOrder() throws {
        let t = try world()
        let summary = try t.run(
            """
            local found = fragments()
            local next, top, fits, full = 0, 0, true, true
            for _, f in ipairs(found) do
                if f.glyphs.location ~= next or f.rect.origin.y ~= top then return "out of order at " .. next end
                next = f.glyphs.location + f.glyphs.length
                top = top + f.rect.size.height
                fits = fits and f.used.origin.x == 5 and f.used.size.width <= 140
                full = full and f.rect.size.width == 150 and f.holder == container
            end
            local range = manager:glyphRangeForTextContainer(container)
            return #found, next, fits, full, range.length, manager:usedRectForTextContainer(container).size.height == top
            """)
        let count = try #require(summary.first?.numberValue)
        #expect(count >= 4 && count <= 8, "\(summary)")
        #expect(
            Array(summary.dropFirst()) == [
                .integer(Int64(Self.words.utf16.count)), true, true,
                .integer(Int64(Self.words.utf16.count)), true,
            ])
    }

    @Test func aSquareExclusionSplitsTheLinesBesideIt() throws {
        let t = try world(width: 300)
        try t.run("container.exclusionPaths = { objc.UIBezierPath:bezierPathWithRect(struct.CGRect(100, 0, 60, 30)) }")
        let first = try t.run(
            """
            local found = fragments()
            return found[1].rect.origin.x, found[1].rect.size.width, found[2].rect.origin.x, found[2].rect.origin.y
            """)
        #expect(first == [0, 100, 160, 0])
    }

    /// A round container (as Celedev's) gives short lines at the top and long ones in the middle.
    @Test func aScriptContainerShapesTheLines() throws {
        let shaped = try TestWorld()
        try shaped.run(
            """
            \(TextContainerTests.roundContainer)
            storage = objc.NSTextStorage:newWithString(string.rep("round words fill a circle ", 40))
            manager = objc.NSLayoutManager:new()
            storage:addLayoutManager(manager)
            container = Round:newWithSize(struct.CGSize(200, 200))
            manager:addTextContainer(container)
            widths = {}
            manager:enumerateLineFragmentsForGlyphRange_usingBlock({ location = 0, length = storage.length },
                function(rect) widths[#widths + 1] = rect.size.width end)
            """)
        let widths = try shaped.run("return table.unpack(widths)").compactMap(\.numberValue)
        #expect(widths.count > 5, "\(widths)")
        let middle = widths[widths.count / 2]
        #expect(widths[0] < middle && widths[0] > 0 && middle <= 200, "\(widths)")
        #expect(
            try shaped.run("return manager:glyphRangeForTextContainer(container).length < storage.length") == [true])
    }

    @Test func aLineLimitAndASecondContainer() throws {
        let t = try world()
        try t.run(
            """
            container.maximumNumberOfLines = 2
            second = objc.NSTextContainer:newWithSize(struct.CGSize(400, 1000))
            manager:addTextContainer(second)
            """)
        let ranges = try t.run(
            """
            local first, rest = manager:glyphRangeForTextContainer(container), manager:glyphRangeForTextContainer(second)
            return #fragments({ location = 0, length = first.length }), first.location + first.length == rest.location,
                rest.location + rest.length
            """)
        #expect(ranges == [2, true, .integer(Int64(Self.words.utf16.count))])
    }

    @Test func anEditIsLaidOutAgain() throws {
        let t = try world()
        let before = try #require(try t.run("return #fragments()").first?.numberValue)
        try t.run(
            "storage:appendAttributedString(objc.NSAttributedString:newWithString(' and back again to the start'))")
        let after = try #require(try t.run("return #fragments()").first?.numberValue)
        #expect(after > before)
        #expect(
            try t.run(
                """
                local rect, range = manager:lineFragmentRectForGlyphAtIndex_effectiveRange(storage.length - 1, nil)
                return range.location + range.length == storage.length, rect.size.width
                """) == [true, 150])
    }

    /// Glyphs are where the text engine set them: from the padding, in order along the line, on
    /// the baseline; their boxes and the glyph under a point agree with those places (below
    /// the text, the nearest line's).
    @Test func glyphLocationsBoxesAndHits() throws {
        let t = try world()
        let places = try t.run(
            """
            local a, b, c = manager:locationForGlyphAtIndex(0), manager:locationForGlyphAtIndex(1),
                manager:locationForGlyphAtIndex(4)
            local box = manager:boundingRectForGlyphRange_inTextContainer({ location = 0, length = 4 }, container)
            local hit = manager:glyphIndexForPoint_inTextContainer(struct.CGPoint(c.x + 1, 5), container)
            local far = manager:glyphIndexForPoint_inTextContainer(struct.CGPoint(5, 5000), container)
            local _, lastLine = manager:lineFragmentRectForGlyphAtIndex_effectiveRange(storage.length - 1, nil)
            return a.x, b.x > a.x, c.x > b.x, a.y > 10 and a.y < 18, box.origin.x == a.x, math.abs(box.size.width - (c.x - a.x)) < 0.01,
                hit, far == lastLine.location
            """)
        #expect(places == [5, true, true, true, true, true, 4, true])
    }

    /// A laid-out stack goes when scripts let it go: the manager keeps a copy of the text it
    /// laid out, not its storage (which keeps the manager).
    @Test func aLaidOutStackIsFreed() throws {
        let t = try world()
        let state = t.world.bridge.state
        weak var manager = try state.object(of: state.global("manager"), as: LayoutManager.self)
        weak var storage = try state.object(of: state.global("storage"), as: TextStorage.self)
        try t.run("fragments() storage, manager, container = nil, nil, nil collectgarbage() collectgarbage()")
        #expect(manager == nil && storage == nil)
    }

    /// A script container's rest of the line is checked as its fragment is.
    @Test func aScriptContainersRemainingRectIsChecked() throws {
        let t = try world()
        try t.run(
            """
            Odd = objc.NSTextContainer:createSubclass("Odd")
            function Odd:lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect(proposed)
                return proposed, struct.CGRect(0, 0, math.huge, 10)
            end
            odd = Odd:newWithSize(struct.CGSize(100, 100))
            oddManager = objc.NSLayoutManager:new()
            storage:addLayoutManager(oddManager)
            oddManager:addTextContainer(odd)
            """)
        #expect(t.error("oddManager:glyphRangeForTextContainer(odd)").contains("the remaining rect"))
    }
}
