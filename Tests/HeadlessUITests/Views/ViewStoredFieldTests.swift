import Foundation
import HeadlessUI
import LuaRuntime
import Testing

@testable import ObjectBridge

/// The view properties `__index` reads from the view's memory (numbers, records, references)
/// are found, read what the getters would, and stay right whatever a script does.
@Suite struct ViewStoredFieldTests {
    @Test func theFieldsAreFoundAndOnlyTheRightOnes() throws {
        let keys = try TestWorld().world.bridge.structKeys
        let rect = try #require(CGRect.recordShape(in: keys))
        let point = try #require(CGPoint.recordShape(in: keys))
        #expect(NativeObjectField(plain: "alpha", of: View.self, as: Double.self)?.kind == .double)
        #expect(NativeObjectField(plain: "isHidden", of: Button.self, as: Bool.self)?.kind == .bool)
        #expect(NativeObjectField(record: "bounds", of: View.self, as: CGRect.self, shape: rect) != nil)
        #expect(NativeObjectField(record: "center", of: Label.self, as: CGPoint.self, shape: point) != nil)
        #expect(NativeObjectField(reference: "superview", of: View.self, to: View.self) != nil)
        #expect(NativeObjectField(reference: "backgroundColor", of: View.self, to: Color.self) != nil)
        #expect(NativeObjectField(reference: "layer", of: View.self, to: Layer.self) != nil)
        // A computed property, fields of other types, and a struct that is not its Doubles.
        #expect(NativeObjectField(plain: "frame", of: View.self, as: CGRect.self) == nil)
        #expect(NativeObjectField(record: "center", of: View.self, as: CGRect.self, shape: rect) == nil)
        #expect(NativeObjectField(reference: "superview", of: View.self, to: Color.self) == nil)
        #expect(NativeObjectField(plain: "tag", of: View.self, as: Double.self) == nil)
        #expect(!NativeObjectField.holdsDoublesInOrder(NSRange.self, count: 2), "NSRange holds Ints")
    }

    @Test func readsAreWhatTheGettersGive() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local parent = objc.UIView:newWithFrame(struct.CGRect(10, 20, 300, 200))
            local child = objc.UIView:newWithFrame(struct.CGRect(5, 6, 30, 40))
            parent:addSubview(child)
            child.alpha, child.hidden = 0.25, true
            child.backgroundColor = objc.UIColor.redColor
            local bounds = child.bounds
            bounds.size.width = 999  -- a record read is the script's own copy
            -- a value of the wrong type never reaches the field
            assert(not pcall(function() child.backgroundColor = 5 end))
            assert(not pcall(function() child.bounds = "wide" end))
            assert(not pcall(function() child.alpha = {} end))
            return child.bounds.size.width, child.bounds.origin.x, child.center.x, child.center.y,
                child.alpha, child.hidden, rawequal(child.superview, parent), parent.superview == nil,
                rawequal(child.backgroundColor, objc.UIColor.redColor), parent.backgroundColor == nil,
                rawequal(child.layer, child.layer), getmetatable(child.bounds) == getmetatable(struct.CGRect(0, 0, 1, 1))
            """)
        #expect(results == [30, 0, 20, 26, 0.25, true, true, true, true, true, true, true])
    }

    /// An object Swift set that Lua has never seen gets its userdata from the getter, then keeps
    /// it; a script's property replaces the field's read until it goes; a finalized view's
    /// fields are the getter's to answer.
    @Test func aScriptCannotBreakTheReads() throws {
        let t = try TestWorld()
        try t.run("view = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))")
        let state = t.world.bridge.state
        let view = try #require(try state.object(of: state.global("view"), as: View.self))
        view.backgroundColor = Color(red: 0, green: 0.5, blue: 1, alpha: 1)
        #expect(
            try t.run(
                """
                local first = view.backgroundColor
                return first ~= nil and rawequal(first, view.backgroundColor), first.description ~= nil
                """) == [true, true])
        let scripted = try t.run(
            """
            Boxed = objc.UIView:createSubclass "Boxed"
            local box = Boxed:newWithFrame(struct.CGRect(0, 0, 8, 8))
            local before = box.bounds.size.width
            Boxed.bounds = property { get = function(self) return "scripted" end }
            local during = box.bounds
            Boxed.bounds = nil
            return before, during, box.bounds.size.width
            """)
        #expect(scripted == [8, "scripted", 8])
        let freed = try t.run(
            """
            do
                local holder = setmetatable({}, { __gc = function(self) revived = self.view end })
                holder.view = objc.UIView:newWithFrame(struct.CGRect(0, 0, 4, 4))
            end
            collectgarbage() collectgarbage()
            local ok = pcall(function() return revived.bounds end)
            local okColor = pcall(function() return revived.backgroundColor end)
            return revived ~= nil, ok, okColor
            """)
        #expect(freed == [true, false, false], "a released view's fields are not read")
    }
}
