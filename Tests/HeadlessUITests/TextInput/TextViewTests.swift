import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UITextView: many lines typed through its delegate, the content growing and scrolling to
/// the caret, and its height following its text when it does not scroll.
@Suite struct TextViewTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            Watcher = objc.NSObject:createSubclass "Watcher"
            Watcher:declareProtocol "UITextViewDelegate"
            function Watcher:textViewDidBeginEditing(view) log[#log + 1] = "begin" end
            function Watcher:textView_shouldChangeTextInRange_replacementText(view, range, text)
                log[#log + 1] = range.location .. " " .. (text == "\\n" and "newline" or text)
                return text ~= "!"
            end
            function Watcher:textViewDidChange(view) log[#log + 1] = "changed" end
            watcher = Watcher:new()
            Root = objc.UIViewController:createSubclass "Root"
            function Root:viewDidLoad()
                notes = objc.UITextView:newWithFrame(struct.CGRect(20, 100, 200, 60))
                notes.delegate = watcher
                self.view:addSubview(notes)
            end
            controller = Root:new()
            """)
        try t.show()
        return t
    }

    @Test func aTapBeginsEditingAndReturnTypesANewLine() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 100, y = 130 } } simulate.type 'a!\\nb'")
        #expect(
            try t.run("return table.concat(log, ', ')") == [
                "begin, 0 a, changed, 1 !, 1 newline, changed, 2 b, changed"
            ])
        #expect(try t.run("return notes.text, notes.isFirstResponder") == ["a\nb", true])
    }

    /// Windows' line ends and old Macs' press the return key once each, as a line feed does.
    @Test func aCarriageReturnAloneOrBeforeALineFeedIsOneReturn() throws {
        let t = try world()
        try t.run("notes:becomeFirstResponder() simulate.type 'a\\r\\nb\\rc'")
        #expect(try t.run("return notes.text") == ["a\nb\nc"])
        #expect(
            try t.run("return table.concat(log, ', ')") == [
                "begin, 0 a, changed, 1 newline, changed, 2 b, changed, 3 newline, changed, 4 c, changed"
            ])
    }

    /// The text is 12-point; the content is its height plus the 8-point insets, and typing
    /// past the bottom scrolls to show the end.
    @Test func theContentGrowsWithTheTextAndScrollsToTheEnd() throws {
        let t = try world()
        let lineHeight = try #require(try t.run("return math.ceil(notes.font.lineHeight)").first?.numberValue)
        try t.run("notes:becomeFirstResponder() simulate.type 'one\\ntwo\\nthree\\nfour\\nfive\\nsix'")
        try t.world.layoutPass()
        let height = try #require(try t.run("return notes.contentSize.height").first?.numberValue)
        #expect(height > 6 * lineHeight && height < 7 * lineHeight + 16)
        #expect(try t.run("return notes.contentOffset.y")[0].numberValue == height - 60)
    }

    @Test func withoutScrollingItsHeightIsItsTexts() throws {
        let t = try world()
        try t.run("notes.scrollEnabled = false notes.text = 'one'")
        let one = try #require(try t.run("return notes:intrinsicContentSize().height").first?.numberValue)
        try t.run("notes.text = 'one\\ntwo'")
        let two = try #require(try t.run("return notes:intrinsicContentSize().height").first?.numberValue)
        #expect(one > 16 && two > one + 10)
    }
}
