import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Parts that Xcode writes in the documents of public projects, read as UIKit reads them:
/// fractional multipliers, the navigation controller's and views' extra elements, colours in
/// Xcode 11's two spellings, activity indicators, scroll views' insets and zoom, and popover
/// segues. None of them is a notice.
@Suite struct PublicDocumentTests {
    static func storyboard(initial: String, _ scenes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" \
        useSafeAreas="YES" colorMatched="YES" initialViewController="\(initial)">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="17703"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
            </dependencies>
            <scenes>
        \(scenes)
            </scenes>
            <resources>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """
    }

    /// A launch screen as Xcode writes one: a logo a third of the screen wide, square, centred,
    /// and a caption half as wide as the logo (`multiplier="1:2"`).
    static let launchScreen = storyboard(
        initial: "01J-lp-oVM",
        """
                <scene sceneID="EHf-IW-A2E">
                    <objects>
                        <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Lgo-00-aaa">
                                        <rect key="frame" x="125" y="271" width="125" height="125"/>
                                        <color key="backgroundColor" red="1" green="0.5" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                    </view>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Fruit" textAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="Cap-00-aaa">
                                        <rect key="frame" x="156" y="404" width="62.5" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="Bcu-3y-fUS"/>
                                <color key="backgroundColor" xcode11CocoaTouchSystemColor="systemBackgroundColor" cocoaTouchSystemColor="whiteColor"/>
                                <constraints>
                                    <constraint firstItem="Lgo-00-aaa" firstAttribute="width" secondItem="Ze5-6b-2t3" secondAttribute="width" multiplier="1/3" id="c01"/>
                                    <constraint firstItem="Lgo-00-aaa" firstAttribute="width" secondItem="Lgo-00-aaa" secondAttribute="height" multiplier="1:1" id="c02"/>
                                    <constraint firstItem="Lgo-00-aaa" firstAttribute="centerX" secondItem="Ze5-6b-2t3" secondAttribute="centerX" id="c03"/>
                                    <constraint firstItem="Lgo-00-aaa" firstAttribute="centerY" secondItem="Ze5-6b-2t3" secondAttribute="centerY" id="c04"/>
                                    <constraint firstItem="Cap-00-aaa" firstAttribute="width" secondItem="Lgo-00-aaa" secondAttribute="width" multiplier="1:2" id="c05"/>
                                    <constraint firstItem="Cap-00-aaa" firstAttribute="centerX" secondItem="Lgo-00-aaa" secondAttribute="centerX" id="c06"/>
                                    <constraint firstItem="Cap-00-aaa" firstAttribute="top" secondItem="Lgo-00-aaa" secondAttribute="bottom" constant="8" id="c07"/>
                                </constraints>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="53" y="375"/>
                </scene>
        """)

    @Test func fractionalMultipliersAreRatiosAsXcodeWritesThem() throws {
        let folder = try NibFolder(["LaunchScreen.storyboard": Self.launchScreen])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            controller = objc.UIStoryboard:storyboardWithName_bundle("LaunchScreen", nil):instantiateInitialViewController()
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
            controller.view:layoutIfNeeded()
            logo, caption = controller.view.subviews[1], controller.view.subviews[2]
            """)
        #expect(try t.run("local f = logo.frame return f.origin.x, f.size.width, f.size.height") == [125, 125, 125])
        #expect(try t.run("return caption.frame.size.width") == [62.5])
        #expect(t.warnings.isEmpty, "both colour names are read: \(t.warnings)")
        let broken = Self.launchScreen.replacingOccurrences(of: "multiplier=\"1/3\"", with: "multiplier=\"1/0\"")
        let bad = try NibFolder(["LaunchScreen.storyboard": broken])
        defer { bad.remove() }
        let message = try bad.world().error(
            "local _ = objc.UIStoryboard:storyboardWithName_bundle('LaunchScreen', nil):instantiateInitialViewController().view"
        )
        #expect(message.contains("LaunchScreen.storyboard:") && message.contains("multiplier=\"1/0\""), "\(message)")
    }

    /// A navigation controller as Xcode 8 to 11 wrote one, over a list scene that holds an
    /// activity indicator, a zooming scroll view and a popover segue.
    static let navigation = storyboard(
        initial: "nav-00-aaa",
        """
                <scene sceneID="s01">
                    <objects>
                        <navigationController automaticallyAdjustsScrollViewInsets="NO" id="nav-00-aaa" sceneMemberID="viewController">
                            <toolbarItems/>
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-00-aaa">
                                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <nil name="viewControllers"/>
                            <extendedEdge key="edgesForExtendedLayout" top="YES"/>
                            <connections>
                                <segue destination="lst-00-aaa" kind="relationship" relationship="rootViewController" id="r01"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s02">
                    <objects>
                        <viewController id="lst-00-aaa" hidesBottomBarWhenPushed="YES" extendedLayoutIncludesOpaqueBars="YES" modalInPresentation="YES" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="lv0-00-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <activityIndicatorView opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" hidesWhenStopped="YES" animating="YES" style="gray" id="spn-00-aaa">
                                        <rect key="frame" x="177" y="80" width="20" height="20"/>
                                    </activityIndicatorView>
                                    <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" contentInsetAdjustmentBehavior="never" minimumZoomScale="0.5" maximumZoomScale="4" id="scr-00-aaa">
                                        <rect key="frame" x="0.0" y="120" width="375" height="300"/>
                                        <animations/>
                                    </scrollView>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn-00-aaa">
                                        <rect key="frame" x="20" y="440" width="120" height="44"/>
                                        <animations/>
                                        <state key="normal" title="Info"/>
                                        <connections>
                                            <segue destination="pop-00-aaa" kind="popoverPresentation" identifier="Info" popoverAnchorView="btn-00-aaa" id="g01">
                                                <popoverArrowDirection key="popoverArrowDirection" up="YES" down="YES" left="YES" right="YES"/>
                                            </segue>
                                        </connections>
                                    </button>
                                </subviews>
                                <animations/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            </view>
                            <extendedEdge key="edgesForExtendedLayout"/>
                            <navigationItem key="navigationItem" title="Fruit" id="ni1"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s03">
                    <objects>
                        <tableViewController id="pop-00-aaa" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="44" sectionHeaderHeight="28" sectionFooterHeight="28" id="tbl-00-aaa">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <prototypes>
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" reuseIdentifier="Cell" id="cel-00-aaa">
                                        <rect key="frame" x="0.0" y="28" width="375" height="44"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cel-00-aaa" id="ccv-00-aaa">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="43.5"/>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                                <sections/>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
        """)

    @Test func xcodesExtraPartsSetWhatUIKitSets() throws {
        let folder = try NibFolder(["Main.storyboard": Self.navigation])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            nav = objc.UIStoryboard:storyboardWithName_bundle("Main", nil):instantiateInitialViewController()
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = nav
            list = nav.topViewController
            spinner, scroller, button = list.view.subviews[1], list.view.subviews[2], list.view.subviews[3]
            """)
        #expect(try t.run("return nav.automaticallyAdjustsScrollViewInsets, nav.edgesForExtendedLayout") == [false, 1])
        #expect(
            try t.run(
                "return list.edgesForExtendedLayout, list.navigationItem.title, list.hidesBottomBarWhenPushed, "
                    + "list.extendedLayoutIncludesOpaqueBars, list.modalInPresentation") == [
                    0, "Fruit", true, true, true,
                ])
        #expect(
            try t.run("return spinner.activityIndicatorViewStyle, spinner.hidesWhenStopped, spinner.animating")
                == [2, true, true])
        #expect(
            try t.run(
                "return scroller.contentInsetAdjustmentBehavior, scroller.minimumZoomScale, scroller.maximumZoomScale")
                == [2, 0.5, 4])
        try t.run("list:performSegueWithIdentifier_sender('Info', button)")
        #expect(try t.run("return list.presentedViewController.modalPresentationStyle") == [7], "a popover")
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    /// A xib of Xcode 4's kind: the navigation controller's stack nested in it.
    @Test func aXibsNavigationControllerHoldsItsViewControllers() throws {
        let folder = try NibFolder([
            "MainWindow.xib": NibFolder.xib(
                """
                <navigationController id="nav">
                    <extendedEdge key="edgesForExtendedLayout" top="YES" bottom="YES"/>
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                        <rect key="frame" x="0.0" y="20" width="320" height="44"/>
                        <autoresizingMask key="autoresizingMask"/>
                    </navigationBar>
                    <viewControllers>
                        <viewController title="Root" id="root">
                            <navigationItem key="navigationItem" title="Root" id="item"/>
                        </viewController>
                    </viewControllers>
                </navigationController>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            nav = objc.UINib:nibWithNibName_bundle("MainWindow", nil):instantiateWithOwner_options(nil, nil)[1]
            """)
        #expect(try t.run("return #nav.viewControllers, nav.topViewController.title") == [1, "Root"])
        #expect(try t.run("return nav.edgesForExtendedLayout") == [5])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    /// The controls of a sign-in form as Xcode writes them, and a navigation item with bar
    /// button items whose action reaches the owner.
    @Test func formControlsAndBarButtonItemsAreRead() throws {
        let folder = try NibFolder([
            "Form.xib": NibFolder.xib(
                owner: "FormOwner",
                """
                <viewController id="vc">
                    <view key="view" contentMode="scaleToFill" id="v">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <subviews>
                            <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" text="ada" borderStyle="roundedRect" placeholder="Email" textAlignment="natural" minimumFontSize="17" clearButtonMode="whileEditing" id="tf">
                                <rect key="frame" x="20" y="100" width="335" height="34"/>
                                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                <textInputTraits key="textInputTraits" autocapitalizationType="none" autocorrectionType="no" keyboardType="emailAddress" returnKeyType="next" secureTextEntry="YES" textContentType="email"/>
                            </textField>
                            <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" text="Terms" textAlignment="natural" editable="NO" id="tv">
                                <rect key="frame" x="20" y="140" width="335" height="80"/>
                                <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
                            </textView>
                            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" id="sc">
                                <rect key="frame" x="20" y="230" width="200" height="32"/>
                                <segments>
                                    <segment title="Sign in"/>
                                    <segment title="Register" width="120"/>
                                    <segment title="Later" enabled="NO"/>
                                </segments>
                            </segmentedControl>
                            <pageControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" numberOfPages="4" currentPage="2" id="pc">
                                <rect key="frame" x="20" y="270" width="100" height="26"/>
                            </pageControl>
                            <progressView opaque="NO" contentMode="scaleToFill" verticalHuggingPriority="750" progress="0.25" progressViewStyle="bar" id="pv">
                                <rect key="frame" x="20" y="300" width="200" height="4"/>
                            </progressView>
                        </subviews>
                    </view>
                    <navigationItem key="navigationItem" title="Sign In" id="ni">
                        <barButtonItem key="leftBarButtonItem" title="Cancel" id="cancel"/>
                        <rightBarButtonItems>
                            <barButtonItem style="done" systemItem="done" id="done">
                                <connections>
                                    <action selector="submit:" destination="-1" id="a1"/>
                                </connections>
                            </barButtonItem>
                        </rightBarButtonItems>
                    </navigationItem>
                </viewController>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            FormOwner = class.createClass("FormOwner")
            function FormOwner:submit(item) submitted = item end
            owner = FormOwner:new()
            controller = objc.UINib:nibWithNibName_bundle("Form", nil):instantiateWithOwner_options(owner, nil)[1]
            field, terms, segments, pages, progress = table.unpack(controller.view.subviews)
            """)
        #expect(
            try t.run("return field.text, field.placeholder, field.borderStyle, field.clearButtonMode") == [
                "ada", "Email", 3, 1,
            ])
        #expect(
            try t.run(
                "return field.keyboardType, field.returnKeyType, field.autocapitalizationType, field.secureTextEntry")
                == [7, 4, 0, true])
        #expect(try t.run("return terms.text, terms.editable") == ["Terms", false])
        #expect(
            try t.run(
                "return segments.numberOfSegments, segments.selectedSegmentIndex, segments:widthForSegmentAtIndex(1), "
                    + "segments:isEnabledForSegmentAtIndex(2), segments:titleForSegmentAtIndex(1)")
                == [3, 1, 120, false, "Register"])
        #expect(try t.run("return pages.numberOfPages, pages.currentPage, progress.progress") == [4, 2, 0.25])
        let item = "controller.navigationItem"
        #expect(try t.run("return \(item).leftBarButtonItem.title, \(item).rightBarButtonItem.style") == ["Cancel", 2])
        try t.run("\(item).rightBarButtonItem.target:submit(\(item).rightBarButtonItem)")
        #expect(
            try t.run("return submitted == \(item).rightBarButtonItem, \(item).rightBarButtonItem.action") == [
                true, "submit",
            ])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    /// A visual effect view: its blur by Xcode's style name, and the views in its content view.
    @Test func aVisualEffectViewHasItsBlurAndContent() throws {
        let folder = try NibFolder([
            "Card.xib": NibFolder.xib(
                """
                <visualEffectView opaque="NO" contentMode="scaleToFill" id="ve">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="80"/>
                    <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="vc">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="80"/>
                        <subviews>
                            <label text="Blurred" id="l">
                                <rect key="frame" x="10" y="10" width="100" height="21"/>
                            </label>
                        </subviews>
                    </view>
                    <blurEffect style="systemMaterialDark"/>
                </visualEffectView>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run("card = objc.UINib:nibWithNibName_bundle('Card', nil):instantiateWithOwner_options(nil, nil)[1]")
        #expect(try t.run("return card.effect.style, card.contentView.subviews[1].text") == [18, "Blurred"])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
        let bad = try NibFolder([
            "Card.xib": NibFolder.xib("<visualEffectView id=\"ve\"><blurEffect style=\"glossy\"/></visualEffectView>")
        ])
        defer { bad.remove() }
        let message = try bad.world().error(
            "objc.UINib:nibWithNibName_bundle('Card', nil):instantiateWithOwner_options(nil, nil)")
        #expect(
            message.contains("Card.xib:") && message.contains("style=\"glossy\" is not a UIBlurEffectStyle"),
            "\(message)")
    }
}
