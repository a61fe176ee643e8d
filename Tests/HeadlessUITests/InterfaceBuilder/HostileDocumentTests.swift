import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Documents that are not what Xcode writes, some made to hurt: each is a clear error naming
/// the file (and line where there is one), and the world goes on.
@Suite struct HostileDocumentTests {
    /// The error loading `text` as `Bad.xib` gives; then a sentinel: the world still runs.
    func failure(_ text: String, file: String = "Bad.xib") throws -> String {
        let folder = try NibFolder([file: text])
        defer { folder.remove() }
        let t = try folder.world()
        let message = t.error("objc.UINib:nibWithNibName_bundle('Bad', nil):instantiateWithOwner_options(nil, nil)")
        #expect(try t.run("return 6 * 7") == [42])
        return message
    }

    @Test func entityExpansionIsRefusedBeforeParsing() throws {
        var laughs = #"<!DOCTYPE document [<!ENTITY lol "lol">"#
        for level in 1...9 {
            laughs +=
                "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
                + "\">"
        }
        laughs += "]>"
        let message = try failure(
            "<?xml version=\"1.0\"?>\n" + laughs + "\n"
                + NibFolder.xib(#"<label text="&lol9;" id="l"/>"#)
                .replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: ""))
        #expect(message.contains("Bad.xib:2: the document declares a DTD or entities"), "\(message)")
    }

    @Test func externalEntitiesAreRefused() throws {
        let message = try failure(
            """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <label text="&secret;" id="l"/></objects></document>
            """)
        #expect(message.contains("Bad.xib:2:") && message.contains("DTD or entities"), "\(message)")
    }

    @Test func aHugeAttributeIsRefused() throws {
        let big = String(repeating: "A", count: 2 << 20)
        let message = try failure(NibFolder.xib(#"<label text="\#(big)" id="l"/>"#))
        #expect(message.contains("attribute text is 2097152 bytes long, over the limit"), "\(message)")
    }

    @Test func aDocumentOverTheSizeLimitIsNotRead() throws {
        let folder = try NibFolder([:])
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Bad.xib")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(IBDocument.maximumSize + 1))
        try handle.close()
        let t = try folder.world()
        let message = t.error("objc.UINib:nibWithNibName_bundle('Bad', nil)")
        #expect(message.contains("Bad.xib: the document is \(IBDocument.maximumSize + 1) bytes, over the limit"))
        #expect(try t.run("return 6 * 7") == [42])
    }

    @Test func deepNestingIsRefused() throws {
        let depth = 1000
        let nested =
            String(repeating: "<view id=\"x\"><subviews>", count: depth)
            + String(repeating: "</subviews></view>", count: depth)
        let message = try failure(NibFolder.xib(nested))
        #expect(message.contains("is nested more than 200 elements deep"), "\(message)")
    }

    @Test func malformedXMLNamesItsLine() throws {
        let message = try failure(
            "<?xml version=\"1.0\"?>\n<document type=\"x\">\n<objects>\n<view id=\"v\">\n</objects>")
        #expect(message.contains("Bad.xib:") && message.contains("XML"), "\(message)")
    }

    @Test func documentsThatAreNotIOSXibsAreNamed() throws {
        let notIB = try failure("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>")
        #expect(notIB.contains("Bad.xib:2: <plist> is not an Interface Builder document"), "\(notIB)")
        let mac = try failure(
            NibFolder.xib("").replacingOccurrences(of: "CocoaTouch.XIB", with: "Cocoa.XIB"))
        #expect(mac.contains("is not an iOS xib or storyboard"), "\(mac)")
    }

    @Test func brokenReferencesAndValuesNameTheirElement() throws {
        let missing = try failure(
            NibFolder.xib(
                #"<view id="v"><connections><outlet property="view" destination="nowhere" id="o"/></connections></view>"#
            ))
        #expect(
            missing.contains("<outlet>: refers to id \"nowhere\", which no object in the document has"), "\(missing)")
        let duplicate = try failure(NibFolder.xib(#"<view id="v"/><label id="v"/>"#))
        #expect(duplicate.contains("<label>: id \"v\" is also the id of <view>"), "\(duplicate)")
        let color = try failure(
            NibFolder.xib(#"<view id="v"><color key="backgroundColor" red="2" green="0" blue="0" alpha="1"/></view>"#))
        #expect(color.contains("<color>: red=\"2.0\" is outside 0 to 1"), "\(color)")
        let constraint = try failure(
            NibFolder.xib(
                #"<view id="v"><constraints><constraint firstAttribute="top" constant="4" id="c"/></constraints></view>"#
            ))
        #expect(constraint.contains("<constraint>: a constraint of top needs a second item"), "\(constraint)")
    }

    @Test func aCustomClassThatIsNotAClassNameRequiresNothing() throws {
        let folder = try NibFolder([
            "Bad.xib": NibFolder.xib(#"<view id="v" customClass="Sub/Probe"/>"#), "Sub/Probe.lua": "ran = true\n",
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run("objc.UINib:nibWithNibName_bundle('Bad', nil):instantiateWithOwner_options(nil, nil)")
        #expect(try t.run("return ran") == [nil])
        #expect(t.warnings.contains { $0.contains("Unknown class Sub/Probe in Interface Builder file") })
    }

    @Test func outletsThatFormACycleConnect() throws {
        let folder = try NibFolder([
            "Pair.xib": NibFolder.xib(
                """
                <view id="a"><connections><outlet property="other" destination="b" id="o1"/></connections></view>
                <view id="b"><connections><outlet property="other" destination="a" id="o2"/></connections></view>
                """)
        ])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run("pair = objc.UINib:nibWithNibName_bundle('Pair', nil):instantiateWithOwner_options(nil, nil)")
        #expect(try t.run("return pair[1].other == pair[2], pair[2].other == pair[1]") == [true, true])
    }
}
