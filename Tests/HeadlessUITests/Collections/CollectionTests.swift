import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Foundation's collections as scripts use them: NSMutableArray, NSDictionary and
/// NSMutableDictionary, NSSet and NSMutableSet, with `#`, loops and conversion to tables.
@Suite struct CollectionTests {
    @Test func aMutableArrayChangesAndStillLoopsAsAnArray() throws {
        let t = try TestWorld()
        try t.run(
            """
            list = objc.NSMutableArray:array()
            list:addObject("b") list:insertObject_atIndex("a", 0) list:addObjectsFromArray { "c", "d" }
            list:removeObjectAtIndex(3) list[4] = "e" list[1] = "A"
            seen = {}
            for _, item in ipairs(list) do seen[#seen + 1] = item end
            for item in list do seen[#seen + 1] = item end
            """)
        #expect(try t.run("return #list, list.count, table.concat(seen, '')") == [4, 4, "AbceAbce"])
        #expect(
            try t.run("return list:isKindOfClass(objc.NSArray), list:indexOfObject('c'), list:containsObject('b')") == [
                true, 2, true,
            ])
        #expect(try t.run("return #objc.toArray(list), list:copy():isKindOfClass(objc.NSMutableArray)") == [4, false])
        #expect(t.error("list:removeObjectAtIndex(9)").contains("index 9 beyond bounds [0 .. 3]"))
        #expect(t.error("list:addObject(nil)").contains("cannot be nil"))
        #expect(t.error("objc.NSArray:arrayWithArray { 1 }[1] = 2").contains("an NSArray cannot be changed"))
    }

    @Test func dictionariesKeepTheirEntriesInOrderAndLoopWithPairs() throws {
        let t = try TestWorld()
        try t.run(
            """
            d = objc.NSMutableDictionary:dictionary()
            d:setObject_forKey(1, "one") d:setObject_forKey(2, "two") d:setObject_forKey("x", 3)
            d:setObject_forKey(10, "one") d:removeObjectForKey("two")
            seen = {}
            for key, value in pairs(d) do seen[#seen + 1] = tostring(key) .. "=" .. tostring(value) end
            """)
        #expect(try t.run("return #d, d.count, table.concat(seen, ' ')") == [2, 2, "one=10 3=x"])
        #expect(
            try t.run("return d:objectForKey('one'), d:objectForKey(3.0), d:objectForKey('none')") == [10, "x", .nil])
        #expect(try t.run("return objc.toDictionary(d).one, d.allKeys.count") == [10, 2])
        try t.run("fixed = objc.NSDictionary:dictionaryWithDictionary { b = 2, a = 1 }")
        #expect(try t.run("local k = fixed.allKeys return k[1], k[2], fixed:objectForKey('b')") == ["a", "b", 2])
        #expect(t.error("fixed:setObject_forKey(3, 'c')").contains("setObject_forKey"))
        #expect(
            try t.run("local m = fixed:mutableCopy() m:setObject_forKey(3, 'c') return m.count, fixed.count") == [3, 2])
    }

    @Test func setsKeepDistinctMembers() throws {
        let t = try TestWorld()
        try t.run(
            """
            s = objc.NSMutableSet:setWithArray { "a", "b", "a" }
            s:addObject("c") s:addObject("b") s:removeObject("a")
            seen = {}
            for member in s do seen[#seen + 1] = member end
            for member, present in pairs(s) do seen[#seen + 1] = member .. tostring(present) end
            """)
        #expect(
            try t.run("return #s, s:containsObject('c'), s:containsObject('a'), table.concat(seen, ' ')") == [
                2, true, false, "b c btrue ctrue",
            ])
        #expect(
            try t.run("return objc.NSSet:setWithArray({ 1, 1.0, 2 }).count") == [2],
            "an integer and the same float are one member")
    }
}

/// What collections, layers, animation blocks and the keyboard hold natively keeps its script
/// fields through full collections, as the ownership rule asks.
@Suite struct HeldObjectsKeepTheirFieldsTests {
    @Test func objectsHeldOnlyNativelyKeepTheirFields() throws {
        let t = try TestWorld()
        try t.run(
            """
            Marked = objc.NSObject:createSubclass "HeldThing"
            local function marked(text) local thing = Marked:new() thing.mark = text return thing end
            list = objc.NSMutableArray:array() list:addObject(marked("element"))
            fixed = objc.NSArray:arrayWithArray { marked("fixed") }
            d = objc.NSMutableDictionary:dictionary() d:setObject_forKey(marked("value"), marked("key"))
            s = objc.NSMutableSet:set() s:addObject(marked("member"))
            text = objc.CATextLayer:layer()
            local font = objc.UIFont:systemFontOfSize(12) font.mark = "font" text.font = font
            fade = objc.CABasicAnimation:animationWithKeyPath("backgroundColor")
            local color = objc.UIColor.redColor color.mark = "colour" fade.toValue = color
            collectgarbage() collectgarbage()
            """)
        #expect(
            try t.run(
                """
                return list:objectAtIndex(0).mark, fixed[1].mark, d.allValues[1].mark, d.allKeys[1].mark,
                    s.anyObject.mark, text.font.mark, fade.toValue.mark
                """) == ["element", "fixed", "value", "key", "member", "font", "colour"])
        try t.run("list:removeAllObjects() collectgarbage() sentinel = true")
        #expect(try t.run("return sentinel, list.count") == [true, 0])
    }

    @Test func anAnimationBlocksDelegateAndTheKeyboardWindowKeepTheirFields() throws {
        let t = try TestWorld()
        try t.run(
            """
            stops = 0
            Delegate = objc.NSObject:createSubclass "HeldDelegate"
            function Delegate:stopped_finished_context() stops = stops + 1 end
            box = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
            objc.UIApplication.sharedApplication.keyWindow:addSubview(box)
            field = objc.UITextField:newWithFrame(struct.CGRect(0, 20, 100, 30))
            objc.UIApplication.sharedApplication.keyWindow:addSubview(field)
            field:becomeFirstResponder()
            objc.UIApplication.sharedApplication.windows[2].mark = "keyboard"
            objc.UIView:beginAnimations_context("held", nil)
            objc.UIView:setAnimationDelegate(Delegate:new())
            objc.UIView:setAnimationDidStopSelector("stopped:finished:context:")
            box.alpha = 0
            objc.UIView:commitAnimations()
            collectgarbage() collectgarbage()
            simulate.advance(1)
            """)
        #expect(try t.run("return stops, objc.UIApplication.sharedApplication.windows[2].mark") == [1, "keyboard"])
    }
}
