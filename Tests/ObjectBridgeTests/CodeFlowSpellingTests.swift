import Foundation
import LuaRuntime
import ObjectBridge
import Testing

/// CodeFlow's spellings of the class model (docs/guide/scripting.md): properties called as methods,
/// setter methods, class properties, extended native classes, class message handlers.
@Suite struct CodeFlowSpellingTests {
    @Test func propertiesReadAsGetterCalls() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:newWithFrame(struct.CGRect(1, 2, 30, 40))
            w.title = "hello"
            w.content = objc.Widget:new()
            assert(w:frame().size.width == 30 and w:frame() == w.frame)
            assert(w:content() == w.content and w:title() == "hello" and w:hidden() == false)
            assert(w:delegate() == nil and w:paths(2):count() == 2)
            assert(objc.Widget:defaultAlpha() == objc.Widget.defaultAlpha)
            assert(w[objc.Widget]:alpha() == w.alpha)
            return w:alpha(), w:tag(), #w:paths(3)
            """)
        #expect(results == [1, 0, 3])
    }

    @Test func callsThatAreNotGetterCallsKeepLuasMessages() throws {
        let t = try TestBridge()
        for (source, expected) in [
            ("local x = nil; x()", "test:1: attempt to call a nil value (local 'x')"),
            ("noSuchFunction()", "test:1: attempt to call a nil value (global 'noSuchFunction')"),
            ("local t = { n = 5 }; t.n()", "test:1: attempt to call a number value (field 'n')"),
            ("local t = { n = 5 }; t:n()", "test:1: attempt to call a number value (method 'n')"),
            ("local w = objc.Widget:new(); w:frame(1)", "test:1: attempt to call a CGRect value (method 'frame')"),
            (
                "local w = objc.Widget:new(); w.note = 'x'; w:note()",
                "test:1: attempt to call a string value (method 'note')"
            ),
            ("local w = objc.Widget:new(); local f = w.title; f()", "test:1: attempt to call a nil value (local 'f')"),
            ("local w = objc.Widget:new(); w:noSuchMethod()", "Widget has no method 'noSuchMethod'"),
        ] {
            #expect(t.error(source).contains(expected), "\(source)")
        }
        // The traceback starts where the call was written, as for Lua's own error.
        do {
            try t.run("local x\nx()")
        } catch let error as LuaError {
            #expect(error.traceback?.contains("metamethod") == false)
            #expect(error.line == 2)
        }
    }

    @Test func setterMethodsGoThroughTheSameSetterAsAssignment() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            w:setTag(7)
            w:setTitle("set")
            w:setCheckedAlpha(0.25)
            local Sub = objc.Widget:createSubclass("TaggedWidget")
            Sub.tag = property { get = function(self) return self._tag or 0 end,
                                 set = function(self, value) self._tag = value * 10 end }
            Sub.label = property()
            local s = Sub:new()
            s:setTag(2)
            s:setLabel("via setter")
            local t2 = Sub:new()
            t2.tag = 3
            return w.tag, w.title, w.alpha, s.tag, s:tag(), t2.tag, s.label, s._label
            """)
        #expect(results == [7, "set", 0.25, 20, 20, 30, "via setter", "via setter"])
        #expect(t.error("objc.Widget:new():setSize(struct.CGSize(1, 1))").contains("method 'setSize'"))
        #expect(
            t.error("objc.Widget:new().setTag(5)").contains(
                "setTag needs an object as self, got number (write obj:setTag(value), with ':')"))
    }

    /// CodeFlow's assignment spelling of a one-argument setter method that names no property:
    /// `text.attributedString = other` calls `setAttributedString(other)`. It has no getter,
    /// and a method of no argument (`setNeedsRedraw`) makes no such property.
    @Test func assignmentCallsASetterMethodThatNamesNoProperty() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            w.caption = "assigned"
            local s = objc.Widget:createSubclass("CaptionedWidget"):new()
            s.caption = "inherited"
            w.needsRedraw = "a field"
            return w.title, s.title, w.needsRedraw, w.tag
            """)
        #expect(results == ["caption: assigned", "caption: inherited", "a field", 0])
        #expect(
            t.error("return objc.Widget:new().caption").contains(
                "Widget.caption has no getter: it is set with setCaption"))
    }

    @Test func classesKnowTheirSuperclassAndName() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local Sub = class.createClass("SubWidget", objc.Widget)
            assert(Sub.superclass == objc.Widget and Sub:superclass() == objc.Widget)
            assert(objc.NSObject.superclass == nil and objc.Widget.superclass == objc.NSObject)
            return Sub.className, Sub:className(), objc.Widget.className
            """)
        #expect(results == ["SubWidget", "SubWidget", "Widget"])
    }

    @Test func extendedNativeClassesGainScriptMembersThatReload() throws {
        let t = try TestBridge()
        let bridge = t.bridge
        let first = """
            local Widget = class.extendClass(objc.Widget)
            assert(Widget == objc.Widget and objc.Widget:extendClass() == objc.Widget)
            function Widget:double() return self.tag * 2 end
            function Widget:gone() return "defined once" end
            Widget.extra = property()
            """
        try bridge.runModule(named: "Extension") { try t.run(first) }
        #expect(
            try t.run("local w = objc.Widget:new(); w.tag = 4; w.extra = 'x'; return w:double(), w:gone(), w.extra")
                == [8, "defined once", "x"])
        try bridge.runModule(named: "Extension") {
            try t.run("function objc.Widget:double() return self.tag * 3 end")
        }
        #expect(
            try t.run("local w = objc.Widget:new(); w.tag = 4; return w:double(), w.gone, w.extra") == [12, .nil, .nil])
        // A failing run puts the class back as it was.
        #expect(throws: LuaError.self) {
            try bridge.runModule(named: "Extension") {
                try t.run("function objc.Widget:double() return 0 end error('stop')")
            }
        }
        #expect(try t.run("local w = objc.Widget:new(); w.tag = 4; return w:double()") == [12])
        // So does a failing run of another module that changed the class first.
        #expect(throws: LuaError.self) {
            try bridge.runModule(named: "Other") { try t.run("function objc.AdoptingWidget:late() end error('stop')") }
        }
        #expect(try t.run("return objc.AdoptingWidget:new().late") == [.nil])
        #expect(
            t.error("function objc.Widget:measure() end").contains("cannot replace the native method Widget:measure"))
        #expect(t.error("objc.Widget.frame = property()").contains("cannot replace the native property Widget.frame"))
        #expect(
            t.error("objc.Widget:declareSetters { title = function() end }").contains("native property Widget.title"))
        #expect(
            t.error("class.extendClass(42)").contains(
                "bad argument #1 (class) to 'class.extendClass' (class expected, got number)"))
    }

    @Test func classesHandleMessagesAndObjectsDropAllTheirHandlers() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local Counter = class.createClass("Counter")
            Counter.count = 0
            function Counter.classMethod:bump(messageName, by) self.count = self.count + by end
            Counter:addMessageHandler("bump", "bump")
            local w = objc.Widget:new()
            local seen = {}
            w:addMessageHandler({ "a", "b" }, function(self, messageName, x) seen[#seen + 1] = messageName .. x end)
            message.post("bump", 2)
            message.post("a", 1)
            w:removeMessageHandler()
            message.post("a", 2)
            message.post("b", 3)
            Counter:removeMessageHandler("bump")
            message.post("bump", 5)
            return Counter.count, #seen, seen[1]
            """)
        #expect(results == [2, 1, "a1"])
    }
}
