import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UISearchBar on its own, on the phone profile (375 points wide): its geometry, the delegate's
/// calls in UIKit's order, scopes, and what a script's bad values get.
@Suite struct SearchBarTests {
    /// A search bar at the top of `controller`'s view, 375 wide, whose delegate logs every call
    /// into `log` and agrees unless `refuse[method]` is set.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            refuse = {}
            Watcher = objc.NSObject:createSubclass "Watcher"
            Watcher:declareProtocol "UISearchBarDelegate"
            local function note(text) log[#log + 1] = text end
            for _, method in ipairs { "searchBarTextDidBeginEditing", "searchBarTextDidEndEditing",
                                      "searchBarSearchButtonClicked", "searchBarCancelButtonClicked" } do
                Watcher[method] = function(self, bar) note(method) end
            end
            function Watcher:searchBarShouldBeginEditing(bar) note "searchBarShouldBeginEditing" return not refuse.begin end
            function Watcher:searchBar_shouldChangeTextInRange_replacementText(bar, range, text)
                note("change " .. range.location .. " '" .. text .. "'")
                return not refuse.change
            end
            function Watcher:searchBar_textDidChange(bar, text) note("text '" .. text .. "'") end
            function Watcher:searchBar_selectedScopeButtonIndexDidChange(bar, index) note("scope " .. index) end
            controller = objc.UIViewController:new()
            bar = objc.UISearchBar:new()
            bar.delegate = Watcher:new()
            bar:sizeToFit()
            bar.frame = struct.CGRect(0, 20, 375, bar.frame.size.height)
            controller.view:addSubview(bar)
            function frame(view) local f = view.frame return f.origin.x, f.origin.y, f.size.width, f.size.height end
            """)
        try t.show()
        return t
    }

    @Test func theBarIs56PointsWithA36PointFieldEightPointsFromTheSides() throws {
        let t = try world()
        #expect(try t.run("return frame(bar)") == [0, 20, 375, 56])
        #expect(try t.run("return frame(bar.searchTextField)") == [8, 10, 359, 36])
        #expect(
            try t.run("return bar.searchTextField.placeholder, bar.searchTextField.layer.cornerRadius")
                == ["Search", 10])
        try t.run("bar.placeholder = 'Recipes' bar:layoutIfNeeded()")
        #expect(try t.run("return bar.searchTextField.placeholder") == ["Recipes"])
    }

    @Test func theCancelButtonTakesTheFieldsRightEnd() throws {
        let t = try world()
        try t.run("bar:setShowsCancelButton_animated(true, false) bar:layoutIfNeeded()")
        let cancel = try t.run("local b = bar.subviews[2] return b.hidden, b:titleForState(0), frame(b)")
        #expect(cancel.prefix(2) == [false, "Cancel"])
        guard case .number(let cancelX) = cancel[2] else { return #expect(Bool(false), "no cancel frame") }
        #expect(try t.run("return frame(bar.searchTextField)") == [8, 10, .number(cancelX - 8 - 8), 36])
    }

    @Test func theScopeBarGoesUnderTheFieldAndTellsTheDelegate() throws {
        let t = try world()
        try t.run(
            """
            bar.scopeButtonTitles = { "All", "Mine" }
            bar.showsScopeBar = true
            bar:sizeToFit()
            bar:layoutIfNeeded()
            """)
        #expect(try t.run("return bar.frame.size.height, bar.selectedScopeButtonIndex") == [96, 0])
        #expect(try t.run("return frame(bar.subviews[3])") == [8, 54, 359, 32])
        // The second segment's centre, in the window: 8 + 359 * 3 / 4, 20 + 54 + 16.
        try t.run("simulate.tap { at = { x = 277, y = 90 } }")
        #expect(try t.takeLog() == ["scope 1"])
        #expect(try t.run("return bar.selectedScopeButtonIndex") == [1])
        #expect(t.error("bar.selectedScopeButtonIndex = 2").contains("2 is outside the 2 scope titles"))
    }

    @Test func editingGoesThroughTheDelegateInUIKitsOrder() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 100, y = 48 } }")
        #expect(try t.takeLog() == ["searchBarShouldBeginEditing", "searchBarTextDidBeginEditing"])
        #expect(
            try t.run("return bar.searchTextField.isFirstResponder, bar.searchTextField.returnKeyType") == [true, 6])
        try t.run("simulate.type 'ok'")
        #expect(try t.takeLog() == ["change 0 'o'", "text 'o'", "change 1 'k'", "text 'ok'"])
        try t.run("refuse.change = true simulate.type 'x'")
        #expect(try t.takeLog() == ["change 2 'x'"])
        #expect(try t.run("return bar.text") == ["ok"])
        // The Search key tells the delegate; a bar of its own keeps the keyboard.
        try t.run("simulate.key 'return'")
        #expect(try t.takeLog() == ["searchBarSearchButtonClicked"])
        #expect(try t.run("return bar.searchTextField.isFirstResponder") == [true])
        try t.run("bar.searchTextField:resignFirstResponder()")
        #expect(try t.takeLog() == ["searchBarTextDidEndEditing"])
    }

    @Test func aDelegateCanRefuseEditingAndScriptTextTellsNobody() throws {
        let t = try world()
        try t.run("refuse.begin = true simulate.tap { at = { x = 100, y = 48 } }")
        #expect(try t.takeLog() == ["searchBarShouldBeginEditing"])
        #expect(try t.run("return bar.searchTextField.isFirstResponder") == [false])
        // Setting the text tells nobody: the typing after it is the delegate's next news.
        try t.run("bar.text = 'set' refuse.begin = false simulate.tap { at = { x = 100, y = 48 } } simulate.type 'x'")
        #expect(
            try t.takeLog() == [
                "searchBarShouldBeginEditing", "searchBarTextDidBeginEditing", "change 3 'x'", "text 'setx'",
            ])
    }

    @Test func badStylesAreRefusedByName() throws {
        let t = try world()
        #expect(t.error("bar.searchBarStyle = 7").contains("searchBarStyle"))
        #expect(
            try t.run("bar.searchBarStyle = require('UIKit.UISearchBar').Style.Minimal return bar.searchBarStyle") == [
                2
            ])
    }

    /// A search bar as Xcode writes it (attribute names from a public document), its delegate an
    /// outlet to File's Owner; the prompt, which Rebound does not draw, is a warning.
    @Test func aNibsSearchBarKeepsItsSettings() throws {
        let folder = try NibFolder([
            "Find.xib": NibFolder.xib(
                """
                <searchBar contentMode="redraw" searchBarStyle="minimal" text="pears" placeholder="Find fruit" \
                showsCancelButton="YES" showsScopeBar="YES" prompt="Shop" id="sb">
                    <rect key="frame" x="0" y="0" width="375" height="96"/>
                    <textInputTraits key="textInputTraits" autocapitalizationType="none" keyboardType="webSearch"/>
                    <scopeButtonTitles>
                        <string>All</string>
                        <string>Ripe</string>
                    </scopeButtonTitles>
                    <connections>
                        <outlet property="delegate" destination="-1" id="d"/>
                    </connections>
                </searchBar>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            owner = objc.NSObject:new()
            bar = objc.UINib:nibWithNibName_bundle("Find", nil):instantiateWithOwner_options(owner, nil)[1]
            """)
        #expect(
            try t.run(
                """
                return bar.text, bar.placeholder, bar.searchBarStyle, bar.showsCancelButton, bar.showsScopeBar,
                    bar.scopeButtonTitles[2], bar.keyboardType, bar.autocapitalizationType, bar.delegate == owner
                """) == ["pears", "Find fruit", 2, true, true, "Ripe", 10, 0, true])
        #expect(t.warnings.count == 1 && t.warnings[0].contains("prompt"), "\(t.warnings)")
    }
}
