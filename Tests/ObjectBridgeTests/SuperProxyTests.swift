import LuaRuntime
import ObjectBridge
import Testing

/// `obj[Super]` proxies: property reads and writes through them, with the heap churned between
/// calls (a wrong stack slot shows up as a crash only once freed memory is reused), and what a
/// script can and cannot do with a proxy.
@Suite struct SuperProxyTests {
    func bridgeWithSubclass() throws -> TestBridge {
        let t = try TestBridge()
        try t.run(
            """
            Fancy = objc.Widget:createSubclass("FancyWidget")
            Fancy.title = property { get = function(self) return "fancy " .. tostring(self[objc.Widget].title) end,
                                     set = function(self, value) self[objc.Widget].title = value .. "!" end }
            function Fancy:doubledAlpha() return self[objc.Widget].alpha * 2 end
            function churn()
                local garbage = {}
                for i = 1, 2000 do garbage[i] = { i, tostring(i), { i } } end
                collectgarbage()
            end
            """)
        return t
    }

    @Test func propertiesReadAndWriteThroughASuperProxyAcrossHeapChurn() throws {
        let t = try bridgeWithSubclass()
        let result = try t.run(
            """
            local widget = Fancy:new()
            local seen = {}
            for round = 1, 200 do
                widget.alpha = round / 400
                widget.title = "w" .. round
                churn()
                seen[#seen + 1] = widget:doubledAlpha() == round / 200 and widget.title == "fancy w" .. round .. "!"
                local frame = widget[objc.Widget].frame
                widget[objc.Widget].frame = { origin = { x = round, y = 0 }, size = frame.size }
                seen[#seen + 1] = widget.frame.origin.x == round
            end
            for i, ok in ipairs(seen) do if not ok then return i end end
            return #seen
            """)
        #expect(result == [400])
    }

    @Test func aProxyIsLockedAndChecksWhatItIsGiven() throws {
        let t = try bridgeWithSubclass()
        #expect(try t.run("return getmetatable(Fancy:new()[objc.Widget])") == ["super"])
        #expect(try t.run("return type(Fancy:new()[objc.Widget])") == ["userdata"])
        #expect(t.error("rawset(Fancy:new()[objc.Widget], 1, 42)").contains("table expected, got super"))
        #expect(
            t.error("local p = Fancy:new()[objc.Widget]; p.nothing = 1").contains(
                "Widget has no writable property 'nothing'"))
        #expect(
            t.error("return Fancy:new()[objc.Widget].nothing").contains("Widget has no method or property 'nothing'"))
        #expect(
            t.error("local p = Fancy:new()[objc.Widget]; return p.doubledAlpha").contains("has no method or property"))
        #expect(t.error("local p = Fancy:new()[objc.Widget]; p.measure(42)").contains("call super methods with ':'"))
        #expect(t.error("return objc.Widget:new()[Fancy]").contains("FancyWidget is not a superclass of Widget"))
    }

    @Test func noMetamethodOfAnObjectCanBeDugOutOfTheStack() throws {
        let t = try bridgeWithSubclass()
        // A script getter runs inside the instance's __index: the frame below it is native.
        let found = try t.run(
            """
            local leaked = {}
            Fancy.probe = property { get = function(self)
                for level = 1, 8 do
                    local info = debug.getinfo(level, "f")
                    if info and info.func and debug.getinfo(info.func, "S").what == "C" then leaked[#leaked + 1] = info.func end
                end
                return 1
            end }
            local _ = Fancy:new().probe
            return #leaked
            """)
        #expect(found == [0])
    }
}
