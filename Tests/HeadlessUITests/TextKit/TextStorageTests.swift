import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// NSTextStorage: edits gathered and processed, `processEditing` overridden, the delegate and
/// the layout managers told, and script subclasses that keep their own store.
@Suite struct TextStorageTests {
    /// A subclass that keeps its characters and attributes in a store of its own, as Celedev's
    /// `ColoringTextStorage` does, counting the reads of its attributes.
    static let backedStore = """
        Backed = objc.NSTextStorage:createSubclass("Backed")
        function Backed:init()
            self[objc.NSTextStorage]:init()
            self.backingStore = objc.NSMutableAttributedString:new()
            self.reads = 0
            log[#log + 1] = "init"
        end
        function Backed:string() return self.backingStore.string end
        function Backed:attributesAtIndex_effectiveRange(index, range)
            self.reads = self.reads + 1
            return self.backingStore:attributesAtIndex_effectiveRange(index, range)
        end
        function Backed:replaceCharactersInRange_withString(range, text)
            self.backingStore:replaceCharactersInRange_withString(range, text)
            self:edited_range_changeInLength(3, range, #text - range.length)
        end
        function Backed:setAttributes_range(attributes, range)
            self.backingStore:setAttributes_range(attributes, range)
            self:edited_range_changeInLength(1, range, 0)
        end
        """

    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            Watcher = objc.NSObject:createSubclass("Watcher")
            Watcher:declareProtocol("NSTextStorageDelegate")
            function Watcher:textStorage_didProcessEditing_range_changeInLength(storage, mask, range, delta)
                log[#log + 1] = string.format("%d %d+%d %d", mask, range.location, range.length, delta)
            end
            watcher = Watcher:new()
            storage = objc.NSTextStorage:newWithString("Hello world")
            storage.delegate = watcher
            manager = objc.NSLayoutManager:new()
            storage:addLayoutManager(manager)
            container = objc.NSTextContainer:newWithSize(struct.CGSize(200, 300))
            manager:addTextContainer(container)
            """)
        return t
    }

    @Test func anEditOutsideBeginEditingIsProcessedAtOnce() throws {
        let t = try world()
        try t.run(
            """
            storage:replaceCharactersInRange_withString({ location = 6, length = 5 }, "there, you")
            storage:addAttribute_value_range("NSColor", objc.UIColor.redColor, { location = 0, length = 5 })
            """)
        // Characters and attributes (3) of 6..16 grew by 5; then attributes (1) of 0..5.
        #expect(try t.takeLog() == ["3 6+10 5", "1 0+5 0"])
        #expect(
            try t.run("return storage.string, storage.editedMask, storage.editedRange.location") == [
                "Hello there, you", 0, .integer(Int64(NSNotFound)),
            ])
    }

    /// NSTextStorageEditActions, as a script store reports its edits (Celedev's sample's native
    /// part does): CodeFlow's `Edited` and Swift's `EditActions`.
    @Test func theEditActionsAreNamedAsTheHeaderHasThem() throws {
        let t = try world()
        #expect(
            try t.run(
                """
                local NsTextStorage = require "UIKit.NSTextStorage"
                return NsTextStorage.Edited.Attributes, NsTextStorage.Edited.Characters,
                       objc.NSTextStorage.EditActions.characters
                """) == [1, 2, 2])
    }

    /// CodeFlow's spelling of `setAttributedString`, as Celedev's TextKit sample sets its storage.
    @Test func assigningTheAttributedStringIsAnEditOfTheWholeText() throws {
        let t = try world()
        try t.run("storage.attributedString = objc.NSAttributedString:newWithString('Set at once')")
        #expect(try t.takeLog() == ["3 0+11 0"])
        #expect(try t.run("return storage.string") == ["Set at once"])
    }

    @Test func editsBetweenBeginAndEndEditingAreProcessedOnce() throws {
        let t = try world()
        try t.run(
            """
            storage:beginEditing()
            storage:replaceCharactersInRange_withString({ location = 0, length = 5 }, "Hi")
            storage:beginEditing()
            storage:appendAttributedString(objc.NSAttributedString:newWithString("!"))
            storage:endEditing()
            inside = #log
            storage:endEditing()
            """)
        #expect(try t.run("return inside, storage.string") == [0, "Hi world!"])
        // 0..2 (the replacement) and 8..9 (the "!"), grown by -3 + 1.
        #expect(try t.takeLog() == ["3 0+9 -2"])
        #expect(t.error("storage:endEditing()").contains("endEditing without a beginEditing"))
    }

    @Test func theLayoutManagersHearOfEditsFromTheFirstChangedCharacter() throws {
        let t = try world()
        let state = t.world.bridge.state
        let manager = try #require(try state.object(of: state.global("manager"), as: LayoutManager.self))
        manager.textStorageEdited(mask: 0, range: NSRange(location: NSNotFound, length: 0), changeInLength: 0)
        try t.run("storage:replaceCharactersInRange_withString({ location = 6, length = 0 }, 'big ')")
        #expect(manager.firstInvalidCharacter == 0, "never laid out: from the start")
        #expect(
            try t.run(
                "return #storage.layoutManagers, manager.textStorage == storage, container.layoutManager == manager, "
                    + "container.lineFragmentPadding, container.size.width")
                == [1, true, true, 5, 200])
        #expect(t.error("container.size = struct.CGSize(-1, 10)").contains("finite and not negative"))
        #expect(
            t.error("manager:removeTextContainerAtIndex(3)").contains("outside the layout manager's 1 text containers"))
    }

    /// A subclass colours words as Celedev's ColoringTextStorage does: in `processEditing`,
    /// then TextKit's own, which tells the delegate of the colouring too.
    @Test func aScriptsProcessEditingColoursWordsBeforeTextKitsOwn() throws {
        let t = try world()
        try t.run(
            """
            Coloring = objc.NSTextStorage:createSubclass("Coloring")
            function Coloring:processEditing()
                local text = self.string
                local start, finish = text:find("TextKit")
                if start then
                    self:addAttribute_value_range("NSColor", objc.UIColor.blueColor, { location = start - 1, length = 7 })
                end
                self[objc.NSTextStorage]:processEditing()
            end
            colored = Coloring:newWithString("Hi")
            colored.delegate = watcher
            log = {}
            colored:replaceCharactersInRange_withString({ location = 2, length = 0 }, " TextKit")
            """)
        #expect(try t.takeLog() == ["3 2+8 8"])
        #expect(
            try t.run("return colored:attributesAtIndex_effectiveRange(4, nil).NSColor:isEqual(objc.UIColor.blueColor)")
                == [true])
    }

    /// A subclass that keeps its characters and attributes in a store of its own: TextKit's
    /// initializers run its `init`, and the other methods go through its primitives.
    @Test func aScriptStoreIsReachedThroughItsPrimitives() throws {
        let t = try world()
        try t.run(
            """
            \(Self.backedStore)
            backed = Backed:newWithString("round words")
            backed:addAttribute_value_range("NSColor", objc.UIColor.redColor, { location = 0, length = 5 })
            """)
        #expect(try t.takeLog() == ["init"])
        #expect(
            try t.run(
                """
                local store = backed.backingStore
                return backed.length, backed:attributedSubstringFromRange({ location = 6, length = 5 }).string,
                    store:attributesAtIndex_effectiveRange(0, nil).NSColor:isEqual(objc.UIColor.redColor),
                    store:attributesAtIndex_effectiveRange(6, nil).NSColor == nil
                """) == [11, "words", true, true])
        let state = t.world.bridge.state
        let backed = try #require(try state.object(of: state.global("backed"), as: TextStorage.self))
        #expect(try backed.contents().runs.count == 2)
    }

    /// Colouring one word of a script store reads the runs of that word, not the whole store
    /// (Celedev's sample colours every word, so a whole read each time took seconds).
    @Test func aChangeToAScriptStoreReadsOnlyTheRunsItMeets() throws {
        let t = try world()
        try t.run(
            """
            \(Self.backedStore)
            counted = Backed:newWithString(string.rep("word ", 200))
            for i = 0, 199 do
                counted:addAttribute_value_range("NSKern", i % 3, { location = i * 5, length = 4 })
            end
            counted.reads = 0
            counted:addAttribute_value_range("NSColor", objc.UIColor.redColor, { location = 500, length = 4 })
            """)
        #expect(try t.run("return counted.reads") == [1])
    }

    /// What a script reports of its edits is checked: no sum over it can overflow.
    @Test func editsReportedByScriptsAreBounded() throws {
        let t = try world()
        #expect(
            t.error("storage:edited_range_changeInLength(2, { location = 0, length = 1 }, math.maxinteger)")
                .contains("edited range {0, 1} and change 9223372036854775807 must be"))
        #expect(
            t.error("storage:edited_range_changeInLength(2, { location = 0, length = 1 }, math.mininteger)")
                .contains("must be from 0"))
    }
}
