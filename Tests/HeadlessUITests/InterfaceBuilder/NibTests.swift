import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Nibs from xib documents: objects made with `initWithCoder`, outlets and actions connected
/// to script classes, constraints laid out, runtime attributes set, then `awakeFromNib`.
@Suite struct NibTests {
    /// A detail screen in the manner of LuaNavController's: an image and a title side by side,
    /// text under them, a switch and a check image at the bottom, placed by constraints.
    static let detail = NibFolder.xib(
        owner: "DetailController",
        ownerConnections: """
                    <outlet property="picture" destination="img-01-aaa" id="o1"/>
                    <outlet property="titleLabel" destination="lbl-01-aaa" id="o2"/>
                    <outlet property="textLabel" destination="lbl-02-aaa" id="o3"/>
                    <outlet property="checkSwitch" destination="swt-01-aaa" id="o4"/>
                    <outlet property="view" destination="top-01-aaa" id="o5"/>
            """,
        """
                <view contentMode="scaleToFill" id="top-01-aaa">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <imageView userInteractionEnabled="NO" tag="11" contentMode="scaleAspectFit" translatesAutoresizingMaskIntoConstraints="NO" id="img-01-aaa">
                            <rect key="frame" x="20" y="20" width="80" height="80"/>
                            <constraints>
                                <constraint firstAttribute="width" secondItem="img-01-aaa" secondAttribute="height" multiplier="1:1" id="c01"/>
                            </constraints>
                        </imageView>
                        <label opaque="NO" userInteractionEnabled="NO" tag="12" text="Title" textAlignment="center" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-01-aaa">
                            <rect key="frame" x="108" y="20" width="160" height="80"/>
                            <fontDescription key="fontDescription" type="boldSystem" pointSize="30"/>
                            <color key="textColor" red="0.5" green="0.25" blue="0.75" alpha="1" colorSpace="calibratedRGB"/>
                            <nil key="highlightedColor"/>
                        </label>
                        <label opaque="NO" userInteractionEnabled="NO" tag="13" text="" lineBreakMode="wordWrap" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="lbl-02-aaa">
                            <rect key="frame" x="20" y="108" width="280" height="200"/>
                            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            <color key="textColor" white="0.33" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                            <nil key="highlightedColor"/>
                        </label>
                        <switch opaque="NO" tag="14" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="swt-01-aaa">
                            <rect key="frame" x="20" y="429" width="51" height="31"/>
                            <color key="onTintColor" red="1" green="0.8" blue="0.4" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            <connections>
                                <action selector="switchChanged:" destination="-1" eventType="valueChanged" id="a01"/>
                            </connections>
                        </switch>
                    </subviews>
                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                    <constraints>
                        <constraint firstItem="img-01-aaa" firstAttribute="leading" secondItem="top-01-aaa" secondAttribute="leading" constant="20" symbolic="YES" id="c02"/>
                        <constraint firstItem="img-01-aaa" firstAttribute="top" secondItem="top-01-aaa" secondAttribute="top" constant="20" id="c03"/>
                        <constraint firstItem="lbl-01-aaa" firstAttribute="leading" secondItem="img-01-aaa" secondAttribute="trailing" constant="8" id="c04"/>
                        <constraint firstItem="lbl-01-aaa" firstAttribute="width" secondItem="img-01-aaa" secondAttribute="width" multiplier="2" id="c05"/>
                        <constraint firstAttribute="trailing" secondItem="lbl-01-aaa" secondAttribute="trailing" constant="20" id="c06"/>
                        <constraint firstItem="lbl-01-aaa" firstAttribute="top" secondItem="img-01-aaa" secondAttribute="top" id="c07"/>
                        <constraint firstItem="lbl-01-aaa" firstAttribute="height" secondItem="img-01-aaa" secondAttribute="height" id="c08"/>
                        <constraint firstItem="lbl-02-aaa" firstAttribute="top" secondItem="img-01-aaa" secondAttribute="bottom" constant="8" id="c09"/>
                        <constraint firstItem="lbl-02-aaa" firstAttribute="leading" secondItem="img-01-aaa" secondAttribute="leading" id="c10"/>
                        <constraint firstItem="lbl-02-aaa" firstAttribute="trailing" secondItem="lbl-01-aaa" secondAttribute="trailing" id="c11"/>
                        <constraint firstItem="swt-01-aaa" firstAttribute="leading" secondItem="top-01-aaa" secondAttribute="leading" constant="20" id="c12"/>
                        <constraint firstAttribute="bottom" secondItem="swt-01-aaa" secondAttribute="bottom" constant="20" identifier="switchBottom" id="c13"/>
                    </constraints>
                </view>
        """)

    static let controllerScript = """
        DetailController = objc.UIViewController:createSubclass("DetailController")
        function DetailController:switchChanged(sender) switched = sender.on end
        function frame(v) local f = v.frame return f.origin.x, f.origin.y, f.size.width, f.size.height end

        """

    @Test func aDetailScreenComesFromItsXibWithOutletsActionsAndConstraints() throws {
        let folder = try NibFolder(["Detail.xib": Self.detail])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(Self.controllerScript + "controller = DetailController:newWithNibName_bundle('Detail', nil)")
        #expect(try t.run("return controller.nibName, controller.isViewLoaded") == ["Detail", false])
        try t.show()
        // 375 wide: the image is a square 20 in, the title twice as wide after it, 20 from the edge.
        #expect(try t.run("return frame(controller.picture)") == [20, 20, 109, 109])
        #expect(try t.run("return frame(controller.titleLabel)") == [137, 20, 218, 109])
        #expect(try t.run("return frame(controller.checkSwitch)") == [20, 616, 51, 31])
        #expect(
            try t.run("return controller.view == controller.picture.superview, controller.picture.tag") == [true, 11])
        #expect(
            try t.run(
                "local l = controller.titleLabel return l.text, l.textAlignment, l.font.pointSize, l.textColor.CGColor ~= nil"
            ) == ["Title", 1, 30, true])
        #expect(try t.run("return controller.textLabel.numberOfLines, controller.textLabel.font.pointSize") == [0, 17])
        #expect(try t.run("return controller.checkSwitch.on") == [true])
        try t.run("controller.checkSwitch.on = false controller.checkSwitch:sendActionsForControlEvents(4096)")
        #expect(try t.run("return switched") == [false])
        #expect(
            try t.run(
                "for _, c in ipairs(controller.view.constraints) do if c.identifier == 'switchBottom' then return c.constant end end"
            ) == [20])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func aControllerFindsTheNibNamedAfterItsClass() throws {
        let folder = try NibFolder([
            "ProfileView.xib": NibFolder.xib(
                owner: "ProfileViewController",
                ownerConnections: #"<outlet property="view" destination="v" id="o"/>"#,
                #"<view tag="5" id="v"><rect key="frame" x="0" y="0" width="100" height="100"/></view>"#),
            "PlainController.xib": "not read",
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            objc.UIViewController:createSubclass("ProfileViewController")
            objc.UIViewController:createSubclass("Other")
            controller = objc.ProfileViewController:new()
            other = objc.Other:new()
            """)
        #expect(
            try t.run("return controller.nibName, controller.view.tag, other.nibName, other.view.tag") == [
                "ProfileView", 5, nil, 0,
            ])
    }

    @Test func initWithCoderAndAwakeFromNibRunInUIKitsOrder() throws {
        let folder = try NibFolder([
            "Cards.xib": NibFolder.xib(
                """
                <view id="outer" customClass="Card">
                    <rect key="frame" x="0" y="0" width="200" height="200"/>
                    <subviews>
                        <view id="inner" customClass="Card">
                            <rect key="frame" x="10" y="10" width="50" height="50"/>
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="string" keyPath="name" value="inner"/>
                                <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                    <integer key="value" value="8"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="boolean" keyPath="flag" value="YES"/>
                                <userDefinedRuntimeAttribute type="color" keyPath="backgroundColor">
                                    <color key="value" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                </userDefinedRuntimeAttribute>
                                <userDefinedRuntimeAttribute type="rect" keyPath="spot">
                                    <rect key="value" x="1" y="2" width="3" height="4"/>
                                </userDefinedRuntimeAttribute>
                            </userDefinedRuntimeAttributes>
                        </view>
                    </subviews>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="string" keyPath="name" value="outer"/>
                    </userDefinedRuntimeAttributes>
                    <connections>
                        <outlet property="partner" destination="inner" id="p1"/>
                    </connections>
                </view>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            calls = {}
            Card = objc.UIView:createSubclass("Card")
            function Card:initWithCoder(coder)
                self = self[objc.UIView]:initWithCoder(coder)
                calls[#calls + 1] = "init " .. self.frame.size.width .. " " .. #self.subviews
                return self
            end
            function Card:awakeFromNib()
                calls[#calls + 1] = "awake " .. self.name .. " " .. tostring(self.partner and self.partner.name)
            end
            top = objc.UINib:nibWithNibName_bundle("Cards", nil):instantiateWithOwner_options(nil, nil)
            inner = top[1].partner
            """)
        #expect(
            try t.run("return table.concat(calls, ', ')") == [
                "init 50.0 0, init 200.0 1, awake inner nil, awake outer inner"
            ])
        #expect(
            try t.run("return #top, inner.layer.cornerRadius, inner.flag, inner.backgroundColor.components[1]") == [
                1, 8, true, 1,
            ])
        #expect(try t.run("local r = inner.spot return r.origin.y, r.size.height") == [2, 4])
        #expect(try t.run("return #objc.NSBundle.mainBundle:loadNibNamed_owner_options('Cards', nil, nil)") == [1])
    }

    @Test func outletCollectionsGiveATableInDocumentOrder() throws {
        let folder = try NibFolder([
            "Stars.xib": NibFolder.xib(
                owner: "Rating",
                ownerConnections: """
                            <outletCollection property="stars" destination="s1" collectionClass="NSMutableArray" id="c1"/>
                            <outletCollection property="stars" destination="s2" collectionClass="NSMutableArray" id="c2"/>
                            <outletCollection property="stars" destination="s3" collectionClass="NSMutableArray" id="c3"/>
                            <outlet property="view" destination="v" id="o1"/>
                    """,
                """
                <view id="v">
                    <rect key="frame" x="0" y="0" width="120" height="40"/>
                    <subviews>
                        <imageView tag="1" id="s1"><rect key="frame" x="0" y="0" width="40" height="40"/></imageView>
                        <imageView tag="2" id="s2"><rect key="frame" x="40" y="0" width="40" height="40"/></imageView>
                        <imageView tag="3" id="s3"><rect key="frame" x="80" y="0" width="40" height="40"/></imageView>
                    </subviews>
                </view>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            objc.UIViewController:createSubclass("Rating")
            rating = objc.Rating:newWithNibName_bundle("Stars", nil)
            local _ = rating.view
            """)
        #expect(try t.run("return #rating.stars, rating.stars[1].tag, rating.stars[3].tag") == [3, 1, 3])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func whatRebondDoesNotKnowIsAWarningOnceAndTheRestLoads() throws {
        let folder = try NibFolder([
            "Odd.xib": NibFolder.xib(
                """
                <view id="v" customClass="NoSuchView" sparkle="YES">
                    <rect key="frame" x="0" y="0" width="10" height="10"/>
                    <subviews>
                        <futureWidget id="w"/>
                        <label text="kept" id="l"><rect key="frame" x="0" y="0" width="10" height="10"/></label>
                    </subviews>
                    <glitter key="shine"/>
                </view>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run(
            """
            nib = objc.UINib:nibWithNibName_bundle("Odd", nil)
            first = nib:instantiateWithOwner_options(nil, nil)[1]
            nib:instantiateWithOwner_options(nil, nil)
            """)
        #expect(try t.run("return first.subviews[1].text, #first.subviews") == ["kept", 1])
        let warnings = t.warnings
        #expect(warnings.count == 4, "\(warnings)")
        #expect(
            warnings.contains {
                $0.contains("Odd.xib:") && $0.contains("Unknown class NoSuchView in Interface Builder file")
            })
        #expect(warnings.contains { $0.contains("Rebound has no class for <futureWidget>") })
        #expect(warnings.contains { $0.contains("<glitter key=\"shine\"> in <view> is not something Rebound knows") })
        #expect(warnings.contains { $0.contains("attribute sparkle is not something Rebound knows") })
    }
}
