import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIStepper, UIPageControl, UIProgressView and UIActivityIndicatorView: their sizes, taps and
/// values, and time on the virtual clock.
@Suite struct StepperAndIndicatorTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            changes = 0
            Watcher = objc.NSObject:createSubclass "Watcher"
            function Watcher:changed() changes = changes + 1 end
            Watcher:declareActionMethod "changed"
            watcher = Watcher:new()
            local ValueChanged = require("UIKit.UIControl").Events.ValueChanged
            controller = objc.UIViewController:new()
            stepper = objc.UIStepper:newWithFrame(struct.CGRect(20, 100, 10, 10))
            stepper:addTarget_action_forControlEvents(watcher, "changed", ValueChanged)
            pages = objc.UIPageControl:newWithFrame(struct.CGRect(0, 200, 375, 37))
            pages.numberOfPages = 3
            pages:addTarget_action_forControlEvents(watcher, "changed", ValueChanged)
            progress = objc.UIProgressView:newWithFrame(struct.CGRect(20, 300, 300, 4))
            spinner = objc.UIActivityIndicatorView:new():initWithActivityIndicatorStyle(101)
            for _, view in ipairs { stepper, pages, progress, spinner } do controller.view:addSubview(view) end
            """)
        try t.show()
        return t
    }

    /// 94 x 32 whatever frame it is given; a tap right of the middle (x 67) steps up.
    @Test func aStepperStepsWithinItsRangeOrWrapsRound() throws {
        let t = try world()
        #expect(try t.run("return stepper.frame.size.width, stepper.frame.size.height") == [94, 32])
        try t.run(
            "stepper.stepValue = 40 simulate.tap { at = { x = 100, y = 116 } } simulate.tap { at = { x = 100, y = 116 } }"
        )
        #expect(try t.run("return stepper.value, changes") == [80, 2])
        try t.run("simulate.tap { at = { x = 100, y = 116 } }")
        #expect(try t.run("return stepper.value, changes") == [100, 3], "kept within the maximum")
        try t.run("simulate.tap { at = { x = 100, y = 116 } }")
        #expect(try t.run("return stepper.value, changes") == [100, 3], "at the maximum the plus does nothing")
        try t.run("stepper.wraps = true simulate.tap { at = { x = 100, y = 116 } }")
        #expect(try t.run("return stepper.value") == [0], "round to the minimum")
        try t.run("simulate.tap { at = { x = 30, y = 116 } }")
        #expect(try t.run("return stepper.value") == [100])
        #expect(t.error("stepper.minimumValue = 200").contains("minimumValue must be below its maximumValue"))
        #expect(t.error("stepper.stepValue = 0").contains("stepValue must be a finite number above 0"))
    }

    /// Three dots, 16 apart, centred: the current (first) at x 180.5; a tap right of it goes on.
    @Test func aPageControlTurnsAPageTowardsTheTap() throws {
        let t = try world()
        #expect(try t.run("local s = pages:sizeForNumberOfPages(3) return s.width, s.height") == [39, 37])
        try t.run("simulate.tap { at = { x = 300, y = 218 } }")
        #expect(try t.run("return pages.currentPage, changes") == [1, 1])
        try t.run("simulate.tap { at = { x = 10, y = 218 } } simulate.tap { at = { x = 10, y = 218 } }")
        #expect(try t.run("return pages.currentPage, changes") == [0, 2], "not before the first page")
        try t.run("pages.currentPage = 9")
        #expect(try t.run("return pages.currentPage") == [2], "kept to the pages there are")
    }

    @Test func aProgressViewFillsAndAnimatesItsFill() throws {
        let t = try world()
        #expect(try t.run("return progress:intrinsicContentSize().height") == [4])
        try t.run("progress.progress = 7")
        #expect(try t.run("return progress.progress") == [1])
        try t.run("progress.progress = 0 progress:setProgress_animated(0.8, true)")
        #expect(try t.run("return progress.progress") == [0.8], "the model at once")
        let view = try #require(t.world.bridge.state.object(of: t.run("return progress")[0], as: ProgressView.self))
        try t.run("simulate.advance(0.125)")
        #expect(
            abs(view.shownProgress - 0.4) < 1e-9, "half-way through 0.25 s, eased in and out: \(view.shownProgress)")
        try t.run("simulate.advance(1)")
        #expect(view.shownProgress == 0.8)
    }

    @Test func anActivityIndicatorTurnsWhileAnimatingAndHidesWhenStopped() throws {
        let t = try world()
        #expect(try t.run("return spinner.frame.size.width, spinner.hidden, spinner.animating") == [37, true, false])
        try t.run("spinner:startAnimating()")
        #expect(try t.run("return spinner.hidden, spinner.animating") == [false, true])
        let view = try #require(
            t.world.bridge.state.object(of: t.run("return spinner")[0], as: ActivityIndicatorView.self))
        let first = view.leadingSpoke
        try t.run("simulate.advance(0.125)")
        #expect(view.leadingSpoke == (first + 1) % 8, "an eighth of a turn each eighth of a second")
        #expect(t.world.clock.nextDue != nil, "the clock keeps going while it turns")
        try t.run("spinner:stopAnimating()")
        #expect(try t.run("return spinner.hidden") == [true])
        try t.run("spinner.hidesWhenStopped = false")
        #expect(try t.run("return spinner.hidden") == [false], "stopped, and shown now it is told not to hide")
        #expect(t.error("spinner.activityIndicatorViewStyle = 5").contains("5 is not a UIActivityIndicatorViewStyle"))
        #expect(try t.run("return objc.UIActivityIndicatorView:new().frame.size.width") == [20], "medium by default")
    }
}

/// Accessibility as scripts and UI tests use it: what is set is kept, and UIKit's defaults
/// otherwise.
@Suite struct AccessibilityTests {
    @Test func propertiesAreKeptWithUIKitsDefaults() throws {
        let t = try TestWorld()
        try t.run(
            """
            Traits = require "UIKit.UIAccessibilityConstants"
            label = objc.UILabel:new() label.text = "Total"
            button = objc.UIButton:buttonWithType(1) button:setTitle_forState("Buy", 0)
            plain = objc.UIView:new()
            plain.accessibilityIdentifier = "card"
            plain.accessibilityLabel = "A card"
            plain.isAccessibilityElement = true
            plain.accessibilityTraits = Traits.UIAccessibilityTraitHeader
            """)
        #expect(
            try t.run("return label.accessibilityLabel, label.isAccessibilityElement, label.accessibilityTraits") == [
                "Total", true, 64,
            ])
        #expect(try t.run("return button.accessibilityLabel, button.accessibilityTraits") == ["Buy", 1])
        #expect(try t.run("button.enabled = false return button.accessibilityTraits") == [257])
        #expect(
            try t.run("return objc.UIView:new().isAccessibilityElement, objc.UIView:new().accessibilityIdentifier") == [
                false, .nil,
            ])
        #expect(
            try t.run(
                "return plain.accessibilityIdentifier, plain.accessibilityLabel, plain.isAccessibilityElement, plain.accessibilityTraits"
            )
                == ["card", "A card", true, 65536])
    }
}

/// UIToolbar: items from the left margin, fixed spaces their width, flexible spaces sharing
/// what is left, and taps that reach the items' targets.
@Suite struct ToolbarTests {
    /// On a 375-point phone: 16-point margins, items 8 apart. "Edit" and "Done" are system
    /// buttons sized to their titles; the flexible space takes the rest.
    @Test func flexibleSpacesShareTheWidthAndItemsTakeTaps() throws {
        let t = try TestWorld()
        try t.run(
            """
            tapped = 0
            Target = objc.NSObject:createSubclass "Target"
            function Target:done() tapped = tapped + 1 end
            Target:declareActionMethod "done"
            target = Target:new()
            controller = objc.UIViewController:new()
            bar = objc.UIToolbar:newWithFrame(struct.CGRect(0, 600, 375, 44))
            local Item = objc.UIBarButtonItem
            local fixed = Item:new():initWithBarButtonSystemItem_target_action(6, nil, nil)
            fixed.width = 30
            bar.items = {
                Item:new():initWithTitle_style_target_action("Edit", 0, nil, nil), fixed,
                Item:new():initWithBarButtonSystemItem_target_action(5, nil, nil),
                Item:new():initWithTitle_style_target_action("Done", 2, target, "done"),
            }
            controller.view:addSubview(bar)
            """)
        try t.show()
        let frames = try t.run(
            """
            local views = bar.subviews
            local edit, done = views[1].frame, views[2].frame
            return edit.origin.x, edit.origin.x + edit.size.width, done.origin.x + done.size.width, #views
            """
        ).map { $0.numberValue ?? -1 }
        #expect(frames[0] == 16, "from the left margin")
        #expect(frames[2] == 375 - 16, "the flexible space pushes the last item to the right margin")
        #expect(frames[3] == 2, "spaces have no views")
        try t.run("local f = bar.subviews[2].frame simulate.tap { at = { x = f.origin.x + 5, y = 622 } }")
        #expect(try t.run("return tapped") == [1])
        #expect(try t.run("return bar:intrinsicContentSize().height") == [44])
    }
}
