import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// `UIStackView`'s distributions and alignments, with frames worked out by hand: a 300-point
/// horizontal stack of three boxes (50 x 40, 80 x 60, 30 x 20), spacing 10.
@Suite struct StackViewTests {
    static func world(_ setup: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            Stack = require "UIKit.UIStackView"
            root = objc.UIViewController:new()
            view = root.view
            function box(w, h)
                local v = objc.UIView:new()
                v.translatesAutoresizingMaskIntoConstraints = false
                -- optional, so that the fill distributions and alignment may stretch them
                for _, size in ipairs { v.widthAnchor:constraintEqualToConstant(w), v.heightAnchor:constraintEqualToConstant(h) } do
                    size.priority = 500
                    size.active = true
                end
                return v
            end
            a, b, c = box(50, 40), box(80, 60), box(30, 20)
            stack = objc.UIStackView:newWithArrangedSubviews { a, b, c }
            stack.spacing = 10
            stack.frame = struct.CGRect(10, 100, 300, 80)
            view:addSubview(stack)
            function frame(v) local f = v.frame return f.origin.x, f.origin.y, f.size.width, f.size.height end
            function frames() return table.concat({ frame(a) }, ",") .. " " .. table.concat({ frame(b) }, ",")
                .. " " .. table.concat({ frame(c) }, ",") end
            \(setup)
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return root")[0], as: ViewController.self)))
        try t.world.layoutPass()
        return t
    }

    static func frames(_ t: TestWorld) throws -> String {
        let text = try t.run("return frames()").first?.stringValue ?? ""
        return text.replacingOccurrences(of: ".0", with: "")
    }

    @Test(arguments: [
        // (300 - 20) / 3 each, edges on the half-point pixel grid; the fill alignment makes
        // them 80 tall.
        ("stack.distribution = Stack.Distribution.FillEqually", "0,0,93.5,80 103.5,0,93,80 206.5,0,93.5,80"),
        // (300 - 160) / 2 between edges.
        ("stack.distribution = Stack.Distribution.EqualSpacing", "0,0,50,80 120,0,80,80 270,0,30,80"),
        // centres 25, 155 and 285, 130 apart.
        ("stack.distribution = Stack.Distribution.EqualCentering", "0,0,50,80 115,0,80,80 270,0,30,80"),
    ])
    func distributions(setup: String, expected: String) throws {
        let t = try Self.world(setup)
        #expect(try Self.frames(t) == expected)
    }

    @Test(arguments: [
        ("Leading", "0,0,50,40 60,0,80,60 150,0,30,20"),
        ("Center", "0,20,50,40 60,10,80,60 150,30,30,20"),
        ("Trailing", "0,40,50,40 60,20,80,60 150,60,30,20"),
        ("Fill", "0,0,50,80 60,0,80,80 150,0,30,80"),
    ])
    func alignments(alignment: String, expected: String) throws {
        let t = try Self.world(
            "stack.alignment = Stack.Alignment.\(alignment) stack.distribution = Stack.Distribution.EqualSpacing "
                + "stack.frame = struct.CGRect(10, 100, 180, 80)")
        #expect(try Self.frames(t) == expected)
    }

    @Test func aHiddenViewGivesUpItsRoomAndTakesItBack() throws {
        // Filled equally, 180 points hold three boxes of (180 - 20) / 3, or two of (180 - 10) / 2.
        let t = try Self.world(
            "stack.alignment = Stack.Alignment.Leading stack.frame = struct.CGRect(0, 0, 180, 80) "
                + "stack.distribution = Stack.Distribution.FillEqually")
        #expect(try t.run("local x, _, w = frame(c) return x, w") == [126.5, 53.5])
        try t.run("b.hidden = true")
        try t.world.layoutPass()
        #expect(try t.run("local x, _, w = frame(c) return x, w, #stack.arrangedSubviews") == [95, 85, 3])
        try t.run("b.hidden = false")
        try t.world.layoutPass()
        #expect(try t.run("local x, _, w = frame(c) return x, w") == [126.5, 53.5])
    }

    @Test func hidingInsideAnAnimationBlockSlidesTheOthersOver() throws {
        let t = try Self.world(
            "stack.alignment = Stack.Alignment.Leading stack.frame = struct.CGRect(0, 0, 180, 80) "
                + "stack.distribution = Stack.Distribution.FillEqually")
        try t.run(
            """
            objc.UIView:animateWithDuration_animations(1, function()
                b.hidden = true
                stack:layoutIfNeeded()
            end)
            """)
        // The model is where the collapse leaves it at once; what shows starts where it was.
        #expect(try t.run("local x, _, w = frame(c) return x, w") == [95, 85])
        let start = try t.run("local f = c.layer:presentationLayer().frame return f.origin.x, f.size.width")
        #expect(start == [126.5, 53.5])
        try t.run("simulate.advance(0.5)")
        let middle = try t.run("return c.layer:presentationLayer().frame.origin.x")[0].numberValue ?? .nan
        #expect(middle > 95 && middle < 126.5)
        try t.run("simulate.advance(0.6)")
        #expect(try t.run("local f = c.layer:presentationLayer().frame return f.origin.x, f.size.width") == [95, 85])
    }

    @Test func verticalAndNestedStacks() throws {
        let t = try Self.world(
            """
            inner = objc.UIStackView:newWithArrangedSubviews { box(20, 10), box(20, 15) }
            inner.axis = 1
            inner.spacing = 5
            stack:addArrangedSubview(inner)
            stack.alignment = Stack.Alignment.Top
            stack.distribution = Stack.Distribution.EqualSpacing
            stack.frame = struct.CGRect(0, 0, 300, 80)
            """)
        #expect(try t.run("return frame(inner)") == [280, 0, 20, 30])  // gaps of (300 - 180) / 3
        #expect(try t.run("return frame(inner.arrangedSubviews[2])") == [0, 15, 20, 15])
    }

    @Test func badValuesAreRefused() throws {
        let t = try Self.world("")
        #expect(t.error("stack.axis = 2").contains("axis must be"))
        #expect(t.error("stack.distribution = 9").contains("UIStackViewDistribution"))
        #expect(
            t.error("stack:insertArrangedSubview_atIndex(objc.UIView:new(), 7)").contains("index must be from 0 to 3"))
    }
}
