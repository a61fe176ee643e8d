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

    /// Background colours are the layout manager's to draw, under the glyphs, a line's used
    /// height tall; the glyphs themselves draw none.
    @Test func backgroundsAreDrawnUnderTheGlyphs() throws {
        let t = try world()
        try t.run(
            "storage:addAttribute_value_range('NSBackgroundColor', objc.UIColor.yellowColor, { location = 0, length = 5 })"
        )
        let view = try #require(try t.world.bridge.state.object(of: t.run("return view")[0], as: TextView.self))
        let commands = try #require(view.backdrop?.commands)
        let fills = commands.filter { if case .fill = $0 { return true } else { return false } }
        #expect(fills.count == 1)
        let glyphs = commands.compactMap { if case .richText(let layout, _) = $0 { return layout } else { return nil } }
        #expect(glyphs.allSatisfy { $0.paragraphs.allSatisfy { $0.spans.allSatisfy { $0.background == nil } } })
        guard case .fill(let path, _)? = fills.first else { return }
        let box = path.bounds
        let first = try t.run(
            "local rect, range = manager:lineFragmentUsedRectForGlyphAtIndex_effectiveRange(0, nil) return rect.size.height"
        )
        #expect(box.height == first.first?.numberValue.map { CGFloat($0) })
    }

    /// A layout manager subclass that draws backgrounds and glyphs its own way is called by the
    /// text view in the display pass, for the container's glyphs, at the container's origin;
    /// the view draws again when the text changes, and UIKit's drawing of the lines gives way.
    @Test func aScriptLayoutManagerDrawsTheViewsLines() throws {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            Marker = objc.NSLayoutManager:createSubclass("Marker")
            function Marker:drawBackgroundForGlyphRange_atPoint(range, point)
                log[#log + 1] = string.format("background %d+%d at %g,%g", range.location, range.length, point.x, point.y)
                self[objc.NSLayoutManager]:drawBackgroundForGlyphRange_atPoint(range, point)
            end
            function Marker:drawGlyphsForGlyphRange_atPoint(range, point)
                log[#log + 1] = string.format("glyphs %d+%d", range.location, range.length)
                self[objc.NSLayoutManager]:drawGlyphsForGlyphRange_atPoint(range, point)
            end
            storage = objc.NSTextStorage:newWithString("Marked words")
            manager = Marker:new()
            storage:addLayoutManager(manager)
            container = objc.NSTextContainer:newWithSize(struct.CGSize(200, 100))
            manager:addTextContainer(container)
            view = objc.UITextView:newWithFrame_textContainer(struct.CGRect(0, 100, 200, 100), container)
            objc.UIApplication.sharedApplication.keyWindow:addSubview(view)
            """)
        try t.world.layoutPass()
        try t.world.environment.application.displayPass()
        #expect(try t.takeLog() == ["background 0+12 at 0,8", "glyphs 0+12"])
        let view = try #require(try t.world.bridge.state.object(of: t.run("return view")[0], as: TextView.self))
        #expect(view.backdrop == nil)
        #expect(view.drawing?.commands.isEmpty == false)
        try t.run("storage:appendAttributedString(objc.NSAttributedString:newWithString('!'))")
        try t.world.environment.application.displayPass()
        #expect(try t.takeLog() == ["background 0+13 at 0,8", "glyphs 0+13"])
    }

    /// A text view made without a container moves onto TextKit when a script asks for its text
    /// objects, as UIKit's always is: its text in its font and colour, a container that follows
    /// its width, and exclusion paths that the text flows around.
    @Test func aPlainTextViewHasTextKitObjects() throws {
        let t = try TestWorld()
        try t.run(
            """
            view = objc.UITextView:newWithFrame(struct.CGRect(0, 100, 300, 400))
            view.font = objc.UIFont:systemFontOfSize(20)
            view.text = string.rep("Plain words that wrap in a text view. ", 8)
            objc.UIApplication.sharedApplication.keyWindow:addSubview(view)
            """)
        try t.world.layoutPass()
        #expect(
            try t.run(
                """
                local storage, container = view.textStorage, view.textContainer
                return storage.string == view.text, container.size.width, view.layoutManager == container.layoutManager,
                    storage:attributesAtIndex_effectiveRange(0, nil).NSFont.pointSize
                """) == [true, 300, true, 20])
        try t.run(
            """
            view.textContainer.exclusionPaths = { objc.UIBezierPath:bezierPathWithRect(struct.CGRect(0, 0, 100, 60)) }
            view.frame = struct.CGRect(0, 100, 320, 400)
            """)
        try t.world.layoutPass()
        #expect(
            try t.run(
                """
                local lm = view.layoutManager
                local first = lm:lineFragmentRectForGlyphAtIndex_effectiveRange(0, nil)
                return view.textContainer.size.width, first.origin.x >= 100
                """) == [320, true])
        try t.run("view:becomeFirstResponder() simulate.type '!'")
        #expect(try t.run("return view.textStorage.string:sub(-1), view.text:sub(-1)") == ["!", "!"])
    }

    /// A selection that a script sets is where typing goes: it replaces selected characters,
    /// the caret follows what was typed, backspace deletes before it, and the delegate hears of
    /// each change; a range outside the text is an error.
    @Test func typingGoesToTheSelection() throws {
        let t = try world()
        try t.run(
            """
            log = {}
            Watcher = objc.NSObject:createSubclass("Watcher")
            Watcher:declareProtocol("UITextViewDelegate")
            function Watcher:textViewDidChangeSelection(view)
                log[#log + 1] = string.format("%d+%d", view.selectedRange.location, view.selectedRange.length)
            end
            watcher = Watcher:new()
            view.delegate = watcher
            view.text = "Hello world"
            view:becomeFirstResponder()
            view.selectedRange = { location = 6, length = 5 }
            simulate.type "there"
            view.selectedRange = { location = 5, length = 0 }
            simulate.type ","
            simulate.key "backspace"
            simulate.key "backspace"
            """)
        #expect(
            try t.run("return view.text, storage.string, view.selectedRange.location") == [
                "Hell there", "Hell there", 4,
            ])
        let heard = try t.takeLog()
        #expect(heard == ["6+5", "7+0", "8+0", "9+0", "10+0", "11+0", "5+0", "6+0", "5+0", "4+0"], "\(heard)")
        #expect(t.error("view.selectedRange = { location = 3, length = 20 }").contains("outside a text of length 10"))
    }

    /// A tap on a TextKit text view puts the caret at the character under it, and the caret is
    /// drawn there, the line's height, while the view edits.
    @Test func aTapPlacesTheCaret() throws {
        let t = try TestWorld()
        try t.run(
            """
            view = objc.UITextView:newWithFrame(struct.CGRect(0, 100, 300, 200))
            view.font = objc.UIFont:systemFontOfSize(20)
            view.text = "Tap between these words"
            objc.UIApplication.sharedApplication.keyWindow:addSubview(view)
            local manager, container = view.layoutManager, view.textContainer
            local a = manager:locationForGlyphAtIndex(4)
            local b = manager:locationForGlyphAtIndex(5)
            tapX = (a.x + b.x) / 2 + 1
            """)
        try t.world.layoutPass()
        try t.run("simulate.tap { at = { x = tapX, y = 100 + 8 + 10 } }")
        #expect(
            try t.run("return view.editing, view.selectedRange.location, view.selectedRange.length") == [true, 5, 0])
        let view = try #require(try t.world.bridge.state.object(of: t.run("return view")[0], as: TextView.self))
        let caret = view.backdrop?.commands.compactMap { command -> CGRect? in
            guard case .fill(let path, _) = command, path.bounds.width == 2 else { return nil }
            return path.bounds
        }.first
        let x = try #require(try t.run("return tapX").first?.numberValue)
        #expect(caret.map { abs(Double($0.minX) - x) < 6 && $0.height > 20 } == true, "\(String(describing: caret))")
    }

    /// A text view moved onto TextKit keeps its alignment, which then restyles its storage, and
    /// an empty one shows its caret while editing.
    @Test func aPlainTextViewKeepsItsAlignmentAndShowsTheCaretWhenEmpty() throws {
        let t = try TestWorld()
        try t.run(
            """
            view = objc.UITextView:newWithFrame(struct.CGRect(0, 100, 300, 200))
            view.textAlignment = 1
            view.text = "Centred"
            objc.UIApplication.sharedApplication.keyWindow:addSubview(view)
            """)
        try t.world.layoutPass()
        let centred = try t.run(
            """
            local used = view.layoutManager:lineFragmentUsedRectForGlyphAtIndex_effectiveRange(0, nil)
            view.textAlignment = 2
            local right = view.layoutManager:lineFragmentUsedRectForGlyphAtIndex_effectiveRange(0, nil)
            return used.origin.x > 100, right.origin.x + right.size.width > 290
            """)
        #expect(centred == [true, true])
        try t.run("view.text = '' view:becomeFirstResponder()")
        let view = try #require(try t.world.bridge.state.object(of: t.run("return view")[0], as: TextView.self))
        let caret = view.backdrop?.commands.contains { command in
            guard case .fill(let path, _) = command else { return false }
            return path.bounds.width == 2 && path.bounds.height > 10
        }
        #expect(caret == true)
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
