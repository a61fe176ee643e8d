import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UITextField: editing begun by a tap or by code, typing through the delegate in UIKit's
/// order, the return key, focus moving between fields, and what a script's bad values get.
@Suite struct TextFieldTests {
    /// Two rounded fields, `first` at (20, 100) and `second` at (20, 150), each 300 x 34, with
    /// a delegate that logs every call into `log` and agrees unless `refuse[method]` is set.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            refuse = {}
            local Events = require("UIKit.UIControl").Events
            local TextField = require "UIKit.UITextField"
            Watcher = objc.NSObject:createSubclass "Watcher"
            Watcher:declareProtocol "UITextFieldDelegate"
            local function note(text) log[#log + 1] = text end
            local function name(field) return field == first and "first" or "second" end
            for _, method in ipairs { "textFieldShouldBeginEditing", "textFieldShouldEndEditing", "textFieldShouldReturn",
                                      "textFieldShouldClear" } do
                Watcher[method] = function(self, field) note(name(field) .. " " .. method) return not refuse[method] end
            end
            for _, method in ipairs { "textFieldDidBeginEditing", "textFieldDidEndEditing" } do
                Watcher[method] = function(self, field) note(name(field) .. " " .. method) end
            end
            function Watcher:textField_shouldChangeCharactersInRange_replacementString(field, range, text)
                note(name(field) .. " change " .. range.location .. "," .. range.length .. " '" .. text .. "'")
                return not refuse.change
            end
            for _, event in ipairs { "EditingDidBegin", "EditingChanged", "EditingDidEnd" } do
                Watcher["on" .. event] = function(self, field) note(name(field) .. " " .. event) end
                Watcher:declareActionMethod("on" .. event)
            end
            function Watcher:heard(notification) note(name(notification.object) .. " " .. notification.name) end
            watcher = Watcher:new()
            Root = objc.UIViewController:createSubclass "Root"
            function Root:viewDidLoad()
                first = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 300, 34))
                second = objc.UITextField:newWithFrame(struct.CGRect(20, 150, 300, 34))
                for _, field in ipairs { first, second } do
                    field.borderStyle = TextField.BorderStyle.RoundedRect
                    field.delegate = watcher
                    for _, event in ipairs { "EditingDidBegin", "EditingChanged", "EditingDidEnd" } do
                        field:addTarget_action_forControlEvents(watcher, "on" .. event, Events[event])
                    end
                    self.view:addSubview(field)
                end
                local center = objc.NSNotificationCenter.defaultCenter
                for _, notification in ipairs { TextField.UITextFieldTextDidBeginEditingNotification,
                                                TextField.UITextFieldTextDidChangeNotification,
                                                TextField.UITextFieldTextDidEndEditingNotification } do
                    center:addObserver_selector_name_object(watcher, "heard:", notification, nil)
                end
            end
            controller = Root:new()
            """)
        try t.show()
        return t
    }

    @Test func aTapBeginsEditingAndTypingGoesThroughTheDelegateInUIKitsOrder() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 170, y = 117 } }")
        #expect(
            try t.takeLog() == [
                "first textFieldShouldBeginEditing", "first textFieldDidBeginEditing", "first EditingDidBegin",
                "first UITextFieldTextDidBeginEditingNotification",
            ])
        #expect(
            try t.run("return first.isFirstResponder, first.editing, second.isFirstResponder") == [true, true, false])
        try t.run("simulate.type 'hé'")
        #expect(
            try t.takeLog() == [
                "first change 0,0 'h'", "first EditingChanged", "first UITextFieldTextDidChangeNotification",
                "first change 1,0 'é'", "first EditingChanged", "first UITextFieldTextDidChangeNotification",
            ])
        #expect(try t.run("return first.text") == ["hé"])
    }

    @Test func rangesAreUTF16AndBackspaceTakesTheWholeLastCharacter() throws {
        let t = try world()
        try t.run("first:becomeFirstResponder() simulate.type 'a😀' log = {} simulate.key 'backspace'")
        #expect(
            try t.takeLog() == [
                "first change 1,2 ''", "first EditingChanged", "first UITextFieldTextDidChangeNotification",
            ])
        #expect(try t.run("return first.text") == ["a"])
    }

    @Test func aDelegateThatRefusesAChangeKeepsTheText() throws {
        let t = try world()
        try t.run("first:becomeFirstResponder() first.text = 'kept' refuse.change = true log = {} simulate.type 'xy'")
        #expect(try t.takeLog() == ["first change 4,0 'x'", "first change 4,0 'y'"])
        #expect(try t.run("return first.text") == ["kept"])
    }

    @Test func settingTextFromAScriptTellsNoOne() throws {
        let t = try world()
        try t.run("first:becomeFirstResponder() log = {} first.text = 'set' sentinel = true")
        #expect(try t.run("return sentinel, #log, first.text") == [true, 0, "set"])
    }

    @Test func pasteIsOneChange() throws {
        let t = try world()
        try t.run("first:becomeFirstResponder() log = {} simulate.paste 'pasted text'")
        #expect(
            try t.takeLog() == [
                "first change 0,0 'pasted text'", "first EditingChanged", "first UITextFieldTextDidChangeNotification",
            ])
    }

    /// Short replacements and ranges are pushed inside the delegate call's one protected
    /// call, longer ones the usual way: the delegate sees the same values either way, and
    /// changing its copy of the range changes nothing the next call gets.
    @Test func theDelegateGetsTheSameArgumentsHoweverTheyArePushed() throws {
        let t = try world()
        try t.run(
            """
            seen = {}
            function Watcher:textField_shouldChangeCharactersInRange_replacementString(field, range, text)
                seen[#seen + 1] = string.format("%s %s,%s %s,%s %d %q %s", field == first, range.location, range.length,
                    math.type(range.location), math.type(range.length), range:maxLocation(), text,
                    getmetatable(range) == getmetatable(struct.NSRange(0, 0)))
                range.location = 99
                return true
            end
            first:becomeFirstResponder()
            simulate.type 'a'
            simulate.paste(string.rep('b', 32))
            simulate.paste(string.rep('c', 33))
            simulate.paste 'nul\0é😀'
            """)
        let seen = try t.run("return table.concat(seen, '|')").first?.stringValue ?? ""
        #expect(
            seen.split(separator: "|") == [
                #"true 0,0 integer,integer 0 "a" true"#,
                #"true 1,0 integer,integer 1 "\#(String(repeating: "b", count: 32))" true"#,
                #"true 33,0 integer,integer 33 "\#(String(repeating: "c", count: 33))" true"#,
                #"true 66,0 integer,integer 66 "nul\0é😀" true"#,
            ])
        #expect(try t.run("return #first.text, first.text:sub(-10)") == [76, "nul\0é😀"])
    }

    @Test func returnAsksTheDelegateWhichMovesFocusToTheNextField() throws {
        let t = try world()
        try t.run(
            """
            function Watcher:textFieldShouldReturn(field)
                log[#log + 1] = 'return'
                if field == first then second:becomeFirstResponder() end
                return true
            end
            first:becomeFirstResponder() log = {}
            simulate.type 'a\\nb'
            """)
        #expect(
            try t.takeLog() == [
                "first change 0,0 'a'", "first EditingChanged", "first UITextFieldTextDidChangeNotification", "return",
                "second textFieldShouldBeginEditing", "first textFieldShouldEndEditing",
                "first textFieldDidEndEditing", "first EditingDidEnd", "first UITextFieldTextDidEndEditingNotification",
                "second textFieldDidBeginEditing", "second EditingDidBegin",
                "second UITextFieldTextDidBeginEditingNotification",
                "second change 0,0 'b'", "second EditingChanged", "second UITextFieldTextDidChangeNotification",
            ])
        #expect(try t.run("return first.text, second.text, second.isFirstResponder") == ["a", "b", true])
    }

    @Test func editingDidEndOnExitTargetsMakeReturnEndEditing() throws {
        let t = try world()
        try t.run(
            """
            function Watcher:onExit() log[#log + 1] = 'exit' end
            Watcher:declareActionMethod 'onExit'
            first:addTarget_action_forControlEvents(watcher, 'onExit', require('UIKit.UIControl').Events.EditingDidEndOnExit)
            first:becomeFirstResponder() log = {}
            simulate.key 'return'
            """)
        #expect(
            try t.takeLog() == [
                "first textFieldShouldReturn", "exit", "first textFieldShouldEndEditing",
                "first textFieldDidEndEditing",
                "first EditingDidEnd", "first UITextFieldTextDidEndEditingNotification",
            ])
        #expect(try t.run("return first.isFirstResponder") == [false])
    }

    @Test func theDelegateMayRefuseToBeginOrToEndAndEndEditingWithForceEndsAnyway() throws {
        let t = try world()
        try t.run("refuse.textFieldShouldBeginEditing = true")
        #expect(try t.run("return first:becomeFirstResponder(), first.isFirstResponder") == [false, false])
        try t.run("refuse = { textFieldShouldEndEditing = true } first:becomeFirstResponder()")
        #expect(try t.run("return first:resignFirstResponder(), first.isFirstResponder") == [false, true])
        #expect(try t.run("return controller.view:endEditing(false), first.isFirstResponder") == [false, true])
        #expect(try t.run("return controller.view:endEditing(true), first.isFirstResponder") == [true, false])
    }

    @Test func aFieldThatLeavesItsWindowStopsEditing() throws {
        let t = try world()
        try t.run("first:becomeFirstResponder() log = {} first:removeFromSuperview()")
        #expect(try t.takeLog().contains("first textFieldDidEndEditing"))
        #expect(try t.run("return first.isFirstResponder, first.editing") == [false, false])
        #expect(try t.run("return objc.UITextField:new():becomeFirstResponder()") == [false], "off screen: refused")
    }

    @Test func clearsOnBeginEditingAndTheClearButtonAskTheDelegate() throws {
        let t = try world()
        try t.run("first.text = 'old' first.clearsOnBeginEditing = true first:becomeFirstResponder()")
        #expect(try t.run("return first.text") == [""])
        try t.run("second.text = 'gone' second.clearButtonMode = 3 log = {}")
        // The clear button: 19 points wide, 6 in from the right edge (at x 20 + 300 - 6 - 9.5).
        try t.run("simulate.tap { at = { x = 304.5, y = 167 } }")
        #expect(try t.run("return second.text") == [""])
        #expect(try t.takeLog().first == "second textFieldShouldClear")
    }

    @Test func typingWithNothingFirstIsAnErrorThatSaysSo() throws {
        let t = try world()
        #expect(t.error("simulate.type 'x'").contains("simulate.type: nothing is first responder"))
        #expect(t.error("simulate.key 'escape'").contains("there is no key named 'escape'"))
        #expect(t.error("simulate.type(42)").contains("simulate.type expects a string, got number"))
        #expect(t.error("first.borderStyle = 7").contains("borderStyle must be one of 0 to 3, got 7"))
        try t.run("first:becomeFirstResponder()")
        #expect(t.error("simulate.type(string.rep('a', 100001))").contains("at most 100000 characters"))
        try t.run("first:resignFirstResponder() objc.UIView:new():becomeFirstResponder()")
        #expect(t.error("simulate.paste 'x'").contains("nothing is first responder"))
    }

    /// A rounded rect field is 34 points tall with the 17-point body font (the line height
    /// rounded up, 21, and 13 of padding), and its text starts 7 points in.
    @Test func aRoundedRectFieldIsThirtyFourPointsTall() throws {
        let t = try world()
        #expect(try t.run("return first.font.pointSize, first:sizeThatFits(struct.CGSize(0, 0)).height") == [17, 34])
        #expect(try t.run("return first:textRectForBounds(first.bounds).origin.x") == [7])
        try t.run("first.borderStyle = 0")
        #expect(try t.run("return first:intrinsicContentSize().height") == [21])
    }
}
