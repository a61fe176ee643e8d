import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// What a storyboard's scenes hold besides plain views: a static table with styled cells, a
/// collection view with prototype cells and a document flow layout, and segues that cells,
/// accessories and gesture recognizers set off, in UIKit's order.
@Suite struct StoryboardContentTests {
    /// Settings (a static grouped table) shows a grid of fruit (prototype tiles under a
    /// prototype header) when its first row is selected; a tile presents About as a form sheet,
    /// and a tap on About unwinds to Settings.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nav-aa-001">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="sc1-aa-001">
                    <objects>
                        <navigationController id="nav-aa-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-aa-001">
                                <rect key="frame" x="0.0" y="48" width="414" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="set-aa-001" kind="relationship" relationship="rootViewController" id="rel-aa-001"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-aa-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="sc2-aa-001">
                    <objects>
                        <tableViewController id="set-aa-001" customClass="Settings" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="grouped" separatorStyle="default" rowHeight="44" sectionHeaderHeight="18" sectionFooterHeight="18" id="tbl-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <sections>
                                    <tableViewSection headerTitle="Account" footerTitle="Signed in" id="sec-aa-001">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" textLabel="nml-aa-001" detailTextLabel="nmd-aa-001" style="IBUITableViewCellStyleValue1" id="cel-aa-001">
                                                <rect key="frame" x="0.0" y="55.5" width="414" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cel-aa-001" id="ccv-aa-001">
                                                    <rect key="frame" x="0.0" y="0.0" width="383" height="44"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Name" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="nml-aa-001">
                                                            <rect key="frame" x="20" y="12" width="45" height="20.5"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                            <nil key="textColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Ada" textAlignment="right" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="nmd-aa-001">
                                                            <rect key="frame" x="341" y="12" width="34" height="20.5"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                            <color key="textColor" systemColor="secondaryLabelColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <segue destination="grd-aa-001" kind="show" identifier="ShowGrid" id="sg1-aa-001"/>
                                                </connections>
                                            </tableViewCell>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="none" indentationWidth="10" rowHeight="80" id="cel-aa-002">
                                                <rect key="frame" x="0.0" y="99.5" width="414" height="80"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cel-aa-002" id="ccv-aa-002">
                                                    <rect key="frame" x="0.0" y="0.0" width="414" height="80"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Bio" textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="bio-aa-001">
                                                            <rect key="frame" x="20" y="11" width="374" height="58"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                                            <nil key="textColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                    </subviews>
                                                    <constraints>
                                                        <constraint firstItem="bio-aa-001" firstAttribute="leading" secondItem="ccv-aa-002" secondAttribute="leadingMargin" id="bc1-aa-001"/>
                                                        <constraint firstItem="bio-aa-001" firstAttribute="top" secondItem="ccv-aa-002" secondAttribute="topMargin" id="bc2-aa-001"/>
                                                        <constraint firstAttribute="trailingMargin" secondItem="bio-aa-001" secondAttribute="trailing" id="bc3-aa-001"/>
                                                        <constraint firstAttribute="bottomMargin" secondItem="bio-aa-001" secondAttribute="bottom" id="bc4-aa-001"/>
                                                    </constraints>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                    <tableViewSection headerTitle="About" id="sec-aa-002">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="detailButton" indentationWidth="10" textLabel="ver-aa-001" style="IBUITableViewCellStyleDefault" id="cel-aa-003">
                                                <rect key="frame" x="0.0" y="215.5" width="414" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cel-aa-003" id="ccv-aa-003">
                                                    <rect key="frame" x="0.0" y="0.0" width="370" height="44"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Version" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="ver-aa-001">
                                                            <rect key="frame" x="20" y="0.0" width="342" height="44"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                            <nil key="textColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <segue destination="abt-aa-001" kind="presentation" trigger="accessoryAction" identifier="About" modalPresentationStyle="fullScreen" id="sg2-aa-001"/>
                                                </connections>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                                <connections>
                                    <outlet property="dataSource" destination="set-aa-001" id="ods-aa-001"/>
                                    <outlet property="delegate" destination="set-aa-001" id="odl-aa-001"/>
                                </connections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Settings" id="nvi-aa-001"/>
                            <connections>
                                <outlet property="bioLabel" destination="bio-aa-001" id="obl-aa-001"/>
                            </connections>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-aa-002" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="sc3-aa-001">
                    <objects>
                        <collectionViewController id="grd-aa-001" customClass="Grid" sceneMemberID="viewController">
                            <collectionView key="view" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="prototypes" id="cvw-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="flo-aa-001">
                                    <size key="itemSize" width="100" height="100"/>
                                    <size key="headerReferenceSize" width="50" height="40"/>
                                    <size key="footerReferenceSize" width="0.0" height="0.0"/>
                                    <inset key="sectionInset" minX="16" minY="8" maxX="16" maxY="8"/>
                                </collectionViewFlowLayout>
                                <cells>
                                    <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Tile" id="til-aa-001" customClass="Tile">
                                        <rect key="frame" x="16" y="48" width="100" height="100"/>
                                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                        <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO">
                                            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <subviews>
                                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Fruit" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="tln-aa-001">
                                                    <rect key="frame" x="0.0" y="40" width="100" height="20"/>
                                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES" flexibleMaxY="YES"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    <nil key="textColor"/>
                                                    <nil key="highlightedColor"/>
                                                </label>
                                            </subviews>
                                        </view>
                                        <color key="backgroundColor" systemColor="systemYellowColor"/>
                                        <connections>
                                            <outlet property="nameLabel" destination="tln-aa-001" id="otn-aa-001"/>
                                            <segue destination="abt-aa-001" kind="presentation" identifier="Open" modalPresentationStyle="fullScreen" id="sg3-aa-001"/>
                                        </connections>
                                    </collectionViewCell>
                                </cells>
                                <collectionReusableView key="sectionHeaderView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Header" id="hdr-aa-001">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="40"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Header" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="hdl-aa-001">
                                            <rect key="frame" x="16" y="10" width="200" height="20"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                    </subviews>
                                    <connections>
                                        <outlet property="titleLabel" destination="hdl-aa-001" id="oht-aa-001"/>
                                    </connections>
                                </collectionReusableView>
                                <connections>
                                    <outlet property="dataSource" destination="grd-aa-001" id="gds-aa-001"/>
                                    <outlet property="delegate" destination="grd-aa-001" id="gdl-aa-001"/>
                                </connections>
                            </collectionView>
                        </collectionViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-aa-003" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="sc4-aa-001">
                    <objects>
                        <viewController id="abt-aa-001" customClass="About" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="abv-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                <connections>
                                    <outletCollection property="gestureRecognizers" destination="tap-aa-001" appends="YES" id="ogr-aa-001"/>
                                </connections>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-aa-004" sceneMemberID="firstResponder"/>
                        <exit id="ext-aa-001" userLabel="Exit" sceneMemberID="exit"/>
                        <tapGestureRecognizer id="tap-aa-001">
                            <connections>
                                <segue destination="ext-aa-001" kind="unwind" unwindAction="backToSettings:" identifier="Back" id="uw1-aa-001"/>
                            </connections>
                        </tapGestureRecognizer>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <systemColor name="secondaryLabelColor">
                    <color red="0.23529411764705882" green="0.23529411764705882" blue="0.2627450980392157" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>
                </systemColor>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
                <systemColor name="systemYellowColor">
                    <color red="1" green="0.80000000000000004" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </systemColor>
            </resources>
        </document>
        """

    static let script = """
        calls = {}
        function kind(object)
            for _, name in ipairs { "Settings", "Grid", "Tile", "About" } do
                if object:isKindOfClass(_G[name]) then return name end
            end
        end
        local function note(text) calls[#calls + 1] = text end
        Settings = objc.UITableViewController:createSubclass("Settings")
        function Settings:prepareForSegue_sender(segue, sender)
            note("prepare " .. segue.identifier .. " from " .. tostring(sender and sender.textLabel.text))
        end
        function Settings:tableView_didSelectRowAtIndexPath(tableView, path)
            note("didSelect " .. path.section .. "," .. path.row)
        end
        function Settings:tableView_titleForFooterInSection(tableView, section)
            local documented = self[objc.UITableViewController]:tableView_titleForFooterInSection(tableView, section)
            return documented and documented .. " as Ada"
        end
        function Settings:backToSettings(segue) note("back from " .. kind(segue.sourceViewController)) end
        Grid = objc.UICollectionViewController:createSubclass("Grid")
        local fruit = { "Apple", "Pear", "Fig", "Kiwi", "Lime" }
        function Grid:collectionView_numberOfItemsInSection(collectionView, section) return #fruit end
        function Grid:collectionView_cellForItemAtIndexPath(collectionView, path)
            local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("Tile", path)
            cell.nameLabel.text = fruit[path.item + 1]
            return cell
        end
        function Grid:collectionView_viewForSupplementaryElementOfKind_atIndexPath(collectionView, kind, path)
            local header = collectionView:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(
                kind, "Header", path)
            header.titleLabel.text = "Fruit"
            return header
        end
        function Grid:prepareForSegue_sender(segue, sender)
            note("grid prepares " .. segue.identifier .. " from " .. sender.nameLabel.text)
        end
        function Grid:collectionView_didSelectItemAtIndexPath(collectionView, path) note("grid didSelect " .. path.item) end
        Tile = objc.UICollectionViewCell:createSubclass("Tile")
        About = objc.UIViewController:createSubclass("About")
        function About:viewDidAppear(animated) note("about appears") end
        controller = objc.UIStoryboard:storyboardWithName_bundle("Content", nil):instantiateInitialViewController()
        function tapCenter(view)
            local point = view:convertPoint_toView({ x = view.bounds.size.width / 2, y = view.bounds.size.height / 2 }, nil)
            simulate.tap { at = point }
        end
        """

    func world() throws -> (TestWorld, NibFolder) {
        let folder = try NibFolder(["Content.storyboard": Self.storyboard])
        let t = try folder.world()
        try t.run(Self.script)
        try t.show()
        return (t, folder)
    }

    @Test func aStaticTableShowsItsSectionsStyledCellsAndOwnRowHeights() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        #expect(
            try t.run(
                """
                local table = controller.topViewController.tableView
                local first = table:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0))
                local bio = table:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(1, 0))
                return table:numberOfSections(), table:numberOfRowsInSection(0), table:numberOfRowsInSection(1),
                    first.textLabel.text, first.detailTextLabel.text,
                    #first.contentView.subviews == #objc.UITableViewCell:newWithStyle_reuseIdentifier(1, nil).contentView.subviews,
                    bio.frame.size.height, controller.topViewController.bioLabel.text
                """) == [2, 2, 1, "Name", "Ada", true, 80, "Bio"])
        // The override asks super for the document's footer title.
        #expect(
            try t.run(
                "return controller.topViewController.tableView:footerViewForSection(0).textLabel.text"
            ) == ["Signed in as Ada"])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func selectingAStaticRowPerformsItsSegueBeforeDidSelect() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run(
            """
            local table = controller.topViewController.tableView
            tapCenter(table:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0)))
            simulate.advance(1)
            """)
        #expect(
            try t.run("return table.concat(calls, '; '), kind(controller.topViewController)") == [
                "prepare ShowGrid from Name; didSelect 0,0", "Grid",
            ])
    }

    @Test func aCollectionScenesPrototypesAndFlowLayoutComeFromTheDocument() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run("controller.topViewController:performSegueWithIdentifier_sender('ShowGrid', nil) simulate.advance(1)")
        #expect(
            try t.run(
                """
                local grid = controller.topViewController.collectionView
                local function cell(item) return grid:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(item, 0)) end
                local header = grid:visibleSupplementaryViewsOfKind("UICollectionElementKindSectionHeader")[1]
                return #grid.visibleCells, cell(1).nameLabel.text, kind(cell(1)), cell(0).frame.origin.x,
                    cell(0).frame.origin.y, cell(0).frame.size.width, cell(3).frame.origin.y, header.titleLabel.text,
                    header.frame.size.height, cell(0).contentView.frame.size.width
                """) == [5, "Pear", "Tile", 16, 48, 100, 158, "Fruit", 40, 100])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func aTileAnAccessoryAndATapRecognizerSetOffTheirSegues() throws {
        let (t, folder) = try world()
        defer { folder.remove() }
        try t.run(
            """
            controller.topViewController:performSegueWithIdentifier_sender('ShowGrid', nil)
            simulate.advance(1)
            calls = {}
            local grid = controller.topViewController.collectionView
            tapCenter(grid:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(1, 0)))
            simulate.advance(1)
            """)
        #expect(
            try t.run("return table.concat(calls, '; ')") == [
                "grid prepares Open from Pear; grid didSelect 1; about appears"
            ])
        // A tap on About unwinds to Settings: the presentation goes, and the grid is popped.
        try t.run("calls = {} tapCenter(controller.presentedViewController.view) simulate.advance(1)")
        #expect(
            try t.run(
                "return table.concat(calls, '; '), controller.presentedViewController, kind(controller.topViewController)"
            ) == ["back from About", nil, "Settings"])
        // The Version row's detail button presents About.
        try t.run(
            """
            calls = {}
            local table = controller.topViewController.tableView
            local version = table:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 1))
            -- The detail button is the accessory's 22 points, inside the trailing margin.
            simulate.tap { at = version:convertPoint_toView({ x = version.bounds.size.width - 31, y = 22 }, nil) }
            simulate.advance(1)
            """)
        #expect(
            try t.run("return table.concat(calls, '; '), kind(controller.presentedViewController)") == [
                "prepare About from Version; about appears", "About",
            ])
    }

    @Test func anUnknownPresentationStyleIsAnErrorNamingTheLine() throws {
        let folder = try NibFolder([
            "Content.storyboard": Self.storyboard.replacingOccurrences(
                of: #"identifier="Open" modalPresentationStyle="fullScreen""#,
                with: #"identifier="Open" modalPresentationStyle="sideways""#)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(Self.script)
        try t.show()
        let message = t.error(
            """
            controller.topViewController:performSegueWithIdentifier_sender('ShowGrid', nil)
            simulate.advance(1)
            controller.topViewController:performSegueWithIdentifier_sender('Open', nil)
            """)
        #expect(
            message.contains(#"Content.storyboard:150: <segue>: modalPresentationStyle="sideways""#)
                && message.contains("is not a UIModalPresentationStyle"),
            "\(message)")
        #expect(try t.run("return 6 * 7") == [42])
    }
}
