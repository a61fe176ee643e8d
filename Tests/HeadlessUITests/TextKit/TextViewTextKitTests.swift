import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// UITextView on TextKit (`initWithFrame_textContainer`): it shows its layout manager's lines
/// in its container, and typing edits the text storage, through a script's store too.
@Suite struct TextViewTextKitTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            \(TextContainerTests.roundContainer)
            storage = objc.NSTextStorage:newWithString(string.rep("words in a round text view ", 6))
            manager = objc.NSLayoutManager:new()
            storage:addLayoutManager(manager)
            container = Round:newWithSize(struct.CGSize(200, 200))
            manager:addTextContainer(container)
            view = objc.UITextView:newWithFrame_textContainer(struct.CGRect(20, 100, 200, 216), container)
            """)
        try t.world.window.addSubview(
            try #require(t.world.bridge.state.object(of: t.run("return view")[0], as: View.self)))
        try t.world.layoutPass()
        return t
    }

    @Test func theViewShowsItsContainersLines() throws {
        let t = try world()
        #expect(
            try t.run(
                "return view.textStorage == storage, view.layoutManager == manager, view.textContainer == container, "
                    + "view.text == storage.string") == [true, true, true, true])
        let state = t.world.bridge.state
        let view = try #require(try state.object(of: state.global("view"), as: TextView.self))
        let lines = try #require(
            try t.run(
                "local n = 0 manager:enumerateLineFragmentsForGlyphRange_usingBlock(manager:glyphRangeForTextContainer(container), function() n = n + 1 end) return n"
            ).first?.numberValue)
        #expect(view.backdrop?.commands.count == Int(lines))
        #expect(lines > 3)
    }

    @Test func typingEditsTheStorage() throws {
        let t = try world()
        try t.run("view:becomeFirstResponder() simulate.type '!'")
        #expect(try t.run("return storage.string:sub(-2), view.text == storage.string") == [" !", true])
        try t.run("view.text = 'Replaced'")
        #expect(try t.run("return storage.string, view.attributedText.string") == ["Replaced", "Replaced"])
    }

    /// A container without a layout manager gets one, and a storage with the view's text.
    @Test func aBareContainerGetsItsOwnTextKit() throws {
        let t = try world()
        try t.run(
            """
            bare = objc.NSTextContainer:newWithSize(struct.CGSize(300, 100))
            other = objc.UITextView:newWithFrame_textContainer(struct.CGRect(0, 0, 300, 100), bare)
            other.text = "Own words"
            """)
        #expect(
            try t.run(
                "return other.layoutManager ~= nil, other.textStorage.string, other.layoutManager.textContainers[1] == bare"
            )
                == [true, "Own words", true])
    }
}
