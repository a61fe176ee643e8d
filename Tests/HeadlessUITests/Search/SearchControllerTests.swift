import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UISearchController in a navigation item, on the phone profile (375 x 667, a 20-point status
/// bar): the bar's height with the search bar (44 + 52) and while searching (52), the delegate's
/// and the updater's calls in UIKit's order, the results controller, the dimming, and Cancel.
@Suite struct SearchControllerTests {
    func world(results: Bool = false) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            local function note(text) log[#log + 1] = text end
            Watcher = objc.NSObject:createSubclass "Watcher"
            Watcher:declareProtocol "UISearchResultsUpdating"
            Watcher:declareProtocol "UISearchControllerDelegate"
            function Watcher:updateSearchResultsForSearchController(search) note("update '" .. search.searchBar.text .. "'") end
            for _, method in ipairs { "willPresentSearchController", "didPresentSearchController",
                                      "willDismissSearchController", "didDismissSearchController" } do
                Watcher[method] = function(self, search) note(method) end
            end
            watcher = Watcher:new()
            Results = objc.UIViewController:createSubclass "Results"
            for _, method in ipairs { "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
                Results[method] = function(self, animated) note("results " .. method) end
            end
            results = \(results ? "Results:new()" : "nil")
            list = objc.UITableViewController:new()
            search = objc.UISearchController:newWithSearchResultsController(results)
            search.searchResultsUpdater = watcher
            search.delegate = watcher
            list.navigationItem.title = "List"
            list.navigationItem.searchController = search
            controller = objc.UINavigationController:newWithRootViewController(list)
            bar = controller.navigationBar
            function frame(view) local f = view.frame return f.origin.x, f.origin.y, f.size.width, f.size.height end
            """)
        try t.show()
        return t
    }

    @Test func theNavigationBarShowsTheSearchBarUnderItsRow() throws {
        let t = try world()
        #expect(try t.run("return frame(bar)") == [0, 20, 375, 96])
        #expect(try t.run("return frame(search.searchBar)") == [0, 44, 375, 52])
        // In a navigation bar the field keeps to the bar's margins, in the middle of its row.
        #expect(try t.run("return frame(search.searchBar.searchTextField)") == [16, 8, 343, 36])
        #expect(try t.run("return list.tableView.adjustedContentInset.top") == [116])
        #expect(try t.run("return search.active, search.obscuresBackgroundDuringPresentation") == [false, false])
    }

    @Test func typingSearchesAndCancelEndsTheSearch() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 180, y = 82 } }")
        #expect(try t.takeLog() == ["willPresentSearchController", "update ''", "didPresentSearchController"])
        try t.world.layoutPass()
        // The search bar takes the bar's place, with Cancel.
        #expect(try t.run("return search.active, frame(bar)") == [true, 0, 20, 375, 52])
        #expect(
            try t.run("return search.searchBar.showsCancelButton, frame(search.searchBar)") == [true, 0, 0, 375, 52])
        #expect(try t.run("return list.tableView.adjustedContentInset.top") == [72])
        try t.run("simulate.type 'ab'")
        #expect(try t.takeLog() == ["update 'a'", "update 'ab'"])
        // The Search key puts the keyboard away and the search stays.
        try t.run("simulate.key 'return'")
        #expect(try t.run("return search.searchBar.searchTextField.isFirstResponder, search.active") == [false, true])
        try t.run("simulate.tap { at = { x = 340, y = 46 } }")
        #expect(try t.takeLog() == ["willDismissSearchController", "update ''", "didDismissSearchController"])
        try t.world.layoutPass()
        #expect(try t.run("return search.active, search.searchBar.text, frame(bar)") == [false, "", 0, 20, 375, 96])
        #expect(try t.run("return search.view.superview") == [nil])
    }

    @Test func theResultsControllerShowsWhileThereIsText() throws {
        let t = try world(results: true)
        try t.run("search.active = true")
        #expect(try t.takeLog() == ["willPresentSearchController", "update ''", "didPresentSearchController"])
        #expect(
            try t.run("return search.view.superview == controller.view, frame(search.view)") == [true, 0, 72, 375, 595])
        try t.run("search.searchBar.searchTextField:becomeFirstResponder() simulate.type 'x'")
        #expect(
            try t.takeLog() == ["results viewWillAppear", "results viewDidAppear", "update 'x'"])
        #expect(
            try t.run("return results.view.superview == search.view, search.showsSearchResultsController") == [
                true, true,
            ])
        try t.run("simulate.key 'backspace'")
        #expect(try t.takeLog() == ["results viewWillDisappear", "results viewDidDisappear", "update ''"])
        #expect(try t.run("return results.view.superview") == [nil])
    }

    @Test func anObscuredBackgroundDimsAndATapOnItEndsTheSearch() throws {
        let t = try world()
        try t.run("search.obscuresBackgroundDuringPresentation = true search.active = true")
        let dimming = "search.view.subviews[1]"
        #expect(
            try t.run("return \(dimming).hidden, \(dimming).backgroundColor.alpha, frame(\(dimming))") == [
                false, 0.2, 0, 0, 375, 595,
            ])
        try t.run("simulate.tap { at = { x = 180, y = 400 } }")
        #expect(try t.run("return search.active") == [false])
    }

    @Test func keepingTheNavigationBarLeavesItsRowAboveTheSearch() throws {
        let t = try world()
        try t.run(
            """
            search.hidesNavigationBarDuringPresentation = false
            search.automaticallyShowsCancelButton = false
            search.searchBar.scopeButtonTitles = { "All", "Recent" }
            search.active = true
            """)
        try t.world.layoutPass()
        // The row stays, and the scope bar comes under the field: 8 + 36 + 8 + 32 + 8.
        #expect(try t.run("return bar.titleLabel.hidden, frame(bar)") == [false, 0, 20, 375, 136])
        #expect(
            try t.run("return search.searchBar.showsCancelButton, search.searchBar.showsScopeBar") == [false, true])
        try t.run("search.active = false")
        try t.world.layoutPass()
        #expect(try t.run("return search.searchBar.showsScopeBar, frame(bar)") == [false, 0, 20, 375, 96])
    }

    @Test func aSearchBarOffScreenCannotBecomeActive() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.UISearchController:newWithSearchResultsController(nil).active = true")
                .contains("the search bar is not on screen"))
    }

    @Test func anotherControllerPushedTakesTheSearchBarAway() throws {
        let t = try world()
        try t.run("controller:pushViewController_animated(objc.UIViewController:new(), false)")
        try t.world.layoutPass()
        #expect(try t.run("return search.searchBar.superview, frame(bar)") == [nil, 0, 20, 375, 44])
        try t.run("controller:popViewControllerAnimated(false)")
        try t.world.layoutPass()
        #expect(try t.run("return search.searchBar.superview == bar, frame(bar)") == [true, 0, 20, 375, 96])
    }
}
