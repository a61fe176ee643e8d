import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIPageViewController on the phone profile (375 x 667): three pages from a data source, in the
/// scroll style (10 points apart, so the pages are 385 points apart) or the page curl style,
/// turned by the finger or by `setViewControllers`, with the delegate's calls, the pages'
/// appearance calls and the page control.
@Suite struct PageViewControllerTests {
    func world(style: Int) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            local function note(text) log[#log + 1] = text end
            Page = objc.UIViewController:createSubclass "Page"
            for _, method in ipairs { "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
                Page[method] = function(self) note(method .. " " .. self.number) end
            end
            pages = {}
            for number = 1, 3 do pages[number] = Page:new() pages[number].number = number end
            Source = objc.NSObject:createSubclass "Source"
            Source:declareProtocol "UIPageViewControllerDataSource"
            Source:declareProtocol "UIPageViewControllerDelegate"
            function Source:pageViewController_viewControllerBeforeViewController(_, page) return pages[page.number - 1] end
            function Source:pageViewController_viewControllerAfterViewController(_, page) return pages[page.number + 1] end
            function Source:presentationCountForPageViewController() return 3 end
            function Source:presentationIndexForPageViewController(book) return book.viewControllers[1].number - 1 end
            function Source:pageViewController_willTransitionToViewControllers(_, pending)
                note("will " .. pending[1].number)
            end
            function Source:pageViewController_didFinishAnimating_previousViewControllers_transitionCompleted(_, done, previous, completed)
                note("did " .. previous[1].number .. " " .. tostring(completed))
            end
            source = Source:new()
            local Keys = require "UIKit.UIPageViewController"
            controller = objc.UIPageViewController:newWithTransitionStyle_navigationOrientation_options(
                \(style), 0, { [Keys.UIPageViewControllerOptionInterPageSpacingKey] = 10 })
            controller.dataSource = source
            controller.delegate = source
            controller:setViewControllers_direction_animated_completion({ pages[1] }, 0, false, nil)
            function shown() return controller.viewControllers[1].number end
            """)
        try t.show()
        _ = try t.takeLog()
        return t
    }

    @Test func theScrollStyleLaysThePagesOutSideBySide() throws {
        let t = try world(style: 1)
        #expect(try t.run("return shown(), #controller.childViewControllers") == [1, 2])
        #expect(
            try t.run("local pager = pages[1].view.superview return pager.frame.size.width, pager.contentSize.width")
                == [385, 770])
        #expect(try t.run("return pages[2].view.frame.origin.x, pages[2].view.frame.size.width") == [385, 375])
        let dots = "controller.view.subviews[2]"
        #expect(try t.run("return \(dots).numberOfPages, \(dots).currentPage, \(dots).hidden") == [3, 0, false])
    }

    @Test func aFlickTurnsThePageWithTheDelegatesAndTheAppearanceCalls() throws {
        let t = try world(style: 1)
        try t.run("simulate.flick { from = { x = 300, y = 300 }, to = { x = 60, y = 300 } } simulate.advance(2)")
        #expect(
            try t.takeLog() == [
                "will 2", "viewWillAppear 2", "viewWillDisappear 1", "viewDidDisappear 1", "viewDidAppear 2",
                "did 1 true",
            ])
        #expect(
            try t.run("return shown(), controller.view.subviews[2].currentPage, #controller.childViewControllers") == [
                2, 1, 3,
            ])
        // The pages are laid out again around the new page, which is in view.
        #expect(
            try t.run("return pages[2].view.frame.origin.x, pages[2].view.superview.contentOffset.x") == [385, 385])
    }

    @Test func aShortDragGoesBackAndTheTurnDidNotComplete() throws {
        let t = try world(style: 1)
        try t.run(
            """
            simulate.drag { points = { { x = 300, y = 300 }, { x = 280, y = 300 }, { x = 260, y = 300 }, { x = 260, y = 300 } } }
            simulate.advance(2)
            """)
        #expect(try t.takeLog() == ["will 2", "did 1 false"])
        #expect(try t.run("return shown()") == [1])
    }

    @Test func anAnimatedSetTurnsThenCompletes() throws {
        let t = try world(style: 1)
        try t.run(
            """
            controller:setViewControllers_direction_animated_completion({ pages[3] }, 0, true, function(finished)
                log[#log + 1] = "completion " .. tostring(finished)
            end)
            simulate.advance(1)
            """)
        let log = try t.takeLog()
        #expect(log.last == "completion true", "\(log)")
        #expect(!log.contains { $0.hasPrefix("did") }, "the delegate hears only of the user's turns: \(log)")
        #expect(try t.run("return shown(), controller.view.subviews[2].currentPage") == [3, 2])
    }

    @Test func thePageCurlStyleTurnsOnATapNearAnEdgeOrADrag() throws {
        let t = try world(style: 0)
        try t.run("simulate.tap { at = { x = 360, y = 300 } }")
        #expect(try t.run("return shown()") == [2])
        #expect(try t.run("return controller.view.layer:animationForKey('transition') ~= nil") == [true])
        // Only the page's view is in the controller's: the first page's went with it.
        #expect(try t.run("return pages[2].view.superview == controller.view, pages[1].view.superview") == [true, nil])
        try t.run("simulate.advance(1)")
        #expect(
            try t.takeLog() == [
                "will 2", "viewWillAppear 2", "viewWillDisappear 1", "viewDidDisappear 1", "viewDidAppear 2",
                "did 1 true",
            ])
        // A tap in the middle turns nothing: the drag back after it lands on the first page.
        try t.run("simulate.tap { at = { x = 180, y = 300 } }")
        try t.run("simulate.drag { from = { x = 100, y = 300 }, to = { x = 300, y = 300 } } simulate.advance(1)")
        #expect(try t.run("return shown()") == [1])
        // Nothing comes before the first page: the tap forward after it lands on the second.
        try t.run("simulate.tap { at = { x = 10, y = 300 } } simulate.advance(1)")
        try t.run("simulate.tap { at = { x = 360, y = 300 } } simulate.advance(1)")
        #expect(try t.run("return shown()") == [2])
    }

    @Test func badArgumentsAreRefusedByName() throws {
        let t = try world(style: 1)
        #expect(
            t.error(
                "controller:setViewControllers_direction_animated_completion({ pages[1], pages[2] }, 0, false, nil)"
            )
            .contains("give exactly one view controller (got 2)"))
        #expect(
            t.error("controller:setViewControllers_direction_animated_completion({ pages[2] }, 2, false, nil)")
                .contains("direction"))
        #expect(
            t.error(
                """
                objc.UIPageViewController:newWithTransitionStyle_navigationOrientation_options(1, 0,
                    { [require("UIKit.UIPageViewController").UIPageViewControllerOptionInterPageSpacingKey] = -5 })
                """
            ).contains("spacing must be from 0 to 1000 points, got -5"))
    }
}

/// A page view controller scene as Xcode writes it (attributes from a public storyboard).
@Suite struct PageViewControllerDocumentTests {
    @Test func aStoryboardSceneKeepsItsStyle() throws {
        let folder = try NibFolder([
            "Pages.xib": NibFolder.xib(
                """
                <pageViewController autoresizesArchivedViewToFullSize="NO" transitionStyle="scroll" \
                navigationOrientation="vertical" spineLocation="none" id="bAc-bO-Dys"/>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        #expect(
            try t.run(
                """
                local pages = objc.UINib:nibWithNibName_bundle("Pages", nil):instantiateWithOwner_options(nil, nil)[1]
                return pages.transitionStyle, pages.navigationOrientation
                """) == [1, 1])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }
}
