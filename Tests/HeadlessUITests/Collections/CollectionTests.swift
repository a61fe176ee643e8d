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
