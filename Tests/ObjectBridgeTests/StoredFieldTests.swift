import Foundation
import LuaRuntime
import ObjectBridge
import Testing

/// Native properties that `__index` reads straight from the object's memory: which fields
/// qualify, and that nothing a script does makes such a read wrong.
@Suite struct StoredFieldTests {
    final class Gauge: BridgeObject {
        final var level = 0.5
        var observed = 1.0 { didSet { changes += 1 } }
        var changes = 0
        var label = "gauge"
        var doubled: Double { level * 2 }
    }

    @Test func onlyPlainStoredNumbersAndBooleansAreReadInPlace() throws {
        #expect(NativeObjectField(\Widget.alpha)?.kind == .double)
        #expect(NativeObjectField(\Widget.tag)?.kind == .integer)
        #expect(NativeObjectField(\Widget.hidden)?.kind == .bool)
        // A subclass reads its superclass's field at the same place.
        #expect(NativeObjectField(\AdoptingWidget.alpha) == NativeObjectField(\Widget.alpha))
        #expect(NativeObjectField(\Gauge.level)?.kind == .double)
        #expect(NativeObjectField(\Gauge.observed) == nil, "a property with observers keeps its getter")
        #expect(NativeObjectField(\Gauge.doubled) == nil, "a computed property has no field")
        #expect(NativeObjectField(\Gauge.label) == nil, "a string is not read in place")
        #expect(NativeObjectField(\Widget.frame) == nil, "an overridable property keeps its getter")
    }

    /// The offsets are the fields' own: Swift's writes show in Lua's reads, on a native
    /// object and on a script subclass's instance.
    @Test func readsFollowTheNativeObject() throws {
        let t = try TestBridge()
        try t.run(
            """
            Tinted = objc.Widget:createSubclass "Tinted"
            plain, tinted, adopting = objc.Widget:new(), Tinted:new(), objc.AdoptingWidget:new()
            """)
        for (name, alpha, tag) in [
            ("plain", 0.25, 3), ("tinted", 0.75, -9_007_199_254_740_993), ("adopting", 1e-300, 0),
        ] {
            let widget = try #require(try t.bridge.state.object(of: t.bridge.state.global(name), as: Widget.self))
            widget.alpha = alpha
            widget.tag = tag
            widget.hidden = true
            #expect(
                try t.run("return \(name).alpha, \(name).tag, \(name).hidden, math.type(\(name).tag)") == [
                    .number(alpha), .integer(Int64(tag)), true, "integer",
                ])
        }
    }

    /// A wrong type is refused by the setter before anything is stored; a class change shows
    /// at the next read; a finalized object's userdata is answered by the getter.
    @Test func aScriptCannotBreakTheRead() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            w.alpha = 0.5
            local refused = not pcall(function() w.alpha = "opaque" end)
            local refusedTag = not pcall(function() w.tag = 1.5 end)
            Shaded = objc.Widget:createSubclass "Shaded"
            local shaded = Shaded:new()
            shaded.alpha = 0.125
            local before = shaded.alpha
            Shaded.alpha = property { get = function(self) return "scripted" end }
            local after = shaded.alpha
            Shaded.alpha = nil
            local back = shaded.alpha
            return refused, refusedTag, w.alpha, w.tag, before, after, back
            """)
        #expect(results == [true, true, 0.5, 0, 0.125, "scripted", 0.125])

        // Finalizers run in reverse order of creation: the widget's runs first (its native
        // object is let go), then the holder's, which brings its userdata back.
        let freed = try t.run(
            """
            do
                local holder = setmetatable({}, { __gc = function(self) revived = self.widget end })
                holder.widget = objc.Widget:new()
            end
            collectgarbage() collectgarbage()
            local ok, message = pcall(function() return revived.alpha end)
            return revived ~= nil, ok, tostring(message)
            """)
        #expect(freed.first == true)
        #expect(freed.dropFirst().first == false, "a released object's property is not read")
    }

    /// Reads of stored fields follow their names through the member cache: reads alternating
    /// between fields, a member cache that starts over, a property a subclass defines after its
    /// superclass's was read, and a string receiver all read what they name.
    @Test func readsFollowTheirNames() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:new()
            w.alpha, w.tag, w.hidden = 0.25, 7, true
            local mixed = 0
            for i = 1, 64 do
                -- alternating reads of three fields, over and over
                if w.alpha == 0.25 and w.tag == 7 and w.hidden == true then mixed = mixed + 1 end
            end
            for i = 1, 1100 do local _ = rawequal(w["spare" .. i], nil) end  -- the member cache starts over
            local afterReset = w.alpha
            Dimmed = objc.Widget:createSubclass "Dimmed"
            local d = Dimmed:new()
            d.tag = 3
            local superFirst = w.tag + d.tag
            Dimmed.tag = property { get = function(self) return -1 end }
            local overridden, plain = d.tag, w.tag
            return mixed, afterReset, superFirst, overridden, plain, ("Alpha"):lowercaseString()
            """)
        #expect(results == [64, 0.25, 10, -1, 7, "alpha"])
    }
}
