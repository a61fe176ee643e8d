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

    /// libxml2 checks each attribute of a tag against the others: 400,000 of them took 36 s.
    @Test func aTagWithTooManyAttributesIsRefusedBeforeParsing() throws {
        let attributes = (0..<400_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let message = try failure(NibFolder.xib("<label id=\"l\"\n \(attributes)/>"))
        #expect(
            message.contains("Bad.xib:") && message.contains("a start tag has more than 1000 attributes"), "\(message)")
    }

    /// The check for a DTD reads the text libxml2 will decode: a document in another encoding
    /// (UTF-16, or one its declaration names) is refused before it could hide one.
    @Test(arguments: ["UTF-16", "UTF-16-declared", "UTF-7"])
    func aDocumentThatIsNotUTF8IsRefused(encoding: String) throws {
        let hidden = #"<!DOCTYPE document [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#
        let text = NibFolder.xib(#"<label text="&x;" id="l"/>"#).replacingOccurrences(
            of: #"<?xml version="1.0" encoding="UTF-8"?>"#,
            with: #"<?xml version="1.0" encoding="\#(encoding == "UTF-7" ? "UTF-7" : "UTF-16")"?>"# + "\n" + hidden)
        let data: Data =
            switch encoding {
            case "UTF-16": text.data(using: .utf16) ?? Data()  // with its byte-order mark
            case "UTF-16-declared": text.data(using: .utf16LittleEndian) ?? Data()
            default: Data(text.replacingOccurrences(of: "<!DOCTYPE", with: "+ADwAIQ-DOCTYPE").utf8)
            }
        let folder = try NibFolder([:])
        defer { folder.remove() }
        try data.write(to: folder.url.appendingPathComponent("Bad.xib"))
        let t = try folder.world()
        let message = t.error("objc.UINib:nibWithNibName_bundle('Bad', nil):instantiateWithOwner_options(nil, nil)")
        #expect(
            message.contains("Bad.xib:1: the document") && message.contains("Interface Builder documents are UTF-8"),
            "\(message)")
        #expect(try t.run("return 6 * 7") == [42])
    }

    /// Thirty labels with the same unknown attribute are one warning, not thirty.
    @Test func anUnknownAttributeIsOneWarningForTheDocument() throws {
        let labels = (0..<30).map { #"<label text="x" sparkle="yes" id="l\#($0)"/>"# }.joined(separator: "\n")
        let folder = try NibFolder(["Many.xib": NibFolder.xib(labels)])
        defer { folder.remove() }
        let t = try folder.world()
        try t.run("objc.UINib:nibWithNibName_bundle('Many', nil):instantiateWithOwner_options(nil, nil)")
        let sparkles = t.warnings.filter { $0.contains("attribute sparkle") }
        #expect(sparkles.count == 1, "\(sparkles)")
        #expect(
            sparkles.first?.hasSuffix("is not something Rebound knows; it is left out (and 29 more like it)") == true)
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
        try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
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

    /// Native objects a script makes count against the memory limit: a thousand views are more
    /// than their userdata, and past the limit the next one is a clear error.
    @Test func nativeObjectsCountAgainstTheMemoryLimit() throws {
        let t = try TestWorld()
        let state = t.world.bridge.state
        try t.run("kept = {} collectgarbage() collectgarbage()")
        let before = state.memoryInUse
        try t.run("for i = 1, 1000 do kept[i] = objc.UIView:new() end")
        let perView = (state.memoryInUse - before) / 1000
        try t.run("kept = {} collectgarbage() collectgarbage()")
        #expect(perView > 600, "each view counts its own allocation, not only its userdata: \(perView) bytes")
        #expect(state.memoryInUse - before < 100_000, "and gives it back when it is collected")
        state.memoryLimit = state.memoryInUse + 200_000
        let message = t.error("for i = 1, 100000 do kept[i] = objc.UIView:new() end")
        #expect(message.contains("not enough memory"), "\(message)")
        try t.run("kept = nil collectgarbage()")
        #expect(try t.run("return 6 * 7") == [42])
    }
}
