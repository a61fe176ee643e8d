import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// A split view controller scene, as Xcode's Master-Detail template writes it: collapsed on a
/// phone (the detail pushed on the master's navigation controller, unless the delegate takes
/// it), side by side on a tablet in landscape, the detail alone in portrait.
@Suite struct SplitViewStoryboardTests {
    static let masterDetail = PublicDocumentTests.storyboard(
        initial: "H1p-Uh-vWS",
        """
                <scene sceneID="s1">
                    <objects>
                        <splitViewController id="H1p-Uh-vWS" sceneMemberID="viewController">
                            <toolbarItems/>
                            <connections>
                                <segue destination="RMx-3f-FxP" kind="relationship" relationship="masterViewController" id="r1"/>
                                <segue destination="vC3-pB-5Vb" kind="relationship" relationship="detailViewController" id="r2"/>
                            </connections>
                        </splitViewController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <navigationController title="Master" id="RMx-3f-FxP" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="b1">
                                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="7bK-jq-Zjz" kind="relationship" relationship="rootViewController" id="r3"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController title="Master" id="7bK-jq-Zjz" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="mv">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn">
                                        <rect key="frame" x="20" y="100" width="120" height="44"/>
                                        <state key="normal" title="Other"/>
                                        <connections>
                                            <segue destination="oth" kind="showDetail" identifier="Other" id="g1"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Master" id="n1"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s4">
                    <objects>
                        <navigationController id="vC3-pB-5Vb" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="b2">
                                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="JEX-9P-axG" kind="relationship" relationship="rootViewController" id="r4"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s5">
                    <objects>
                        <viewController title="Detail" id="JEX-9P-axG" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="dv">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            </view>
                            <navigationItem key="navigationItem" title="Detail" id="n2"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s6">
                    <objects>
                        <viewController title="Other" id="oth" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="ov">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
        """)

    static func world(_ profile: DeviceProfile, delegate: String = "") throws -> (TestWorld, NibFolder) {
        let folder = try NibFolder(["Main.storyboard": masterDetail])
        let t = try folder.world(profile: profile)
        try t.run(
            delegate + """

                split = objc.UIStoryboard:storyboardWithName_bundle("Main", nil):instantiateInitialViewController()
                loadedEarly = split.isViewLoaded
                if Delegate then keeper = Delegate:new() split.delegate = keeper end
                """)
        try t.run(
            """
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = split
            split.view:layoutIfNeeded()
            """)
        return (t, folder)
    }

    @Test func onAPhoneTheDetailIsPushedOnTheMaster() throws {
        let (t, folder) = try Self.world(.phone)
        defer { folder.remove() }
        #expect(try t.run("return split.collapsed, #split.viewControllers") == [true, 1])
        #expect(
            try t.run("local nav = split.viewControllers[1] return #nav.viewControllers, nav.topViewController.title")
                == [2, "Detail"])
        #expect(try t.run("return split.viewControllers[1].view.frame.size.width") == [375])
    }

    @Test func aDelegateThatTakesTheSecondaryLeavesTheMasterAlone() throws {
        let (t, folder) = try Self.world(
            .phone,
            delegate: """
                Delegate = class.createClass("Delegate")
                Delegate:declareProtocol("UISplitViewControllerDelegate")
                function Delegate:splitViewController_collapseSecondaryViewController_ontoPrimaryViewController()
                    return true
                end
                """)
        defer { folder.remove() }
        #expect(try t.run("return loadedEarly, split.delegate ~= nil") == [false, true])
        #expect(try t.run("return #split.viewControllers[1].viewControllers") == [1])
        #expect(try t.run("return split.viewControllers[1].topViewController.title") == ["Master"])
    }

    @Test func onATabletInLandscapeBothColumnsShowAndShowDetailReplacesTheDetail() throws {
        let (t, folder) = try Self.world(DeviceProfile.tablet.turned(to: .landscapeLeft))
        defer { folder.remove() }
        #expect(try t.run("return split.collapsed, #split.viewControllers, split.displayMode") == [false, 2, 2])
        #expect(try t.run("return split.viewControllers[1].view.frame.size.width") == [320])
        #expect(try t.run("return split.viewControllers[2].view.frame.origin.x") == [320.5])
        #expect(try t.run("return split.viewControllers[2].view.frame.size.width") == [1045.5])
        try t.run("split.viewControllers[1].topViewController:performSegueWithIdentifier_sender('Other', nil)")
        #expect(
            try t.run("return split.viewControllers[2].title, split.viewControllers[2].view.frame.origin.x") == [
                "Other", 320.5,
            ])
    }

    @Test func onATabletInPortraitTheDetailShowsAlone() throws {
        let (t, folder) = try Self.world(.tablet)
        defer { folder.remove() }
        #expect(try t.run("return split.displayMode, split.viewControllers[1].view.superview == nil") == [1, true])
        #expect(try t.run("return split.viewControllers[2].view.frame.size.width") == [1024])
        try t.run(
            "split.preferredDisplayMode = objc.UISplitViewController.DisplayMode.AllVisible split.view:layoutIfNeeded()"
        )
        #expect(try t.run("return split.viewControllers[1].view.frame.size.width") == [320])
    }
}
