import Foundation
import LuaRuntime
import ObjectBridge
import Testing

/// The Objects and Classes sections of docs/guide/scripting.md, line by line, in both spellings.
@Suite struct ClassModelTests {
    @Test func nativePropertiesMethodsAndStructs() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:newWithFrame(struct.CGRect(1, 2, 30, 40))
            assert(w.frame.origin.x == 1 and w.frame.size.height == 40)
            w.frame = { origin = { x = 5, y = 6 }, size = { width = 7, height = 8 } }
            w:setAlpha(0.25)
            w.tag = 7
            w.title = "hello"
            w.insets = struct.UIEdgeInsets(1, 2, 3, 4)
            w.transform = { a = 2, b = 0, c = 0, d = 2, tx = 1, ty = 1 }
            local p = w:offsetPoint_by({ x = 1, y = 2 }, struct.CGSize(10, 20))
            local u = w:unionRect_withRect(struct.CGRect(0, 0, 1, 1), { origin = { x = 5, y = 5 }, size = { width = 1, height = 1 } })
            return w.frame.origin.x, w.alpha, w.tag, w.title, w.insets.right, w.transform.tx, p.x, p.y,
                   u.size.width, w.size.width, w:rangeLength(struct.NSRange(3, 9)), w:sum { 1, 2, 3.5 }
            """)
        #expect(results == [5, 0.25, 7, "hello", 4, 1, 11, 22, 6, 7, 9, 6.5])
    }

    @Test func identityArraysAndIndexPaths() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            local c = objc.Widget:new()
            w.content = c
            assert(w.content == c and rawequal(w.content, c))
            local paths = w:paths(3)
            local items = {}
            for path in paths do items[#items + 1] = path.item end
            local a = objc.NSIndexPath:indexPathForItem_inSection(2, 1)
            local b = objc.NSIndexPath:indexPathForRow_inSection(2, 1)
            assert(a == b and a:isEqual(b) and a.row == 2 and a.section == 1)
            assert(paths[4] == nil and paths.count == 3 and paths:objectAtIndex(1).item == 1)
            return #paths, paths[1].item, paths[3].item, table.concat(items, ","), w:keys { b = 1, a = 2 }[1]
            """)
        #expect(results == [3, 0, 2, "0,1,2", "a"])
    }

    @Test func indexPathsAreValues() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local a = objc.NSIndexPath:indexPathForItem_inSection(2, 1)
            local b = objc.NSIndexPath:indexPathForItem_inSection(2, 1)
            local c = objc.NSIndexPath:indexPathForItem_inSection(0, 2)
            assert(a == b and not rawequal(a, b) and a ~= c and a < c and not (c < a))
            assert(a:compare(c) == -1 and c:compare(a) == 1 and a:compare(b) == 0)
            assert(a:isEqual(b) and not a:isEqual(c) and not a:isEqual(objc.Widget:new()) and not a:isEqual(nil))
            assert(a:isKindOfClass(objc.NSIndexPath) and a:isKindOfClass(objc.NSObject) and not a:isKindOfClass(objc.Widget))
            assert(a:respondsToSelector("item") and not a:respondsToSelector("frame") and a:init() == a)
            local paths = objc.Widget:new():paths(3)
            assert(paths:containsObject(objc.NSIndexPath:indexPathForItem_inSection(1, 0)) and not paths:containsObject(a))
            local visits = {}
            for p in paths do for q in paths do visits[#visits + 1] = p.item .. q.item end end
            return a.description, tostring(a), a.length, table.concat(visits, " ")
            """)
        #expect(results == ["<NSIndexPath>", "<NSIndexPath section 1, item 2>", 2, "00 01 02 10 11 12 20 21 22"])
        t.bridge.state.collectGarbage()
        let objectsBefore = t.bridge.state.liveNativeObjects
        #expect(
            try t.run(
                """
                many = {}
                for i = 1, 1000 do many[i] = objc.NSIndexPath:indexPathForItem_inSection(i, 0) end
                return many[1000].item
                """) == [1000])
        #expect(t.bridge.state.liveNativeObjects == objectsBefore, "index paths hold no Swift objects")
    }

    @Test func stringsActAsNSString() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local text = "héllo, wörld"
            local parts = text:componentsSeparatedByString(", ")
            return text.length, #parts, parts[2], ("abc"):upper(), text:substringWithRange { location = 0, length = 5 },
                   ("ABC"):lowercaseString(), text:length()
            """)
        #expect(results == [12, 2, "wörld", "ABC", "héllo", "abc", 12])
        #expect(t.error("local s = 'x'; return s('y')").contains("attempt to call a string value"))
    }

    /// `lineRangeForRange` and `paragraphRangeForRange`, in UTF-16 units: Celedev's TextKit
    /// sample re-colours the lines an edit touched.
    @Test func stringsGiveTheLinesARangeTouches() throws {
        let t = try TestBridge()
        #expect(
            try t.run(
                """
                local text = "é one\\ntwo\\r\\nthree"
                local a = text:lineRangeForRange { location = 1, length = 0 }
                local b = text:lineRangeForRange { location = 7, length = 5 }
                local c = text:paragraphRangeForRange { location = 14, length = 0 }
                return a.location, a.length, b.location, b.length, c.location, c.length
                """) == [0, 6, 6, 10, 11, 5])
        #expect(
            t.error("return ('abc'):lineRangeForRange { location = 2, length = 5 }").contains(
                "range {2, 5} is outside a string of length 3"))
    }

    @Test func scriptSubclassOverridesReachNativeCode() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local Cell = objc.Widget:createSubclass("Cell")
            function Cell:initWithFrame(frame)
                self[objc.Widget]:initWithFrame(frame)
                self.initialized = true
                return self
            end
            function Cell:sizeForWidth(width)
                local base = self[objc.Widget]:sizeForWidth(width)
                return { width = base.width * 2, height = base.height + 1 }
            end
            local cell = Cell:newWithFrame(struct.CGRect(0, 0, 50, 10))
            local plain = objc.Widget:newWithFrame(struct.CGRect(0, 0, 50, 10))
            return cell.initialized, cell:measure().width, cell:measure().height, plain:measure().width,
                   class.Cell == Cell, objc.Cell == Cell, Cell:createSubclass("Cell2") == class.Cell2,
                   objc.Widget:createSubclass("Cell") == Cell
            """)
        #expect(results == [true, 100, 11, 50, true, true, true, true])
    }

    @Test func scriptClassesOfScriptClassesAndRootClasses() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local Base = class.createClass("Base")
            function Base:init() self.log = { "base" }; return self end
            function Base:describe() return "base" end
            local Derived = class.createClass("Derived", Base)
            function Derived:init()
                self[Base]:init()
                table.insert(self.log, "derived")
                return self
            end
            function Derived:describe() return "derived+" .. self[Base]:describe() end
            function Base.classMethod:make(n) return n * 3 end
            local d = Derived:new()
            return d:describe(), table.concat(d.log, ","), Derived:make(4), Base:make(1), d:isKindOfClass(Base)
            """)
        #expect(results == ["derived+base", "base,derived", 12, 3, true])
    }

    @Test func propertiesInBothSpellings() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local Layout = objc.Widget:createSubclass("Layout")
            Layout.pinchedCellPath = property()
            function Layout:setPinchedCellPath(path)
                self._pinchedCellPath = path
                self.invalidations = (self.invalidations or 0) + 1
            end
            Layout.scale = property { set = function(self, s) self._scale = s * 10 end }
            Layout.label = property { get = function(self) return "L" .. self.tag end }
            Layout:declareSetters { speed = "applySpeed", weight = function(self, v) self._w = v + 1 end }
            Layout:declareGetters { speed = function(self) return self._speed end }
            function Layout:applySpeed(v) self._speed = v * 2 end
            local l = Layout:new()
            l.pinchedCellPath = objc.NSIndexPath:indexPathForItem_inSection(1, 0)
            l.scale = 3
            l.tag = 4
            l.speed = 5
            l.weight = 6
            return l.pinchedCellPath.item, l.invalidations, l.scale, l.label, l.speed, l._w
            """)
        #expect(results == [1, 1, 30, "L4", 10, 7])
    }

    @Test func fieldsOnEveryObjectAndClassFields() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            w.anything = { 1, 2 }
            local Counter = class.createClass("Counter")
            Counter.limit = 10
            local c = Counter:new()
            c.count = 3
            return #w.anything, c.count, Counter.limit, w.missing
            """)
        #expect(results == [2, 3, 10, nil])
    }

    @Test func classMethodsPropertiesAndEnumsInBothSpellings() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local W = objc.Widget
            local module = require "TestKit.Widget"
            local constants = require "TestKit.Constants"
            return W:widgetWithTag(9).tag, W.defaultAlpha, W.Style.FlexibleWidth, W.Style.flexibleWidth,
                   module.Style.grouped, module.style.Grouped, constants.answerValue, constants.Double(4)
            """)
        #expect(results == [9, 0.5, 2, 2, 4, 4, 42, 8])
    }

    @Test func blocksTakeFewerParametersAndAreReleasedAfterUse() throws {
        let t = try TestBridge()
        try t.run("objc.Widget:new()")  // caches the class's `new`
        let before = t.bridge.state.liveReferences
        let results = try t.run(
            """
            local w = objc.Widget:new()
            local seen = {}
            w:runBlock_times(function(i) seen[#seen + 1] = i end, 3)
            local all
            w:runBlock_times(function(i, s, widget) all = s .. tostring(widget == w) end, 1)
            w.tag = 5
            local kept
            w:keepBlock(function(tag) kept = tag end)
            w:callKeptBlock()
            return table.concat(seen, ","), all, kept
            """)
        #expect(results == ["0,1,2", "extratrue", 5])
        t.bridge.state.collectGarbage()
        #expect(t.bridge.state.liveReferences == before)
    }

    @Test func actionMethodsMustBeDeclared() throws {
        let t = try TestBridge()
        try t.run(
            """
            Target = objc.Widget:createSubclass("Target")
            function Target:handleTap(sender) self.tapped = sender.tag end
            target = Target:new()
            sender = objc.Widget:widgetWithTag(3)
            """)
        #expect(t.error("target:fire_sender('handleTap', sender)").contains("declareActionMethod(\"handleTap\")"))
        let results = try t.run(
            """
            Target:declareActionMethod("handleTap")
            target:fire_sender("handleTap", sender)
            return target.tapped
            """)
        #expect(results == [3])
    }

    @Test func optionalProtocolMethodsNeedTheProtocol() throws {
        let t = try TestBridge()
        try t.run(
            """
            Delegate = class.createClass("Delegate")
            function Delegate:widget_countForTag(widget, tag) return tag * 2 end
            widget = objc.Widget:widgetWithTag(21)
            delegate = Delegate:new()
            widget.delegate = delegate
            """)
        #expect(try t.run("return widget:askDelegate()") == [nil])
        #expect(try t.run("return widget:askDelegate()") == [nil])
        #expect(t.warnings.count == 1)
        #expect(t.warnings.first?.contains("Delegate:declareProtocol(\"WidgetDelegate\")") == true)
        #expect(try t.run("Delegate:declareProtocol 'WidgetDelegate'; return widget:askDelegate()") == [42])
        let adopted = try t.run(
            """
            local Sub = objc.AdoptingWidget:createSubclass("Sub")
            function Sub:widget_countForTag(widget, tag) return tag + 1 end
            local d = Sub:new()
            widget.delegate = d
            return widget:askDelegate()
            """)
        #expect(adopted == [22])
    }

    @Test func messagesInRegistrationOrderWithErrorsIsolated() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local log = {}
            local Listener = class.createClass("Listener")
            function Listener:refresh(messageName, name) log[#log + 1] = self.id .. ":" .. name end
            local a, b, c = Listener:new(), Listener:new(), Listener:new()
            a.id, b.id, c.id = "a", "b", "c"
            a:addMessageHandler("system.did_load_module", "refresh")
            b:addMessageHandler({ "system.did_load_module", "other" }, function(self, _, name) error("broken " .. name) end)
            c:addMessageHandler("system.did_load_module", function(self, _, name) log[#log + 1] = "c!" .. name end)
            Listener:addMessageHandler("other", function(cls, messageName, x) log[#log + 1] = messageName .. x end)
            local delivered = message.post("system.did_load_module", "Cells.LabelCell")
            c:removeMessageHandler("system.did_load_module")
            message.post("system.did_load_module", "again")
            message.post("other", 1)
            return table.concat(log, " "), delivered
            """)
        #expect(results == ["a:Cells.LabelCell c!Cells.LabelCell a:again other1", 3])
        let errors = t.reports.filter { $0.severity == .error }
        #expect(errors.count == 3)
        #expect(errors.first?.message == "a handler of message 'system.did_load_module'")
        #expect(errors.first?.inHandler == true)
        #expect(errors.first?.scriptError?.message.contains("broken Cells.LabelCell") == true)
        #expect(errors.first?.scriptError?.traceback?.contains("stack traceback") == true)
    }

    @Test func nativeCodePostsMessages() throws {
        let t = try TestBridge()
        try t.run(
            """
            Module = class.createClass("Module")
            m = Module:new()
            m:addMessageHandler("system.did_load_module", function(self, messageName, name) self.loaded = messageName .. " " .. name end)
            """)
        #expect(try t.bridge.post("system.did_load_module", ["Cells.LabelCell"]) == 1)
        #expect(
            try t.run("return m.loaded") == ["system.did_load_module Cells.LabelCell"], "the message's name comes first"
        )
    }

    /// Instances look members up through per-class caches; every change to a class, or to any
    /// of its superclasses, must show at once.
    @Test func overridesNativeCodeCallsFollowClassChanges() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            Base = objc.Widget:createSubclass("Base")
            Leaf = Base:createSubclass("Leaf")
            local leaf = Leaf:newWithFrame(struct.CGRect(0, 0, 50, 10))
            local native = leaf:measure().width
            function Base:sizeForWidth(width) return { width = width * 2, height = 1 } end
            local inherited = leaf:measure().width
            function Leaf:sizeForWidth(width) return { width = width * 3, height = 1 } end
            local own = leaf:measure().width
            function Base:sizeForWidth(width) return { width = width * 4, height = 1 } end
            local still = leaf:measure().width
            Leaf.sizeForWidth = nil
            local back = leaf:measure().width
            return native, inherited, own, still, back
            """)
        #expect(results == [50, 100, 150, 150, 200])
    }

    @Test func memberLookupsFollowClassChanges() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            Base = objc.Widget:createSubclass("Base")
            Leaf = Base:createSubclass("Leaf")
            local leaf = Leaf:new()
            local before = leaf.greet          -- cached as "no member"
            leaf.note = "field"
            function Base:greet() return "base" end
            local inherited = leaf:greet()
            function Leaf:greet() return "leaf" end
            local own = leaf:greet()
            Leaf.greet = nil
            local back = leaf:greet()
            Base.size = property { get = function(self) return "scripted" end }
            return before, leaf.note, inherited, own, back, leaf.size
            """)
        #expect(results == [nil, "field", "base", "leaf", "base", "scripted"])
    }

    /// Objects used as dictionaries outgrow the member cache, which then starts over.
    @Test func manyFieldNamesOnOneClass() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            for i = 1, 5000 do w["key" .. i] = i end
            local sum = 0
            for i = 1, 5000 do sum = sum + w["key" .. i] end
            w.alpha = 0.5
            return sum, w.alpha, w.frame.size.width
            """)
        #expect(results == [12_502_500, 0.5, 0])
    }

    /// A script property may use a native method as its getter: it is called with the object
    /// alone, like any getter (only native property getters run in place from `__index`).
    @Test func aNativeMethodAsAScriptGetter() throws {
        let t = try TestBridge()
        #expect(
            try t.run(
                """
                Probe = objc.Widget:createSubclass("Probe")
                Probe.same = property { get = objc.NSObject.isEqual }
                return Probe:new().same
                """) == [false])
    }

    /// CodeFlow's rule for `new`: an initializer that returns nothing gives the new instance;
    /// an explicit nil gives nil; anything but an object is an error.
    @Test func whatAnInitializerReturnsDecidesWhatNewGives() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local Quiet = objc.Widget:createSubclass("Quiet")
            function Quiet:initWithFrame(frame) self[objc.Widget]:initWithFrame(frame) self.ready = true end
            local Refusing = objc.Widget:createSubclass("Refusing")
            function Refusing:init() return nil end
            local quiet = Quiet:newWithFrame { origin = { x = 1, y = 2 }, size = { width = 3, height = 4 } }
            return quiet.ready, quiet.frame.size.width, Refusing:new()
            """)
        #expect(results == [true, 3, nil])
        #expect(
            t.error(
                """
                local Odd = objc.Widget:createSubclass("Odd")
                function Odd:init() return 42 end
                Odd:new()
                """
            ).contains("Odd:init returned number; an initializer returns the new object, nil, or nothing"))
    }
}
