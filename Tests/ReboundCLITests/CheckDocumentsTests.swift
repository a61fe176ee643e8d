import Foundation
import Testing

/// `rebound check` on a project's Interface Builder documents: each is made without running
/// a module, and what Rebound read, left out on purpose, and did not know is counted.
@Suite struct CheckDocumentsTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="lst">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="lst" customClass="ListController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <label text="Fruit" sparkle="YES" id="l1">
                                        <rect key="frame" x="20" y="60" width="200" height="21"/>
                                        <nil key="highlightedColor"/>
                                        <animations/>
                                    </label>
                                    <label text="Veg" sparkle="YES" id="l2">
                                        <rect key="frame" x="20" y="90" width="200" height="21"/>
                                    </label>
                                    <futureWidget id="w1"/>
                                    <tableView dataMode="prototypes" style="plain" rowHeight="44" id="t1">
                                        <rect key="frame" x="0.0" y="120" width="414" height="400"/>
                                        <prototypes>
                                            <tableViewCell reuseIdentifier="Cell" glitter="YES" id="c1">
                                                <rect key="frame" x="0.0" y="28" width="414" height="44"/>
                                            </tableViewCell>
                                        </prototypes>
                                        <sections/>
                                    </tableView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func checkCountsWhatEachDocumentUsesWithoutRunningAModule() throws {
        let project = try TemporaryProject([
            "main.lua": "return objc.UIViewController",
            "ListController.lua": """
            print("the module ran")
            ListController = objc.UIViewController:createSubclass("ListController")
            return ListController
            """,
            "Main.storyboard": Self.storyboard,
        ])
        let text = try ReboundProcess.run("check", project.path)
        #expect(text.status == 0, "\(text.output)\(text.error)")
        #expect(!text.output.contains("the module ran"), "\(text.output)")
        let lines = text.output.split(separator: "\n").map(String.init)
        let summary = try #require(lines.first { $0.hasPrefix("Main.storyboard: ") }, "\(text.output)")
        #expect(summary.contains(" 1 left out on purpose, 4 unknown"), "\(summary)")
        #expect(lines.contains("    <label>'s attribute sparkle ×2"), "\(text.output)")
        #expect(lines.contains("    <futureWidget> in <subviews> ×1"), "\(text.output)")
        #expect(lines.contains("    <tableViewCell>'s attribute glitter ×1"), "the prototype was made: \(text.output)")
        #expect(!lines.contains { $0.contains("<label>'s attribute text") }, "only the unknown parts by default")

        let every = try ReboundProcess.run("check", project.path, "--documents")
        #expect(every.output.contains("    <label>'s attribute text ×2"), "\(every.output)")
        #expect(every.output.contains("  left out on purpose:\n"), "\(every.output)")
        #expect(every.output.contains("    <animations> in <label> ×1"), "\(every.output)")

        let json = try ReboundProcess.run("check", project.path, "--json")
        let document = try #require(json.events.first { $0["event"] as? String == "document" }, "\(json.output)")
        #expect(document["file"] as? String == "Main.storyboard")
        #expect(
            document["unknown"] as? [String: Int] == [
                "<label>'s attribute sparkle": 2, "<futureWidget> in <subviews>": 1,
                "<tableViewCell>'s attribute glitter": 1,
            ], "\(document)")
        #expect((document["read"] as? [String: Int])?["<label>'s attribute text"] == 2, "\(document)")
    }
}
