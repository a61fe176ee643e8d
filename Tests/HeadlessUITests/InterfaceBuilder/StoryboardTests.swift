import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Storyboards: scenes made on demand with their views loaded lazily, a navigation
/// controller's root relationship, segues in the storyboard article's order, and modal
/// presentation.
@Suite struct StoryboardTests {
    /// A navigation controller whose root is a list scene with a button that shows a detail
    /// scene and presents an about scene; the detail scene can be made by identifier.
    static let main = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nav-00-aaa">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s01">
                    <objects>
                        <navigationController id="nav-00-aaa" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-00-aaa">
                                <rect key="frame" x="0.0" y="48" width="414" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="lst-00-aaa" kind="relationship" relationship="rootViewController" id="r01"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="-700" y="0"/>
                </scene>
                <scene sceneID="s02">
                    <objects>
                        <viewController id="lst-00-aaa" customClass="ListController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="lv0-00-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn-00-aaa">
                                        <rect key="frame" x="20" y="120" width="120" height="44"/>
                                        <state key="normal" title="Details"/>
                                        <connections>
                                            <segue destination="det-00-aaa" kind="show" identifier="ShowDetail" id="g01"/>
                                        </connections>
                                    </button>
                                </subviews>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            </view>
                            <navigationItem key="navigationItem" title="Fruit" id="ni1"/>
                            <connections>
                                <outlet property="showButton" destination="btn-00-aaa" id="o01"/>
                                <segue destination="abt-00-aaa" kind="presentation" identifier="About" modalPresentationStyle="fullScreen" animates="NO" id="g02"/>
                                <segue destination="abt-00-aaa" kind="custom" identifier="Fade" customClass="FadeSegue" id="g03"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s03">
                    <objects>
                        <viewController storyboardIdentifier="Detail" id="det-00-aaa" customClass="DetailController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="dv0-00-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <label text="Detail" id="dlb-00-aaa">
                                        <rect key="frame" x="20" y="120" width="200" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="nameLabel" destination="dlb-00-aaa" id="o02"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s04">
                    <objects>
                        <viewController id="abt-00-aaa" customClass="AboutController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="av0-00-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="done-00-aaa">
                                        <rect key="frame" x="20" y="60" width="80" height="44"/>
                                        <state key="normal" title="Done"/>
                                        <connections>
                                            <segue destination="exit-00-aaa" kind="unwind" unwindAction="unwindToList:" identifier="Back" id="u01"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="doneButton" destination="done-00-aaa" id="o03"/>
                            </connections>
                        </viewController>
                        <exit id="exit-00-aaa" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """

    static let script = """
        calls = {}
        local function note(text) calls[#calls + 1] = text end
        ListController = objc.UIViewController:createSubclass("ListController")
        function ListController:shouldPerformSegueWithIdentifier_sender(identifier, sender)
            note("should " .. identifier .. " " .. tostring(sender == self.showButton))
            return allow
        end
        function ListController:prepareForSegue_sender(segue, sender)
            note("prepare " .. segue.identifier .. " " .. tostring(segue.destinationViewController.isViewLoaded))
            segue.destinationViewController.fruit = "Banana"
        end
        function ListController:viewWillDisappear(animated) note("list disappears") end
        DetailController = objc.UIViewController:createSubclass("DetailController")
        function DetailController:viewDidLoad() note("detail loads " .. tostring(self.fruit)) self.nameLabel.text = self.fruit end
        function DetailController:viewDidAppear(animated) note("detail appears") end
        FadeSegue = objc.UIStoryboardSegue:createSubclass("FadeSegue")
        function FadeSegue:perform()
            note("fade from " .. tostring(self.sourceViewController.navigationItem.title))
            self.sourceViewController:presentViewController_animated_completion(self.destinationViewController, false, nil)
        end
        function ListController:unwindToList(segue)
            note("unwind " .. segue.identifier .. " from " .. tostring(segue.sourceViewController.doneButton ~= nil))
        end
        AboutController = objc.UIViewController:createSubclass("AboutController")
        function AboutController:prepareForSegue_sender(segue, sender) note("about prepares " .. segue.identifier) end
        function AboutController:viewDidAppear(animated) note("about appears") end
        storyboard = objc.UIStoryboard:storyboardWithName_bundle("Main", nil)
        controller = storyboard:instantiateInitialViewController()
        """

    func world() throws -> (TestWorld, NibFolder) {
        let folder = try NibFolder(["Main.storyboard": Self.main])
        let t = try folder.world()
        try t.run(Self.script)
        try t.show()
        return (t, folder)
    }

    @Test func theInitialSceneIsANavigationControllerWithItsRoot() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        #expect(
            try t.run(
                """
                local list = controller.topViewController
                return list.title or list.navigationItem.title, list.showButton.currentTitle, list.view.backgroundColor ~= nil
                """) == ["Fruit", "Details", true])
        #expect(
            try t.run("return storyboard:instantiateViewControllerWithIdentifier('Detail').isViewLoaded") == [false])
        #expect(
            t.error("storyboard:instantiateViewControllerWithIdentifier('Nope')").contains(
                "doesn't contain a view controller with identifier 'Nope'"))
    }

    /// `<navigationBar key="navigationBar" customClass=…>` makes the navigation controller's bar
    /// of that class, as `initWithNavigationBarClass_toolbarClass` does.
    @Test func aNavigationBarsCustomClassMakesThatClass() throws {
        let folder = try NibFolder([
            "Main.storyboard": Self.main.replacingOccurrences(
                of: #"<navigationBar key="navigationBar" contentMode"#,
                with: #"<navigationBar key="navigationBar" customClass="FancyBar" contentMode"#)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        let bar = """
            FancyBar = objc.UINavigationBar:createSubclass("FancyBar")
            function FancyBar:isFancy() return true end
            """
        try t.run(bar + "\n" + Self.script)
        #expect(try t.run("return controller.navigationBar:isFancy()") == [true])
        #expect(
            try t.run(
                "return objc.UINavigationController:newWithNavigationBarClass_toolbarClass(FancyBar, nil).navigationBar:isFancy()"
            ) == [true])
        #expect(
            t.error("objc.UINavigationController:newWithNavigationBarClass_toolbarClass(objc.UIView, nil)").contains(
                "the navigation bar class UIView is not a subclass of UINavigationBar"))
    }

    @Test func aButtonsSegueRunsInTheArticlesOrderAndPushes() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run("allow = false controller.topViewController.showButton:sendActionsForControlEvents(64)")
        #expect(
            try t.run("return table.concat(calls, '; '), #controller.viewControllers") == ["should ShowDetail true", 1])
        try t.run(
            "calls = {} allow = true controller.topViewController.showButton:sendActionsForControlEvents(64) "
                + "simulate.advance(1)")
        #expect(
            try t.run("return table.concat(calls, '; ')") == [
                "should ShowDetail true; prepare ShowDetail false; detail loads Banana; list disappears; detail appears"
            ])
        #expect(
            try t.run("return #controller.viewControllers, controller.topViewController.nameLabel.text") == [
                2, "Banana",
            ])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func performSegueWithIdentifierPresentsModallyAndDismissGoesBack() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run("list = controller.topViewController calls = {} list:performSegueWithIdentifier_sender('About', nil)")
        #expect(
            try t.run("return table.concat(calls, '; ')") == ["prepare About false; list disappears; about appears"])
        #expect(
            try t.run(
                "local about = controller.presentedViewController return about ~= nil, about.presentingViewController == controller, about.view.window ~= nil"
            ) == [true, true, true])
        try t.run(
            "controller.presentedViewController:dismissViewControllerAnimated_completion(false, function() done = true end)"
        )
        #expect(try t.run("return controller.presentedViewController, done") == [nil, true])
        #expect(
            t.error("list:performSegueWithIdentifier_sender('Missing', nil)").contains(
                "has no segue with identifier 'Missing'"))
    }

    @Test func aCustomSegueClassPerformsItself() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run("list = controller.topViewController calls = {} list:performSegueWithIdentifier_sender('Fade', list)")
        // Presented in the default style, a card as in UIKit since iOS 13: the list stays, and
        // hears nothing.
        #expect(
            try t.run("return table.concat(calls, '; ')") == [
                "prepare Fade false; fade from Fruit; about appears"
            ])
        #expect(
            try t.run(
                """
                local about = controller.presentedViewController
                return about.view:convertRect_toView(about.view.bounds, nil).origin.y == objc.UIApplication.sharedApplication.statusBarFrame.size.height + 10,
                    list.view.window ~= nil
                """) == [true, true])
    }

    @Test func anUnwindSegueFindsTheControllerUpTheChainAndDismisses() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run("list = controller.topViewController list:performSegueWithIdentifier_sender('About', nil)")
        try t.run("calls = {} controller.presentedViewController.doneButton:sendActionsForControlEvents(64)")
        #expect(
            try t.run("return table.concat(calls, '; ')") == [
                "about prepares Back; unwind Back from true"
            ])
        // The dismissal animates: About is presented until it has slid away.
        #expect(try t.run("return controller.presentedViewController ~= nil") == [true])
        try t.run("simulate.advance(1)")
        #expect(try t.run("return controller.presentedViewController") == [nil])
    }

    @Test func aControllersStoryboardKeepsItsScriptFieldsWhileTheControllerLives() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run("controller.storyboard.note = 'kept' storyboard = nil collectgarbage() collectgarbage()")
        #expect(try t.run("return controller.storyboard.note") == ["kept"])
    }

    @Test func aTabBarControllersTabsComeFromItsRelationships() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
            targetRuntime="iOS.CocoaTouch" initialViewController="tab">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <tabBarController id="tab" sceneMemberID="viewController">
                                <tabBar key="tabBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="bar">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="49"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </tabBar>
                                <connections>
                                    <segue destination="one" kind="relationship" relationship="viewControllers" id="r1"/>
                                    <segue destination="two" kind="relationship" relationship="viewControllers" id="r2"/>
                                </connections>
                            </tabBarController>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <viewController id="one" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v1">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                </view>
                                <tabBarItem key="tabBarItem" title="Fruit" tag="7" id="i1"/>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s3">
                        <objects>
                            <viewController id="two" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v2">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                </view>
                                <tabBarItem key="tabBarItem" title="Baskets" id="i2"/>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let folder = try NibFolder(["Tabs.storyboard": storyboard])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            "controller = objc.UIStoryboard:storyboardWithName_bundle('Tabs', nil):instantiateInitialViewController()")
        try t.show()
        #expect(
            try t.run(
                """
                local items = controller.tabBar.items
                return #controller.viewControllers, items[1].title, items[1].tag, items[2].title, controller.selectedIndex
                """) == [2, "Fruit", 7, "Baskets", 0])
        try t.run(
            """
            local bar = controller.tabBar
            simulate.tap { at = bar:convertPoint_toView({ x = bar.bounds.size.width * 0.75, y = 20 }, nil) }
            """)
        #expect(try t.run("return controller.selectedIndex") == [1])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func relationshipsThatLeadInACircleAreAnError() throws {
        let circular = Self.main.replacingOccurrences(
            of: #"<segue destination="lst-00-aaa" kind="relationship""#,
            with: #"<segue destination="nav-00-aaa" kind="relationship""#)
        let folder = try NibFolder(["Main.storyboard": circular])
        defer { folder.remove() }
        let t = try folder.world()
        let message = t.error(
            "objc.UIStoryboard:storyboardWithName_bundle('Main', nil):instantiateInitialViewController()")
        #expect(
            message.contains("Main.storyboard:") && message.contains("its relationships lead back to it"), "\(message)")
        #expect(try t.run("return 6 * 7") == [42])
    }

    /// A segue whose destination is in no scene is an error when the document loads, at its
    /// line, before any segue is performed.
    @Test func aSegueThatLeadsNowhereIsAnErrorAtLoad() throws {
        let broken = Self.main.replacingOccurrences(
            of: #"<segue destination="lst-00-aaa" kind="relationship""#,
            with: #"<segue destination="gone-00-aaa" kind="relationship""#)
        let line = try #require(
            broken.components(separatedBy: "\n").firstIndex { $0.contains(#"destination="gone-00-aaa""#) })
        let folder = try NibFolder(["Main.storyboard": broken])
        defer { folder.remove() }
        let t = try folder.world()
        let message = t.error("objc.UIStoryboard:storyboardWithName_bundle('Main', nil)")
        #expect(
            message.contains(
                "Main.storyboard:\(line + 1): <segue>: its destination \"gone-00-aaa\" is not the id of anything in "
                    + "the document"), "\(message)")
        #expect(try t.run("return 6 * 7") == [42])
    }

    @Test func aTableScenesPrototypeCellsAreDequeuedByIdentifier() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
            targetRuntime="iOS.CocoaTouch" initialViewController="tvc">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <tableViewController id="tvc" customClass="FruitList" sceneMemberID="viewController">
                                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="60" sectionHeaderHeight="28" sectionFooterHeight="28" id="tv">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <prototypes>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" accessoryType="disclosureIndicator" reuseIdentifier="Fruit" id="proto" customClass="FruitCell">
                                            <rect key="frame" x="0.0" y="28" width="375" height="60"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="proto" id="cv">
                                                <rect key="frame" x="0.0" y="0.0" width="341" height="60"/>
                                                <subviews>
                                                    <label text="Name" id="name">
                                                        <rect key="frame" x="16" y="20" width="200" height="21"/>
                                                    </label>
                                                </subviews>
                                            </tableViewCellContentView>
                                            <connections>
                                                <outlet property="nameLabel" destination="name" id="o1"/>
                                            </connections>
                                        </tableViewCell>
                                    </prototypes>
                                    <connections>
                                        <outlet property="dataSource" destination="tvc" id="ds"/>
                                        <outlet property="delegate" destination="tvc" id="dl"/>
                                    </connections>
                                </tableView>
                            </tableViewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let folder = try NibFolder(["Fruit.storyboard": storyboard])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            FruitCell = objc.UITableViewCell:createSubclass("FruitCell")
            FruitList = objc.UITableViewController:createSubclass("FruitList")
            local names = { "Banana", "Pear", "Apple" }
            function FruitList:tableView_numberOfRowsInSection(tableView, section) return #names end
            function FruitList:tableView_cellForRowAtIndexPath(tableView, path)
                local cell = tableView:dequeueReusableCellWithIdentifier_forIndexPath("Fruit", path)
                cell.nameLabel.text = names[path.row + 1]
                return cell
            end
            controller = objc.UIStoryboard:storyboardWithName_bundle("Fruit", nil):instantiateInitialViewController()
            """)
        try t.show()
        #expect(
            try t.run(
                """
                local cells = controller.tableView.visibleCells
                return #cells, cells[2].nameLabel.text, cells[2].frame.origin.y, cells[2].accessoryType, controller.tableView.rowHeight
                """) == [3, "Pear", 60, 1, 60])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func aContainerViewEmbedsItsSceneAsAChild() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
            targetRuntime="iOS.CocoaTouch" initialViewController="outer">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController id="outer" customClass="Outer" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="ov">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <subviews>
                                        <containerView opaque="NO" contentMode="scaleToFill" id="box">
                                            <rect key="frame" x="20" y="100" width="335" height="200"/>
                                            <connections>
                                                <segue destination="inner" kind="embed" identifier="Embed" id="e1"/>
                                            </connections>
                                        </containerView>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <viewController id="inner" customClass="Inner" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="iv">
                                    <rect key="frame" x="0.0" y="0.0" width="335" height="200"/>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let folder = try NibFolder(["Embed.storyboard": storyboard])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            calls = {}
            Outer = objc.UIViewController:createSubclass("Outer")
            function Outer:prepareForSegue_sender(segue, sender)
                calls[#calls + 1] = "prepare " .. segue.identifier .. " " .. tostring(segue.destinationViewController.isViewLoaded)
            end
            function Outer:viewDidLoad() calls[#calls + 1] = "outer loaded " .. #self.childViewControllers end
            Inner = objc.UIViewController:createSubclass("Inner")
            function Inner:didMoveToParentViewController(parent) calls[#calls + 1] = "inner moved" end
            controller = objc.UIStoryboard:storyboardWithName_bundle("Embed", nil):instantiateInitialViewController()
            """)
        try t.show()
        #expect(try t.run("return table.concat(calls, '; ')") == ["prepare Embed false; inner moved; outer loaded 1"])
        #expect(
            try t.run(
                """
                local inner = controller.childViewControllers[1]
                local f = inner.view.frame
                return inner.parentViewController == controller, inner.view.superview.frame.origin.y, f.size.width, f.size.height
                """) == [true, 100, 335, 200])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }
}
