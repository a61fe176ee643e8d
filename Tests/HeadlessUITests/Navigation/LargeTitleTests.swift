import Foundation
import LuaRuntime
import ObjectBridge
import Testing

@testable import HeadlessUI

/// Large titles and the search bar in a navigation bar, scrolled away with the content, on the
/// phone profile (a 20-point status bar): the bar is 44 points, plus 52 for a large title and
/// 52 for a search bar, and its bottom follows the content's top as the content scrolls up.
@Suite struct LargeTitleTests {
    func world(search: Bool = false) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            List = objc.UITableViewController:createSubclass "List"
            function List:tableView_numberOfRowsInSection() return 40 end
            function List:tableView_cellForRowAtIndexPath(tableView, indexPath)
                local cell = objc.UITableViewCell:new()
                cell.textLabel.text = "Row " .. indexPath.row
                return cell
            end
            list = List:new()
            list.title = "Produce"
            \(search ? "list.navigationItem.searchController = objc.UISearchController:newWithSearchResultsController(nil)" : "")
            controller = objc.UINavigationController:newWithRootViewController(list)
            bar = controller.navigationBar
            bar.prefersLargeTitles = true
            function scroll(y)
                list.tableView:setContentOffset_animated(struct.CGPoint(0, y), false)
                controller.view.window:layoutIfNeeded()
            end
            function state()
                return bar.frame.size.height, list.tableView.adjustedContentInset.top, list.tableView.contentOffset.y
            end
            """)
        try t.show()
        return t
    }

    func bar(_ t: TestWorld) throws -> NavigationBar {
        let state = t.world.bridge.state
        guard let bar = try state.object(of: state.global("bar"), as: NavigationBar.self) else {
            throw ScriptValueError("no bar")
        }
        return bar
    }

    @Test func aLargeTitleAdds52PointsAndDrawsNoBackgroundAtTheScrollEdge() throws {
        let t = try world()
        #expect(try t.run("return state()") == [96, 116, -116])
        let large = try bar(t).largeTitleLabel
        #expect(large.text == "Produce" && large.font?.pointSize == 34 && large.frame.minX == 16)
        #expect(try t.run("return bar.titleLabel.hidden") == [true])
        #expect(try bar(t).backdrop == nil)
    }

    @Test func scrollingUpTakesTheLargeTitleAwayWithTheContent() throws {
        let t = try world()
        try t.run("scroll(-86)")
        // The bar's bottom is at the content's top; the offset stays where the finger left it.
        #expect(try t.run("return state()") == [66, 86, -86])
        // While some of the large title shows, the bar is still at its scroll edge.
        #expect(try bar(t).backdrop == nil)
        try t.run("scroll(200)")
        #expect(try t.run("return state()") == [44, 64, 200])
        #expect(try bar(t).backdrop != nil)
        #expect(try t.run("return bar.titleLabel.hidden, bar.titleLabel.text") == [false, "Produce"])
        try t.run("scroll(-116)")
        #expect(try t.run("return state()") == [96, 116, -116])
    }

    @Test func theSearchBarScrollsAwayBeforeTheLargeTitle() throws {
        let t = try world(search: true)
        #expect(try t.run("return state()") == [148, 168, -168])
        func heights() throws -> [Double] {
            let shown = try bar(t)
            return [Double(shown.searchBarView?.frame.height ?? -1), Double(shown.largeTitleArea.frame.height)]
        }
        try t.run("scroll(-138)")
        #expect(try heights() == [22, 52])
        try t.run("scroll(-88)")
        #expect(try heights() == [0, 24])
        try t.run("list.navigationItem.hidesSearchBarWhenScrolling = false scroll(-168) scroll(-138)")
        #expect(try heights() == [52, 22])
    }

    @Test func theDisplayModeDecidesPerItemAndAutomaticFollowsTheItemBelow() throws {
        let t = try world()
        let Mode = "require('UIKit.UINavigationItem').LargeTitleDisplayMode"
        try t.run(
            """
            local never = objc.UIViewController:new()
            never.navigationItem.largeTitleDisplayMode = \(Mode).Never
            controller:pushViewController_animated(never, false)
            """)
        #expect(try t.run("return bar.frame.size.height") == [44])
        try t.run("controller:pushViewController_animated(objc.UIViewController:new(), false)")
        #expect(try t.run("return bar.frame.size.height") == [44])
        try t.run(
            """
            local always = objc.UIViewController:new()
            always.navigationItem.largeTitleDisplayMode = \(Mode).Always
            controller:pushViewController_animated(always, false)
            """)
        #expect(try t.run("return bar.frame.size.height") == [96])
        #expect(t.error("list.navigationItem.largeTitleDisplayMode = 3").contains("largeTitleDisplayMode"))
    }

    @Test func aControllerShownAgainFindsTheBarAsItsContentLeftIt() throws {
        let t = try world()
        try t.run("scroll(300) controller:pushViewController_animated(List:new(), false)")
        try t.world.layoutPass()
        #expect(try t.run("return bar.frame.size.height") == [96])
        try t.run("controller:popViewControllerAnimated(false)")
        try t.world.layoutPass()
        #expect(try t.run("return state()") == [44, 64, 300])
    }

    /// A navigation controller as Xcode writes it with large titles on, its second controller
    /// refusing them.
    @Test func documentsTurnLargeTitlesOnPerBarAndItem() throws {
        let folder = try NibFolder([
            "Main.xib": NibFolder.xib(
                """
                <navigationController id="nav">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" prefersLargeTitles="YES" id="bar">
                        <rect key="frame" x="0.0" y="20" width="375" height="96"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </navigationBar>
                    <viewControllers>
                        <viewController title="Inbox" id="root">
                            <navigationItem key="navigationItem" title="Inbox" largeTitleDisplayMode="always" id="item"/>
                        </viewController>
                        <viewController title="Message" id="detail">
                            <navigationItem key="navigationItem" title="Message" largeTitleDisplayMode="never" id="item2"/>
                        </viewController>
                    </viewControllers>
                </navigationController>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            "controller = objc.UINib:nibWithNibName_bundle('Main', nil):instantiateWithOwner_options(nil, nil)[1]")
        try t.show()
        #expect(
            try t.run(
                """
                return controller.navigationBar.prefersLargeTitles, controller.viewControllers[1].navigationItem.largeTitleDisplayMode,
                    controller.navigationBar.frame.size.height
                """) == [true, 1, 44])
        try t.run("controller:popViewControllerAnimated(false)")
        #expect(try t.run("return controller.navigationBar.frame.size.height") == [96])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    /// A drag let go with the large title partly scrolled away: the content moves on until the
    /// title is all there or all gone (the nearer), as UIKit snaps the bar.
    @Test func aDragLetGoHalfwaySnapsTheLargeTitle() throws {
        let t = try world()
        try t.run(
            """
            function List:scrollViewDidEndDragging_willDecelerate(scrollView) letGo = scrollView.contentOffset.y end
            function dragUp(by) -- slowly, so that the content does not glide on
                simulate.drag { points = { { x = 180, y = 400 }, { x = 180, y = 390 }, { x = 180, y = 390 - by },
                    { x = 180, y = 390 - by } } }
            end
            dragUp(15)
            """)
        let letGo = try #require(try t.run("return letGo").first?.numberValue)
        #expect(letGo > -116 && letGo < -90, "the drag let the content go part way: \(letGo)")
        try t.run("simulate.advance(2)")
        #expect(try t.run("return state()") == [96, 116, -116])
        try t.run("dragUp(40) simulate.advance(2)")
        #expect(try t.run("return state()") == [44, 64, -64])
    }

    /// With a search bar, the search bar snaps first: dragged most of the way, it goes and the
    /// large title stays.
    @Test func aDragLetGoSnapsTheSearchBarBeforeTheTitle() throws {
        let t = try world(search: true)
        try t.run(
            """
            simulate.drag { points = { { x = 180, y = 400 }, { x = 180, y = 390 }, { x = 180, y = 350 },
                { x = 180, y = 350 } } }
            simulate.advance(2)
            """)
        #expect(try t.run("return state()") == [96, 116, -116])
    }
}
