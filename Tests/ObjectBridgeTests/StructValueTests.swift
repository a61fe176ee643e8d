import Foundation
import LuaRuntime
import ObjectBridge
import Testing

/// Struct values as CodeFlow has them: methods, equality, printing, script methods, and the
/// functions of their headers' binding modules (CGGeometry, NSRange).
@Suite struct StructValueTests {
    @Test func rectanglesHaveCGGeometrysMethods() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local r = struct.CGRect(10, 20, 100, 50)
            local inset = r:inset(10, 5)
            local u = r:union(struct.CGRect(0, 0, 5, 5))
            local i = r:intersection(struct.CGRect(50, 0, 100, 30))
            assert(r:containsPoint { x = 10, y = 20 } and not r:containsPoint(struct.CGPoint(110, 20)))
            assert(r:containsRect(inset) and r:intersectsRect(i) and not r:isEmpty() and not r:isNull())
            assert(r:equalToRect(struct.CGRect(10, 20, 100, 50)) and struct.CGRect(-5, 0, -10, 3):standardize().origin.x == -15)
            assert(struct.CGRect(0.4, 0.6, 1.2, 1):integral() == struct.CGRect(0, 0, 2, 2))
            assert(r:intersection(struct.CGRect(500, 500, 1, 1)):isNull())
            return r:getMinX(), r:getMidX(), r:getMaxX(), r:getMinY(), r:getMidY(), r:getMaxY(), r:getWidth(), r:getHeight(),
                   inset.origin.x, inset.size.height, r:offset(1, 2).origin.y, u.size.width, i.size.width
            """)
        #expect(results == [10, 60, 110, 20, 45, 70, 100, 50, 20, 40, 22, 110, 60])
    }

    @Test func valuesCompareByValueAndPrintAsTheirConstructor() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local w = objc.Widget:newWithFrame(struct.CGRect(1, 2, 3, 4))
            assert(w.frame == struct.CGRect(1, 2, 3, 4) and w.frame ~= struct.CGRect(1, 2, 3, 5))
            assert(w.frame.origin == struct.CGPoint(1, 2) and w.frame.size == { width = 3, height = 4 })
            assert(struct.CGPoint(1, 2):equalToPoint { x = 1, y = 2 } and struct.CGSize(1, 2):equalToSize(struct.CGSize(1, 2)))
            assert(struct.CGPoint(1, 2) ~= struct.CGSize(1, 2))
            return tostring(w.frame), tostring(struct.NSRange(3, 4)), tostring(struct.CGPoint(0.5, -1))
            """)
        #expect(results == ["CGRect(1, 2, 3, 4)", "NSRange(3, 4)", "CGPoint(0.5, -1)"])
    }

    @Test func rangesHaveFoundationsFunctions() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local NsRange = require "Foundation.NSRange"
            local r = NsRange.NSMakeRange(3, 4)
            assert(r == struct.NSRange(3, 4) and NsRange.NSEqualRanges(r, { location = 3, length = 4 }))
            assert(NsRange.NSLocationInRange(6, r) and not NsRange.NSLocationInRange(7, r) and r:containsLocation(3))
            local u, i = r:union(struct.NSRange(10, 2)), NsRange.NSIntersectionRange(r, struct.NSRange(5, 10))
            return NsRange.NSMaxRange(r), r:maxLocation(), u.location, u.length, i.location, i.length,
                   r:intersection(struct.NSRange(20, 1)).length
            """)
        #expect(results == [7, 7, 3, 9, 5, 2, 0])
    }

    @Test func geometryModuleHasConstantsAndFunctions() throws {
        let t = try TestBridge()
        let results = try t.run(
            """
            local CgGeometry = require "CoreGraphics.CGGeometry"
            local zero = CgGeometry.CGRectZero
            zero.origin.x = 99   -- a copy: the constant stays zero
            assert(CgGeometry.CGRectZero.origin.x == 0 and CgGeometry.CGRectNull:isNull())
            assert(CgGeometry.CGRectMake(1, 2, 3, 4) == struct.CGRect(1, 2, 3, 4) and CgGeometry.CGPointZero == struct.CGPoint(0, 0))
            return CgGeometry.CGRectGetMaxY(struct.CGRect(0, 1, 2, 3)), CgGeometry.CGSizeMake(5, 6).height
            """)
        #expect(results == [4, 6])
    }

    @Test func scriptMethodsReachEveryValueAndReload() throws {
        let t = try TestBridge()
        let bridge = t.bridge
        try bridge.runModule(named: "RectMethods") {
            try t.run(
                """
                local CGRect = struct.CGRect
                function CGRect:area() return self.size.width * self.size.height end
                function struct.CGRect:scaled(k) return CGRect(self.origin.x, self.origin.y, self.size.width * k, self.size.height * k) end
                """)
        }
        let w = try t.run(
            """
            local w = objc.Widget:newWithFrame(struct.CGRect(0, 0, 3, 4))
            return w.frame:area(), w:frame():scaled(2):area(), struct.CGRect.area(struct.CGRect(0, 0, 1, 2))
            """)
        #expect(w == [12, 48, 2])
        try bridge.runModule(named: "RectMethods") { try t.run("function struct.CGRect:area() return -1 end") }
        #expect(try t.run("return struct.CGRect(0, 0, 3, 4):area(), struct.CGRect(0, 0, 1, 1).scaled") == [-1, .nil])
        #expect(throws: LuaError.self) {
            try bridge.runModule(named: "RectMethods") {
                try t.run("function struct.CGRect:area() return 0 end error('stop')")
            }
        }
        #expect(try t.run("return struct.CGRect(0, 0, 3, 4):area()") == [-1])
        #expect(t.error("struct.CGRect.area = 5").contains("struct.CGRect.area must be a function, got number"))
        #expect(t.error("struct.CGRect[1] = print").contains("methods of struct.CGRect need string names, got number"))
    }

    /// CodeFlow programs define struct methods that Rebound also has (Celedev's TextKit sample
    /// defines `NSRange:maxLocation`): the script's shadows the native one until it goes.
    @Test func aScriptMethodShadowsANativeOneUntilItGoes() throws {
        let t = try TestBridge()
        try t.bridge.runModule(named: "RangeMethods") {
            try t.run("function struct.CGRect:getMinX() return -7 end")
        }
        #expect(try t.run("return struct.CGRect(3, 0, 1, 1):getMinX()") == [-7])
        try t.bridge.runModule(named: "RangeMethods") { try t.run("local unused = 0") }
        #expect(try t.run("return struct.CGRect(3, 0, 1, 1):getMinX()") == [3])
        try t.run("function struct.CGRect:getMinX() return -8 end")
        #expect(try t.run("return struct.CGRect(3, 0, 1, 1):getMinX()") == [-8])
        try t.run("struct.CGRect.getMinX = nil")
        #expect(try t.run("return struct.CGRect(3, 0, 1, 1):getMinX()") == [3])
    }

    @Test func badInputToStructFunctionsNamesTheFunctionAndArgument() throws {
        let t = try TestBridge()
        for (source, expected) in [
            (
                "struct.CGRect(0, 0, 1, 1):inset('a', 1)",
                "bad argument #1 (dx) to 'CGRect:inset' (number expected, got string)"
            ),
            (
                "struct.CGRect(0, 0, 1, 1):inset(1)",
                "bad argument #2 (dy) to 'CGRect:inset' (number expected, got no value)"
            ),
            ("struct.CGRect.inset(5, 1, 1)", "CGRect:inset needs a CGRect as self, got number"),
            (
                "struct.CGRect(0, 0, 1, 1):containsPoint { x = 1 }",
                "bad argument #1 (point) to 'CGRect:containsPoint' (CGPoint expected: field 'y' is missing)"
            ),
            ("struct.CGRect(0, 0, 1, 1):union(nil)", "bad argument #1 (rect2) to 'CGRect:union' (CGRect expected"),
            ("struct.CGRect(0, 0, 1, 1):getMinX(2)", "CGRect:getMinX takes 0 arguments, got 1"),
            (
                "require('CoreGraphics.CGGeometry').CGRectGetMinX({ origin = 5 })",
                "bad argument #1 (rect) to 'CGGeometry.CGRectGetMinX' (CGRect expected: field 'origin' is a number, not a table)"
            ),
            (
                "require('Foundation.NSRange').NSMakeRange(-1, 2)",
                "location and length must be whole numbers from 0, got -1, 2"
            ),
            (
                "require('Foundation.NSRange').NSLocationInRange(0/0, struct.NSRange(0, 1))",
                "bad argument #1 (location) to 'NSRange.NSLocationInRange'"
            ),
            ("struct.NSRange(1, 2):containsLocation()", "bad argument #1 (location) to 'NSRange:containsLocation'"),
            (
                "struct.CGRect(0, 0, 1, 1):inset(0/0, 1)",
                "bad argument #1 (dx) to 'CGRect:inset' (number expected, got nan)"
            ),
            (
                "struct.CGRect(0/0, 0, 1, 1):getMinX()",
                "CGRect:getMinX needs a CGRect as self, got one with a nan field"
            ),
            (
                "struct.CGRect(0, 0, 1, 1):union(struct.CGRect(0, 0/0, 1, 1))",
                "bad argument #1 (rect2) to 'CGRect:union' (CGRect expected, got a CGRect with a nan field)"
            ),
        ] {
            let message = t.error(source)
            #expect(message.contains(expected), "\(source): \(message)")
        }
    }

    @Test func modulesOfHeadersTheBridgeDoesNotHaveSayItAndSuggest() throws {
        let t = try TestBridge()
        let message = t.error("require 'Foundation.NSRang'")
        #expect(message.contains("Foundation.NSRang is not available in Rebound (closest modules: Foundation.NSRange"))
        #expect(!message.contains("no file"))
        #expect(t.error("require 'NoFramework.Thing'").contains("module 'NoFramework.Thing' not found"))
        #expect(
            try t.run("return require('Foundation.NSString') ~= nil, require('Foundation.NSIndexPath') ~= nil") == [
                true, true,
            ])
    }
}
