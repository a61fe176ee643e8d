import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UISegmentedControl: segments made and changed, selection by tap and by code, momentary
/// controls, widths, and bad indexes.
@Suite struct SegmentedControlTests {
    /// Three segments across 300 points at (10, 100): each 100 wide. `changes` logs each
    /// ValueChanged with the index selected during the action.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            changes = {}
            Watcher = objc.NSObject:createSubclass "Watcher"
            function Watcher:changed(control) changes[#changes + 1] = control.selectedSegmentIndex end
            Watcher:declareActionMethod "changed"
            watcher = Watcher:new()
            Root = objc.UIViewController:createSubclass "Root"
            function Root:viewDidLoad()
                control = objc.UISegmentedControl:new():initWithItems { "One", "Two", "Three" }
                control.frame = struct.CGRect(10, 100, 300, 32)
                control:addTarget_action_forControlEvents(watcher, "changed", require("UIKit.UIControl").Events.ValueChanged)
                self.view:addSubview(control)
            end
            controller = Root:new()
            """)
        try t.show()
        return t
    }

    @Test func aTapSelectsTheSegmentUnderItAndSendsValueChangedOnce() throws {
        let t = try world()
        #expect(try t.run("return control.numberOfSegments, control.selectedSegmentIndex") == [3, -1])
        try t.run("simulate.tap { at = { x = 160, y = 116 } }")
        #expect(try t.run("return control.selectedSegmentIndex, table.concat(changes, ',')") == [1, "1"])
        try t.run("simulate.tap { at = { x = 160, y = 116 } } simulate.tap { at = { x = 300, y = 116 } }")
        #expect(try t.run("return control.selectedSegmentIndex, table.concat(changes, ',')") == [2, "1,2"])
    }

    @Test func settingTheSelectionFromAScriptSendsNothing() throws {
        let t = try world()
        try t.run("control.selectedSegmentIndex = 2 sentinel = true")
        #expect(try t.run("return sentinel, #changes, control.selectedSegmentIndex") == [true, 0, 2])
        #expect(t.error("control.selectedSegmentIndex = 3").contains("from 0 to 2, got 3"))
    }

    @Test func aMomentaryControlSelectsOnlyForTheAction() throws {
        let t = try world()
        try t.run("control.momentary = true simulate.tap { at = { x = 20, y = 116 } }")
        #expect(try t.run("return table.concat(changes, ','), control.selectedSegmentIndex") == ["0", -1])
    }

    @Test func aDisabledSegmentTakesNoTap() throws {
        let t = try world()
        try t.run(
            "control:setEnabled_forSegmentAtIndex(false, 0) simulate.tap { at = { x = 20, y = 116 } } sentinel = 1")
        #expect(try t.run("return sentinel, #changes, control:isEnabledForSegmentAtIndex(0)") == [1, 0, false])
    }

    @Test func segmentsAreInsertedRemovedAndRetitled() throws {
        let t = try world()
        try t.run(
            """
            control.selectedSegmentIndex = 1
            control:insertSegmentWithTitle_atIndex_animated("Zero", 0, false)
            control:insertSegmentWithTitle_atIndex_animated("Last", 99, false)
            """)
        #expect(try t.run("return control.numberOfSegments, control.selectedSegmentIndex") == [5, 2])
        #expect(
            try t.run("return control:titleForSegmentAtIndex(0), control:titleForSegmentAtIndex(4)") == [
                "Zero", "Last",
            ])
        try t.run("control:removeSegmentAtIndex_animated(2, false)")
        #expect(try t.run("return control.numberOfSegments, control.selectedSegmentIndex") == [4, -1])
        try t.run("control:setTitle_forSegmentAtIndex('Uno', 1)")
        #expect(try t.run("return control:titleForSegmentAtIndex(1)") == ["Uno"])
        #expect(t.error("control:titleForSegmentAtIndex(9)").contains("segment index 9 is out of range"))
        #expect(t.error("objc.UISegmentedControl:new():initWithItems { 'a', 3 }").contains("item 2 must be a string"))
    }

    /// A fixed width is kept and the rest share what is left: 300 - 60 = 240, 120 each; a tap
    /// at x 70 (60 in) is in the second segment.
    @Test func fixedWidthsAreKeptAndTheRestShare() throws {
        let t = try world()
        try t.run("control:setWidth_forSegmentAtIndex(60, 0) simulate.tap { at = { x = 75, y = 116 } }")
        #expect(try t.run("return control.selectedSegmentIndex, control:widthForSegmentAtIndex(0)") == [1, 60])
    }

    /// UIKit's height since iOS 13.
    @Test func itIsThirtyTwoPointsTall() throws {
        let t = try world()
        #expect(
            try t.run(
                "return control:intrinsicContentSize().height, objc.UISegmentedControl:new():initWithItems{'A'}.frame.size.height"
            ) == [32, 32])
    }
}
