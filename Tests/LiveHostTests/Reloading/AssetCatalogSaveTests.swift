import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Saving an asset catalog's colour set while the program runs: the colours `colorNamed` gave
/// take the new looks in place, a handler hears of it, and a broken save keeps the last looks.
@Suite(.serialized) struct AssetCatalogSaveTests {
    static func colorSet(red: String) -> String {
        """
        { "colors" : [ { "color" : { "color-space" : "srgb",
            "components" : { "red" : "\(red)", "green" : "0.000", "blue" : "0.000", "alpha" : "1.000" } },
            "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }
        """
    }

    private func project() throws -> LiveProject {
        try LiveProject([
            "main.lua": """
            local Card = objc.UIViewController:createSubclass("Card")
            function Card:viewDidLoad()
                self.view.backgroundColor = objc.UIColor:colorNamed("Brand")
                self:addMessageHandler("system.did_load_resource", function(self, _, name, kind)
                    saves[#saves + 1] = name .. "." .. kind
                end)
            end
            saves = {}
            controller = Card:new()
            return controller
            """,
            "Assets.xcassets/Brand.colorset/Contents.json": Self.colorSet(red: "1.000"),
        ])
    }

    @Test func aSavedColourSetRecoloursTheViewsThatHoldItsColour() throws {
        let project = try project()
        #expect(try project.value("controller.view.backgroundColor.components[1]") == 1)
        try project.save("Assets.xcassets/Brand.colorset/Contents.json", Self.colorSet(red: "0.500"), as: .renameOver)
        #expect(project.waitFor(.resource) == 1)
        #expect(try project.value("controller.view.backgroundColor.components[1]") == 0.5)
        #expect(try project.value("saves[1]") == "Brand.colorset")
    }

    @Test func aBrokenSaveKeepsTheLastLooksAndNamesTheFile() throws {
        let project = try project()
        try project.save("Assets.xcassets/Brand.colorset/Contents.json", "{ \"colors\" : [", as: .inPlace)
        project.waitFor(.problem(.resourceError))
        let message = try #require(project.events(.problem(.resourceError)).first?.problem?.message)
        #expect(message.contains("Brand.colorset/Contents.json is not JSON"), "\(message)")
        #expect(try project.value("controller.view.backgroundColor.components[1]") == 1)
    }
}
