import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// `getResource(name, "rtf")`: an RTF file delivered as an attributed string, again on each
/// save, and a malformed one reported by name and byte while the last good text stays; and the
/// same file read through the bundle's URL, as Celedev's TextKit samples read theirs.
@Suite(.serialized) struct RTFResourceTests {
    static let main = """
        local Controller = objc.UIViewController:createSubclass("Controller")
        function Controller:viewDidLoad()
            controller = self
            getResource("Texts/poem", "rtf", self, function(self, text) poem = text end)
            local url = objc.NSBundle.mainBundle:URLForResource_withExtension("Texts/poem", "rtf")
            fromFile = objc.NSAttributedString:newWithFileURL_options_documentAttributes_error(url, {}, nil, nil)
        end
        return Controller
        """

    static func rtf(_ words: String) -> String {
        #"{\rtf1\ansi\ansicpg1252{\fonttbl\f0\fnil\fcharset0 Georgia;}\f0\fs40 "# + words + "}"
    }

    @Test func anRTFFileIsAnAttributedStringDeliveredOnEverySave() throws {
        let project = try LiveProject(["main.lua": Self.main, "Texts/poem.rtf": Self.rtf(#"caf\'e9 \b round"#)])
        #expect(try project.value("poem.string") == "café round")
        #expect(try project.value("fromFile.string") == "café round")
        #expect(try project.value("poem:attributesAtIndex_effectiveRange(0, nil).NSFont.pointSize") == 20)
        try project.save("Texts/poem.rtf", Self.rtf("second"), as: .renameOver)
        #expect(project.waitFor(.resource) == 1)
        #expect(try project.value("poem.string") == "second")
        try project.save("Texts/poem.rtf", #"{\rtf1 \'zz}"#, as: .inPlace)
        project.waitFor(.problem(.resourceError))
        let message = try #require(project.events(.problem(.resourceError)).first?.problem?.message)
        #expect(message == #"Texts/poem.rtf: RTF at byte 7: \' is not followed by two hexadecimal digits"#)
        #expect(try project.value("poem.string") == "second")
    }
}
