import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Parts that the survey of what Xcode 8 to 15 writes found unread: gesture recognizers'
/// settings, long texts, steppers, accessibility, tables' and cells' views, bars, size-class
/// variations, attributed text. Each sets what UIKit sets.
@Suite struct SurveyedPartsTests {
    /// A xib whose controller's view has a button and the recognizers Xcode writes, attached
    /// as Xcode attaches them (an outlet collection of the view).
    static let gestures = NibFolder.xib(
        owner: "Owner",
        """
        <viewController id="vc">
            <view key="view" contentMode="scaleToFill" id="v">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="b">
                        <rect key="frame" x="20" y="100" width="100" height="44"/>
                        <state key="normal" title="Go"/>
                        <connections>
                            <action selector="go:" destination="-1" eventType="touchUpInside" id="a1"/>
                        </connections>
                    </button>
                </subviews>
                <gestureRecognizers/>
                <connections>
                    <outletCollection property="gestureRecognizers" destination="tap" appends="YES" id="g1"/>
                </connections>
            </view>
        </viewController>
        <tapGestureRecognizer numberOfTapsRequired="2" cancelsTouchesInView="NO" delaysTouchesEnded="NO" id="tap">
            <connections>
                <action selector="doubled:" destination="-1" id="a2"/>
            </connections>
        </tapGestureRecognizer>
        <pongPressGestureRecognizer allowableMovement="20" minimumPressDuration="1" id="press"/>
        <swipeGestureRecognizer direction="left" numberOfTouchesRequired="2" id="swipe"/>
        <panGestureRecognizer minimumNumberOfTouches="2" maximumNumberOfTouches="3" enabled="NO" id="pan"/>
        <screenEdgePanGestureRecognizer minimumNumberOfTouches="1" id="edge">
            <rectEdge key="edges" left="YES"/>
        </screenEdgePanGestureRecognizer>
        """)

    @Test func gestureRecognizersHaveTheirInspectorsSettings() throws {
        let folder = try NibFolder(["Gestures.xib": Self.gestures])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            Owner = class.createClass("Owner")
            log = {}
            function Owner:go() log[#log + 1] = "go" end
            function Owner:doubled() log[#log + 1] = "doubled" end
            controller, tap, press, swipe, pan, edge =
                table.unpack(objc.UINib:nibWithNibName_bundle("Gestures", nil):instantiateWithOwner_options(Owner:new(), nil))
            """)
        #expect(
            try t.run(
                "return tap.numberOfTapsRequired, tap.cancelsTouchesInView, press:isKindOfClass(objc.UILongPressGestureRecognizer), "
                    + "press.minimumPressDuration, press.allowableMovement")
                == [2, false, true, 1, 20])
        #expect(try t.run("return swipe.direction, swipe.numberOfTouchesRequired") == [2, 2])
        #expect(
            try t.run("return pan.minimumNumberOfTouches, pan.maximumNumberOfTouches, pan.enabled, edge.edges") == [
                2, 3, false, 2,
            ])
        try t.show()
        try t.run("simulate.tap { at = { x = 300, y = 400 } }")
        #expect(try t.run("return table.concat(log, ' ')") == [""], "one tap is not the two the recognizer needs")
        // The recognizer does not cancel the button's touches: both act, the recognizer as the
        // second tap's touches end and the button after it.
        try t.run("simulate.tap { at = { x = 60, y = 120 }, taps = 2 }")
        #expect(try t.run("return table.concat(log, ' ')") == ["go doubled go"])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func longTextsSteppersAccessibilityAndAttributedTextAreRead() throws {
        let folder = try NibFolder([
            "Card.xib": NibFolder.xib(
                """
                <view contentMode="scaleToFill" id="v">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                    <subviews>
                        <label opaque="NO" contentMode="left" numberOfLines="0" id="long">
                            <rect key="frame" x="20" y="20" width="300" height="42"/>
                            <string key="text">First line\nSecond line</string>
                            <accessibility key="accessibilityConfiguration" identifier="intro" label="Introduction">
                                <accessibilityTraits key="traits" staticText="YES" header="YES"/>
                            </accessibility>
                        </label>
                        <label opaque="NO" contentMode="left" id="rich">
                            <rect key="frame" x="20" y="70" width="300" height="21"/>
                            <attributedString key="attributedText">
                                <fragment content="Bold offer">
                                    <attributes>
                                        <color key="NSColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                        <font key="NSFont" metaFont="systemBold" size="20"/>
                                        <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="truncatingMiddle" baseWritingDirection="natural" tighteningFactorForTruncation="0.0">
                                            <tabStops/>
                                        </paragraphStyle>
                                    </attributes>
                                </fragment>
                            </attributedString>
                        </label>
                        <stepper opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" value="4" minimumValue="2" maximumValue="10" stepValue="2" wraps="YES" autorepeat="NO" continuous="NO" id="step">
                            <rect key="frame" x="20" y="100" width="94" height="32"/>
                        </stepper>
                        <scrollView clipsSubviews="YES" contentMode="scaleToFill" bouncesZoom="NO" keyboardDismissMode="interactive" id="scroll">
                            <rect key="frame" x="20" y="140" width="300" height="100"/>
                            <inset key="contentInset" minX="0.0" minY="10" maxX="0.0" maxY="20"/>
                        </scrollView>
                    </subviews>
                    <directionalEdgeInsets key="directionalLayoutMargins" top="4" leading="12" bottom="6" trailing="16"/>
                </view>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            view = objc.UINib:nibWithNibName_bundle("Card", nil):instantiateWithOwner_options(nil, nil)[1]
            long, rich, stepper, scroll = table.unpack(view.subviews)
            """)
        #expect(
            try t.run("return long.text, long.accessibilityIdentifier, long.accessibilityLabel") == [
                "First line\nSecond line", "intro", "Introduction",
            ])
        #expect(try t.run("return long.accessibilityTraits") == [.number(Double((1 << 6) | (1 << 16)))])
        #expect(
            try t.run(
                "return rich.text, rich.font.pointSize, rich.font.fontName, rich.textColor.components[1], rich.textAlignment, "
                    + "rich.lineBreakMode")
                == ["Bold offer", 20, ".SFUI-Bold", 1, 1, 5])
        #expect(
            try t.run(
                "return stepper.value, stepper.minimumValue, stepper.maximumValue, stepper.stepValue, stepper.wraps, "
                    + "stepper.autorepeat, stepper.continuous")
                == [4, 2, 10, 2, true, false, false])
        #expect(
            try t.run(
                "return scroll.bouncesZoom, scroll.contentInset.top, scroll.contentInset.bottom, scroll.keyboardDismissMode"
            )
                == [false, 10, 20, 2])
        #expect(try t.run("local m = view.layoutMargins return m.left, m.right, m.top") == [12, 16, 4])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func everyFragmentOfAttributedTextIsARun() throws {
        let folder = try NibFolder([
            "Price.xib": NibFolder.xib(
                """
                <label opaque="NO" contentMode="left" id="price">
                    <rect key="frame" x="20" y="20" width="300" height="40"/>
                    <attributedString key="attributedText">
                        <fragment content="Now ">
                            <attributes>
                                <font key="NSFont" metaFont="system" size="17"/>
                            </attributes>
                        </fragment>
                        <fragment content="$9">
                            <attributes>
                                <color key="NSColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                <font key="NSFont" metaFont="systemBold" size="28"/>
                                <real key="NSKern" value="2"/>
                                <integer key="NSUnderline" value="1"/>
                                <paragraphStyle key="NSParagraphStyle" alignment="left" lineBreakMode="wordWrapping" baseWritingDirection="natural" lineSpacing="4" tighteningFactorForTruncation="0.0"/>
                            </attributes>
                        </fragment>
                    </attributedString>
                </label>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        let results = try t.run(
            """
            local price = objc.UINib:nibWithNibName_bundle("Price", nil):instantiateWithOwner_options(nil, nil)[1]
            local first, firstRange = price.attributedText:attributesAtIndex_effectiveRange(0, nil)
            local second, secondRange = price.attributedText:attributesAtIndex_effectiveRange(4, nil)
            return price.text, first.NSFont.pointSize, firstRange.length, second.NSFont.pointSize, second.NSKern,
                second.NSUnderline, second.NSParagraphStyle.lineSpacing, second.NSColor.components[1], secondRange.length
            """)
        #expect(results == ["Now $9", .number(17), 4, .number(28), .number(2), 1, .number(4), 1, 2])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }
}

/// Tables, collections and bars as the survey found them written.
@Suite struct SurveyedListsAndBarsTests {
    static let lists = PublicDocumentTests.storyboard(
        initial: "nav",
        """
                <scene sceneID="s0">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController" navigationBarHidden="NO">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" barStyle="black" translucent="NO" id="nb">
                                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <color key="barTintColor" red="0.0" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                <textAttributes key="titleTextAttributes">
                                    <fontDescription key="fontDescription" name="HelveticaNeue-Bold" family="Helvetica Neue" pointSize="19"/>
                                    <color key="textColor" red="1" green="1" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                </textAttributes>
                            </navigationBar>
                            <connections>
                                <segue destination="tvc" kind="relationship" relationship="rootViewController" id="r0"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr0" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s1">
                    <objects>
                        <tableViewController id="tvc" clearsSelectionOnViewWillAppear="NO" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="plain" separatorStyle="default" rowHeight="44" allowsMultipleSelection="YES" id="tv">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <color key="separatorColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                <color key="sectionIndexColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                <inset key="separatorInset" minX="30" minY="0.0" maxX="0.0" maxY="0.0"/>
                                <view key="tableHeaderView" contentMode="scaleToFill" id="head">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                                    <color key="backgroundColor" red="0.0" green="0.0" blue="1" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                </view>
                                <sections>
                                    <tableViewSection id="sec">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" textLabel="t1" style="IBUITableViewCellStyleDefault" id="c1">
                                                <rect key="frame" x="0.0" y="60" width="375" height="44"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="c1" id="cc1">
                                                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                                    <subviews>
                                                        <label opaque="NO" text="Row" id="t1">
                                                            <rect key="frame" x="16" y="0.0" width="343" height="44"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <inset key="separatorInset" minX="50" minY="0.0" maxX="0.0" maxY="0.0"/>
                                                <view key="selectedBackgroundView" contentMode="scaleToFill" id="sel">
                                                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                                    <color key="backgroundColor" red="1" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                                </view>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                                <connections>
                                    <outlet property="dataSource" destination="tvc" id="ds"/>
                                    <outlet property="delegate" destination="tvc" id="dg"/>
                                </connections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Settings" backButtonTitle="Back Home" id="ni">
                                <barButtonItem key="rightBarButtonItem" image="gear" id="gear">
                                    <color key="tintColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                </barButtonItem>
                            </navigationItem>
                            <refreshControl key="refreshControl" opaque="NO" multipleTouchEnabled="YES" contentMode="center" contentHorizontalAlignment="center" contentVerticalAlignment="center" id="rc">
                                <rect key="frame" x="0.0" y="0.0" width="1000" height="1000"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <attributedString key="attributedTitle">
                                    <fragment content="Pull to refresh"/>
                                </attributedString>
                            </refreshControl>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """)

    @Test func aTableItsBarsAndItsControllerAreStyledAsTheDocumentSays() throws {
        let folder = try NibFolder(["Main.storyboard": Self.lists])
        ImageTests.writePNG(folder.url.appendingPathComponent("gear.png").path, width: 22, height: 22)
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            nav = objc.UIStoryboard:storyboardWithName_bundle("Main", nil):instantiateInitialViewController()
            controller = nav.topViewController
            table = controller.tableView
            """)
        try t.show(controller: "nav")
        #expect(
            try t.run("return controller.clearsSelectionOnViewWillAppear, table.allowsMultipleSelection") == [
                false, true,
            ])
        #expect(try DefaultsTests.rgba(t, "table.separatorColor") == [255, 0, 0, 255])
        #expect(try t.run("return table.separatorInset.left, table.tableHeaderView.frame.size.height") == [30, 60])
        #expect(
            try t.run(
                "local cell = table:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0)) return cell.separatorInset.left, cell.selectedBackgroundView ~= nil"
            ) == [50, true])
        #expect(try t.run("return table.refreshControl.attributedTitle") == ["Pull to refresh"])
        #expect(try t.run("return nav.navigationBar.barStyle, nav.navigationBar.translucent") == [1, false])
        #expect(try DefaultsTests.rgba(t, "nav.navigationBar.barTintColor") == [0, 128, 0, 255])
        #expect(try t.run("return nav.navigationBar.titleLabel.font.pointSize") == [19])
        #expect(try DefaultsTests.rgba(t, "nav.navigationBar.titleLabel.textColor") == [255, 255, 0, 255])
        let item = "controller.navigationItem"
        #expect(
            try t.run("return \(item).backButtonTitle, \(item).rightBarButtonItem.image ~= nil") == ["Back Home", true])
        #expect(try DefaultsTests.rgba(t, "\(item).rightBarButtonItem.tintColor") == [255, 0, 0, 255])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }
}

/// Size classes and what `rebound check` reports of settings Rebound does not model.
@Suite struct SizeClassVariationTests {
    /// A banner 100 points tall, 60 in a compact height (a phone in landscape); a side note
    /// that only a compact height installs; and a placeholder height that Xcode removes.
    static let document = PublicDocumentTests.storyboard(
        initial: "vc",
        """
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="banner">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="banner" firstAttribute="top" secondItem="v" secondAttribute="top" id="top"/>
                                    <constraint firstItem="banner" firstAttribute="leading" secondItem="v" secondAttribute="leading" id="lead"/>
                                    <constraint firstItem="banner" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="trail"/>
                                    <constraint firstItem="banner" firstAttribute="height" constant="100" id="height">
                                        <variation key="heightClass=compact" constant="60"/>
                                    </constraint>
                                    <constraint firstItem="banner" firstAttribute="width" constant="200" priority="999" id="narrow"/>
                                    <constraint firstItem="banner" firstAttribute="height" constant="500" placeholder="YES" id="guess"/>
                                </constraints>
                                <variation key="default">
                                    <mask key="constraints">
                                        <exclude reference="narrow"/>
                                    </mask>
                                </variation>
                                <variation key="heightClass=compact">
                                    <mask key="constraints">
                                        <include reference="narrow"/>
                                        <exclude reference="trail"/>
                                    </mask>
                                </variation>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """)

    @Test func constraintsFollowTheSizeClassesAtLoadAndWhenTheDeviceTurns() throws {
        let folder = try NibFolder(["Main.storyboard": Self.document])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            controller = objc.UIStoryboard:storyboardWithName_bundle("Main", nil):instantiateInitialViewController()
            """)
        try t.show()
        let frame = "local f = controller.view.subviews[1].frame return f.size.width, f.size.height"
        #expect(try t.run(frame) == [375, 100], "regular height: full width, 100 tall; the placeholder is gone")
        try t.run("simulate.deviceOrientation('landscapeLeft')")
        #expect(try t.run(frame) == [200, 60], "compact height: the narrow width in, the trailing edge out")
        try t.run("simulate.deviceOrientation('portrait')")
        #expect(try t.run(frame) == [375, 100])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func anUnmodelledSettingIsLeftOutAtItsDefaultAndUnknownOtherwise() throws {
        let folder = try NibFolder([
            "Bars.xib": NibFolder.xib(
                """
                <navigationController id="a" hidesBarsOnSwipe="NO" toolbarHidden="YES"/>
                <navigationController id="b" hidesBarsOnSwipe="YES"/>
                <navigationController id="c" hidesBarsOnTap="Y&#10;ES&#9;"/>
                <tableView contentMode="scaleToFill" style="plain" id="t">
                    <color key="sectionIndexColor" white="0.0" alpha="1" colorSpace="calibratedWhite"/>
                    <color key="separatorColor" white="0.5" alpha="1" colorSpace="calibratedWhite"/>
                </tableView>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        let usage = t.world.documentUsage(of: "Bars.xib")
        let ignored = Dictionary(uniqueKeysWithValues: usage.kinds(.ignored).map { ($0.kind, $0.count) })
        let unknown = usage.kinds(.unknown).map(\.kind)
        #expect(ignored["<navigationController>'s attribute hidesBarsOnSwipe"] == 1)
        #expect(ignored["<navigationController>'s attribute toolbarHidden"] == 1)
        #expect(ignored["<color key=\"sectionIndexColor\"> in <tableView>"] == 1)
        // A value the document controls is repeated only when it is a short plain word.
        #expect(
            unknown.sorted() == [
                "<navigationController>'s attribute hidesBarsOnSwipe=\"YES\" (not modelled)",
                "<navigationController>'s attribute hidesBarsOnTap=(another value) (not modelled)",
            ])
        #expect(usage.kinds(.read).contains { $0.kind == "<color> in <tableView>" })
        // The warning says what happens: the setting is known, its default is kept.
        try t.run("objc.UINib:nibWithNibName_bundle('Bars', nil):instantiateWithOwner_options(nil, nil)")
        #expect(
            t.warnings.contains {
                $0.hasSuffix(
                    "<navigationController>'s attribute hidesBarsOnSwipe=\"YES\" is a setting Rebound does not model; "
                        + "UIKit's default is kept")
            }, "\(t.warnings)")
    }
}
