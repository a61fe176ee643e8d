import LuaRuntime
import ObjectBridge
import Testing

/// Every kind of bad input the bridge promises a clear Lua error for; the state goes on.
@Suite struct BadInputTests {
    func expectError(_ t: TestBridge, _ source: String, _ fragments: String...) {
        let message = t.error(source)
        for fragment in fragments {
            #expect(message.contains(fragment), "\(message) should contain \(fragment)")
        }
    }

    @Test func unknownNamesSuggestTheClosest() throws {
        let t = try TestBridge()
        expectError(t, "return objc.Widgte", "objc has no class 'Widgte'", "did you mean 'Widget'?")
        expectError(t, "return class.Nope", "class has no class 'Nope'")
        expectError(
            t, "objc.Widget:new():measur()", "test:1:", "Widget has no method 'measur'", "did you mean 'measure'?")
        expectError(
            t, "objc.Widget:widgetWithTga(1)", "class Widget has no class method 'widgetWithTga'",
            "did you mean 'widgetWithTag'?")
        expectError(t, "return objc.Widget.Style.Plian", "enum Style has no member 'Plian'", "did you mean 'Plain'?")
        expectError(t, "objc.Widget:newWithFrome({})", "no initializer initWithFrome", "did you mean 'newWithFrame'?")
        expectError(t, "return require('TestKit.Constants').Answer", "module TestKit.Constants has no member 'Answer'")
        #expect(try t.run("return 1 + 1") == [2])
    }

    @Test func wrongArgumentsNameTheParameterAndType() throws {
        let t = try TestBridge()
        try t.run("w = objc.Widget:new()")
        expectError(
            t, "w:offsetPoint_by({ x = 1, y = 2 }, 'big')",
            "bad argument #2 (by) to 'Widget:offsetPoint_by' (CGSize expected (a table with its fields), got string)")
        expectError(
            t, "w:offsetPoint_by({ x = 1 }, { width = 1, height = 2 })", "CGPoint expected: field 'y' is missing")
        expectError(
            t, "w.frame = { origin = { x = 1, y = 'a' }, size = { width = 1, height = 1 } }",
            "Widget.frame", "field 'origin.y' is a string, not a number")
        expectError(t, "w.frame = { x = 1, y = 2 }", "field 'width' is missing")  // a flat rectangle, short
        expectError(t, "w.tag = 1.5", "integer expected, got 1.5")
        expectError(t, "w.tag = 0/0", "integer expected")
        expectError(t, "w.tag = 2^80", "integer expected")
        expectError(t, "w:sum { 1, 'x' }", "element 2: number expected, got string")
        expectError(t, "w:offsetPoint_by({ x = 1, y = 2 }, { width = 1, height = 2 }, 3)", "takes 2 arguments, got 3")
        expectError(t, "w.content = 5", "Widget.content", "NSObject expected, got number")
        expectError(t, "w:runBlock_times('f', 1)", "function expected, got string")
        expectError(t, "return struct.CGRect(1, 'x')", "bad argument #2 (y) to 'struct.CGRect'")
        expectError(t, "return property(5)", "bad argument #1 to 'property'")
        #expect(try t.run("return w.tag") == [0])
    }

    @Test func wrongSelfIsExplained() throws {
        let t = try TestBridge()
        try t.run("w = objc.Widget:new()")
        expectError(t, "w.measure()", "Widget:measure needs Widget as self, got no value", "with ':'")
        expectError(
            t, "w.offsetPoint_by({ x = 1, y = 2 }, { width = 1, height = 2 })", "needs Widget as self, got table",
            "with ':'")
        expectError(t, "objc.Widget.widgetWithTag(3)", "needs the class Widget as self")
        expectError(
            t, "local f = w.measure; f(objc.NSIndexPath:indexPathForItem_inSection(0, 0))",
            "needs Widget as self, got NSIndexPath")
        expectError(t, "objc.Widget.new()", "needs a class as self")
        expectError(t, "w.addMessageHandler('x', 'y')", "needs an object or class as self")
    }

    @Test func superThroughAClassThatIsNotASuperclass() throws {
        let t = try TestBridge()
        try t.run("A = class.createClass('A'); function A:f() return 1 end; a = A:new()")
        expectError(t, "return a[objc.Widget]:f()", "Widget is not a superclass of A")
        expectError(t, "return a[objc.NSObject]:nothing()", "NSObject has no method or property 'nothing'")
        expectError(t, "return a[A].f()", "call super methods with ':'")
        #expect(try t.run("return a[A]:f()") == [1])
    }

    @Test func settersThatFailAndReadOnlyProperties() throws {
        let t = try TestBridge()
        try t.run("w = objc.Widget:new()")
        expectError(t, "w.checkedAlpha = 3", "alpha 3.0 is outside 0...1")
        expectError(t, "w.size = { width = 1, height = 1 }", "property 'size' of Widget is read-only")
        try t.run(
            "S = objc.Widget:createSubclass('S'); S.x = property { set = function(self, v) error('no x for you') end }")
        expectError(t, "S:new().x = 1", "no x for you")
        expectError(t, "objc.Widget.Style.Plain = 3", "enum Style is read-only")
        expectError(t, "function objc.Widget:measure() end", "cannot replace the native method Widget:measure")
        expectError(t, "objc.Widget:createSubclass('NSObject')", "NSObject is a native class")
        expectError(
            t, "class.createClass('S', objc.NSObject)",
            "class S's superclass changed from Widget to NSObject; changing a class's superclass needs a restart")
        expectError(t, "objc.Widget:createSubclass(nil)", "bad argument #1 (name) to 'createSubclass'")
        expectError(
            t, "objc.NSIndexPath:new()", "NSIndexPath cannot be created (NSIndexPath has no public initializer)")
        try t.run("p = objc.NSIndexPath:indexPathForItem_inSection(1, 0)")
        expectError(t, "p.mark = 1", "cannot set 'mark' of NSIndexPath: its values are immutable")
        expectError(t, "p.item = 3", "property 'item' of NSIndexPath is read-only")
        expectError(t, "w.content = p", "bad argument #1 (content) to 'Widget.content'", "expected, got NSIndexPath")
        expectError(t, "local compare = p.compare; compare(w, p)", "needs NSIndexPath as self, got Widget")
        expectError(t, "return p < 1", "attempt to compare an NSIndexPath with number")
        expectError(t, "objc.NSIndexPath:indexPathForItem_inSection(-1, 0)", "must be from 0, got item -1")
        expectError(
            t, "objc.NSIndexSet:indexSetWithIndexesInRange { location = 0, length = 2147483647 }",
            "a range of 2147483647 indexes is longer than 10000000")
        #expect(try t.run("return w.alpha") == [1])
    }

    @Test func badMessagesAndHandlers() throws {
        let t = try TestBridge()
        try t.run("o = class.createClass('O'):new()")
        expectError(t, "o:addMessageHandler(5, 'x')", "message name or list of names expected, got number")
        expectError(t, "o:addMessageHandler('m', 5)", "method name or function expected, got number")
        expectError(t, "message.post(nil)", "bad argument #1 (name) to 'message.post'")
        try t.run("o:addMessageHandler('m', 'missingMethod'); message.post('m')")
        #expect(t.reports.last?.description.contains("has no method 'missingMethod' to handle message 'm'") == true)
    }

    @Test func deepAndCyclicTablesAreRefused() throws {
        let t = try TestBridge()
        try t.run("w = objc.Widget:new()")
        expectError(t, "local t = {}; t.origin = t; t.size = t; w.frame = t", "field 'origin.x' is missing")
        expectError(t, "local t = {}; t[1] = t; w:sum(t)", "element 1: number expected, got table")
        expectError(
            t, "local t = setmetatable({}, { __index = function() error('boom') end }); w.frame = t",
            "field 'origin' is missing")
    }
}
