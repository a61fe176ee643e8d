import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Attributed text in text fields and text views: typing keeps the runs, as UIKit's typing
/// attributes do, and plain text set by a script drops them.
@Suite struct AttributedEditingTests {
    /// A field and a text view on screen, each given "Plain bold": "bold" in the bold system
    /// font and red.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            local text = objc.NSMutableAttributedString:newWithString("Plain bold")
            text:addAttributes_range({ NSFont = objc.UIFont:boldSystemFontOfSize(20), NSColor = objc.UIColor.redColor },
                { location = 6, length = 4 })
            Root = objc.UIViewController:createSubclass "Root"
            function Root:viewDidLoad()
                field = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 300, 34))
                field.attributedText = text
                notes = objc.UITextView:newWithFrame(struct.CGRect(20, 150, 300, 200))
                notes.attributedText = text
                self.view:addSubview(field)
                self.view:addSubview(notes)
            end
            controller = Root:new()
            """)
        try t.show()
        return t
    }

    @Test func typingAtTheEndExtendsTheLastRun() throws {
        let t = try world()
        let results = try t.run(
            """
            field:becomeFirstResponder()
            simulate.type "er!"
            local attributes, range = field.attributedText:attributesAtIndex_effectiveRange(11)
            notes:becomeFirstResponder()
            simulate.type "\\nmore"
            local noteAttributes, noteRange = notes.attributedText:attributesAtIndex_effectiveRange(12)
            return field.text, attributes.NSFont.pointSize, range.location, range.length,
                notes.text, noteAttributes.NSColor == objc.UIColor.redColor, noteRange.length
            """)
        #expect(results == ["Plain bolder!", .number(20), 6, 7, "Plain bold\nmore", true, 9])
    }

    @Test func backspaceShortensTheRunAndPlainTextDropsTheRuns() throws {
        let t = try world()
        let results = try t.run(
            """
            field:becomeFirstResponder()
            simulate.key "backspace"
            local _, range = field.attributedText:attributesAtIndex_effectiveRange(6)
            field.text = "reset"
            local attributes, whole = field.attributedText:attributesAtIndex_effectiveRange(0)
            return range.length, attributes.NSFont.pointSize, whole.length
            """)
        #expect(results == [3, .number(17), 5])
    }

    @Test func aTextViewIsAsTallAsItsRuns() throws {
        let t = try world()
        let results = try t.run(
            """
            local plain = objc.UITextView:newWithFrame(struct.CGRect(0, 0, 300, 200))
            plain.text = "Plain bold"
            plain.scrollEnabled = false
            notes.scrollEnabled = false
            return notes:intrinsicContentSize().height > plain:intrinsicContentSize().height
            """)
        #expect(results == [true])
    }
}
