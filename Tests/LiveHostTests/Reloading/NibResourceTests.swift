import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Xibs as live resources, as LuaNavController loads its detail screen: `getResource(…, 'nib')`
/// delivers a `UINib`, and saving the document delivers it again, through the real watcher.
@Suite(.serialized) struct NibResourceTests {
    static let main = """
        local Detail = objc.UIViewController:createSubclass("Detail")
        function Detail:loadView()
            getResource("data.Detail", "nib", self, function(self, nib)
                nib:instantiateWithOwner_options(self, nil)
                self.builds = (self.builds or 0) + 1
            end)
        end
        controller = Detail:new()
        return controller
        """

    static func xib(red: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Detail">
                    <connections>
                        <outlet property="view" destination="v" id="o1"/>
                        <outlet property="name" destination="l" id="o2"/>
                    </connections>
                </placeholder>
                <view contentMode="scaleToFill" id="v">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <label text="Banana" id="l">
                            <rect key="frame" x="20" y="40" width="200" height="30"/>
                            <color key="textColor" red="\(red)" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                        </label>
                    </subviews>
                </view>
            </objects>
        </document>
        """
    }

    func project() throws -> LiveProject {
        try LiveProject(["main.lua": Self.main, "data/Detail.xib": Self.xib(red: "1")])
    }

    @Test func savingTheXibRebuildsTheScreen() throws {
        let project = try project()
        #expect(try project.value("controller.name.text") == "Banana")
        #expect(try project.value("controller.name.textColor.components[1]") == 1)
        #expect(try project.value("controller.view.superview ~= nil") == true)
        let label = LayoutDump.entries(of: project.world).first { $0.text == "Banana" }
        #expect(label?.documentID == "l")
        try project.save("data/Detail.xib", Self.xib(red: "0.5"), as: .renameOver)
        #expect(project.waitFor(.resource) == 1)
        #expect(try project.value("controller.builds") == 2)
        #expect(try project.value("controller.name.textColor.components[1]") == 0.5)
        // The new view took the old one's place on screen.
        #expect(try project.value("controller.view.superview ~= nil") == true)
        #expect(try project.value("#controller.view.superview.subviews") == 1)
    }

    /// A controller that loads its view from a nib by name (`initWithNibName_bundle`), with no
    /// handler: saving the nib loads its view again, in its place, and the host says so.
    @Test func aSavedNibThatNoHandlerTakesReloadsItsOwnersView() throws {
        let project = try LiveProject([
            "main.lua": """
            local Detail = objc.UIViewController:createSubclass("Detail")
            function Detail:viewDidLoad() self.loads = (self.loads or 0) + 1 end
            controller = Detail:newWithNibName_bundle("Detail", nil)
            return controller
            """,
            "Detail.xib": Self.xib(red: "1"),
        ])
        #expect(try project.value("controller.loads") == 1)
        try project.save("Detail.xib", Self.xib(red: "0.5"), as: .renameOver)
        project.waitFor(.resource)
        #expect(try project.value("controller.loads") == 2)
        #expect(try project.value("controller.name.textColor.components[1]") == 0.5)
        #expect(try project.value("controller.view.superview ~= nil") == true)
        #expect(
            project.events(.hint).contains {
                $0.text == "Detail.xib has no system.did_load_resource handler: the view of the controller it owns "
                    + "was loaded again"
            }, "\(project.events(.hint).map(\.text))")
    }

    @Test func aBrokenSaveKeepsTheLastGoodDocumentAndNamesTheLine() throws {
        let project = try project()
        try project.save(
            "data/Detail.xib", Self.xib(red: "1").replacingOccurrences(of: "</subviews>", with: ""), as: .inPlace)
        project.waitFor(.problem(.resourceError))
        let message = try #require(project.events(.problem(.resourceError)).first?.problem?.message)
        #expect(message.hasPrefix("data/Detail.xib:"), "\(message)")
        #expect(try project.value("controller.builds") == 1)
        #expect(try project.value("controller.name.text") == "Banana")
    }

    /// LuaNavController's way: the host app's `DetailViewController` comes from the binding
    /// libraries, the script extends it, and its nib's action reaches the script's method.
    @Test func aClassTheBindingLibrariesDeclareIsExtendedAndTakesItsNibsActions() throws {
        let detail = """
            local DetailViewController = class.extendClass(objc.DetailViewController)
            local superclass = DetailViewController.superclass
            function DetailViewController:loadView()
                getResource("data." .. self.nibName, "nib", self, function(self, nib)
                    nib:instantiateWithOwner_options(self, nil)
                end)
            end
            function DetailViewController:handleCheckSwitch(sender) self.checked = sender.on end
            return DetailViewController
            """
        let xib = Self.xib(red: "1").replacingOccurrences(
            of: #"customClass="Detail""#, with: #"customClass="DetailViewController""#
        )
        .replacingOccurrences(
            of: "</subviews>",
            with: """
                <switch on="YES" id="s"><rect key="frame" x="20" y="100" width="51" height="31"/>
                    <connections><action selector="handleCheckSwitch:" destination="-1" eventType="valueChanged" id="a1"/></connections>
                </switch>
                </subviews>
                """
        )
        .replacingOccurrences(
            of: #"<outlet property="name" destination="l" id="o2"/>"#,
            with:
                #"<outlet property="name" destination="l" id="o2"/><outlet property="checkSwitch" destination="s" id="o3"/>"#
        )
        let project = try LiveProject([
            "BindingLibs/App.luabindings/LuaAPI/DetailViewController.lua":
                "-- Generated\nlocal DetailViewController = objc.classInterface (\"DetailViewController\") --[[ @inherits UIViewController]]\n",
            "BindingLibs/App.luabindings/LuaAPI/Odd.lua":
                #"objc.classInterface ("OddThing") --[[ @inherits UINoSuchBase]]"#,
            "DetailViewController.lua": detail,
            "data/DetailViewController.xib": xib,
            "main.lua": """
            require "DetailViewController"
            controller = objc.DetailViewController:newWithNibName_bundle("DetailViewController", nil)
            return controller
            """,
        ])
        #expect(try project.value("controller.name.text") == "Banana")
        #expect(try project.value("objc.DetailViewController.superclass == objc.UIViewController") == true)
        _ = try project.run(
            "controller.checkSwitch.on = false controller.checkSwitch:sendActionsForControlEvents(4096)")
        #expect(try project.value("controller.checked") == false)
        let warnings = project.events(.warning).compactMap(\.text)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("LuaAPI/Odd.lua:1: class OddThing inherits UINoSuchBase") == true)
    }

    @Test func aStoryboardResourceIsAUIStoryboardDeliveredAgainWhenSaved() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
            targetRuntime="iOS.CocoaTouch" initialViewController="vc">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController id="vc" title="TITLE" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let main = """
            titles = {}
            getResource("Flow", "storyboard", function(storyboard)
                titles[#titles + 1] = storyboard:instantiateInitialViewController().title
            end)
            return objc.UIViewController:new()
            """
        let project = try LiveProject([
            "main.lua": main,
            "Flow.storyboard": storyboard.replacingOccurrences(
                of: "TITLE", with: "First"),
        ])
        #expect(try project.value("table.concat(titles, ' ')") == "First")
        try project.save(
            "Flow.storyboard", storyboard.replacingOccurrences(of: "TITLE", with: "Second"), as: .renameOver)
        #expect(project.waitFor(.resource) == 1)
        #expect(try project.value("table.concat(titles, ' ')") == "First Second")
    }
}
