import Foundation
import Testing

@testable import HeadlessUI

/// An attributed text's layouts are made once and shared by its copies, until it changes:
/// labels and cells showing the same text lay it out once.
@Suite struct AttributedLayoutCacheTests {
    /// A world with `source`, a two-run attributed string, and `first` and `second`, two labels
    /// in the default colour and font (which views make anew each time they are asked).
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            source = objc.NSMutableAttributedString:newWithString("Shared words on two labels")
            source:addAttribute_value_range("NSColor", objc.UIColor.redColor, { location = 0, length = 6 })
            first = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 200, 40))
            second = objc.UILabel:newWithFrame(struct.CGRect(0, 50, 200, 40))
            first.attributedText = source
            second.attributedText = source
            """)
        return t
    }

    func label(_ t: TestWorld, _ name: String) throws -> Label {
        let state = t.world.bridge.state
        return try #require(try state.object(of: state.global(name), as: Label.self))
    }

    func layouts(of label: Label) throws -> AttributedText.LayoutCache {
        try #require(label.richText).layouts
    }

    @Test func aLabelDrawnAgainUsesItsLayout() throws {
        let t = try world()
        let first = try label(t, "first")
        _ = first.attributedDrawing(in: first.bounds)
        _ = first.attributedDrawing(in: first.bounds)
        #expect(try layouts(of: first).byQuestion.count == 1)
    }

    @Test func labelsGivenOneTextShareItsCopyAndLayouts() throws {
        let t = try world()
        let (first, second) = (try label(t, "first"), try label(t, "second"))
        _ = first.attributedDrawing(in: first.bounds)
        #expect(first.richText === second.richText)
        #expect(try layouts(of: second).byQuestion.count == 1)
        let results = try t.run(
            """
            local copy = first.attributedText
            local fixed = objc.NSAttributedString:newWithString("Fixed")
            return rawequal(copy, second.attributedText), rawequal(fixed:copy(), fixed),
                rawequal(source:copy(), source), copy:isKindOfClass(objc.NSMutableAttributedString)
            """)
        #expect(results == [true, true, false, false])
    }

    @Test func anImmutableTextIsInitializedOnce() throws {
        let t = try world()
        let failure = try t.run(
            """
            local fixed = objc.NSAttributedString:newWithString("Fixed")
            local ok, message = pcall(function() fixed:initWithString("Changed") end)
            local mutable = objc.NSMutableAttributedString:newWithString("Open")
            mutable:initWithString("Changed")
            return ok, tostring(message), fixed.string, mutable.string
            """)
        #expect(failure.first == false)
        #expect(failure[1].stringValue?.contains("NSAttributedString is immutable") == true)
        #expect(Array(failure.dropFirst(2)) == ["Fixed", "Changed"])
    }

    @Test func aChangedTextIsLaidOutAnew() throws {
        let t = try world()
        let first = try label(t, "first")
        _ = first.attributedDrawing(in: first.bounds)
        try t.run(
            """
            source:addAttribute_value_range("NSColor", objc.UIColor.blueColor, { location = 0, length = 6 })
            second.attributedText = source
            """)
        let second = try label(t, "second")
        #expect(try layouts(of: first) !== layouts(of: second))
        guard case .richText(let layout, _)? = second.attributedDrawing(in: second.bounds)?.commands.last,
            let span = layout.paragraphs.first?.spans.first
        else {
            Issue.record("the second label drew no attributed text")
            return
        }
        #expect(span.color == DrawingColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(try layouts(of: first).byQuestion.count == 1)
    }
}
