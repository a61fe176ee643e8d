import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Asset catalogs as Xcode writes them: colour sets with any and dark looks (floats, 8-bit
/// and hex components, system references), image sets by scale, namespaces and groups, a save
/// seen at the next call, and bad catalogs refused by file.
@Suite struct AssetCatalogTests {
    /// A project folder with `Assets.xcassets` holding `files` (path inside the catalog ->
    /// contents), and a world reading it.
    private final class Project {
        let folder: URL
        let world: TestWorld

        init(_ files: [String: String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rebound-assets-\(UUID().uuidString)")
            world = try TestWorld()
            for (path, contents) in files { try write(path, contents) }
            let root = folder
            world.world.useProgramFiles(
                ProgramFiles(root: root, identifier: nil) { path in
                    let url = root.appendingPathComponent(path)
                    return FileManager.default.fileExists(atPath: url.path) ? url : nil
                })
        }

        func write(_ path: String, _ contents: String) throws {
            let url = folder.appendingPathComponent("App/Assets.xcassets").appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    private static func colorSet(_ entries: String...) -> String {
        "{ \"colors\" : [ \(entries.joined(separator: ", ")) ], \"info\" : { \"author\" : \"xcode\", \"version\" : 1 } }"
    }

    private static func entry(_ components: String, dark: Bool = false) -> String {
        let appearance = dark ? "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ], " : ""
        return "{ \(appearance)\"color\" : { \"color-space\" : \"srgb\", \"components\" : { \(components) } }, "
            + "\"idiom\" : \"universal\" }"
    }

    /// The colour's components in light and dark, as "r g b a" in 0-255.
    private func looks(_ project: Project, _ name: String) throws -> LuaValue? {
        try project.world.run(
            """
            local color = objc.UIColor:colorNamed("\(name)")
            if color == nil then return "nil" end
            local function look(style)
                local c = color:resolvedColorWithTraitCollection(
                    objc.UITraitCollection:traitCollectionWithUserInterfaceStyle(style))
                local k = c.components
                local r, g, b, a = k[1], k[2], k[3], k[4]
                return string.format("%d %d %d %.2f", math.floor(r * 255 + 0.5), math.floor(g * 255 + 0.5),
                    math.floor(b * 255 + 0.5), a)
            end
            return look(1) .. " / " .. look(2)
            """
        ).first
    }

    @Test func colourSetsGiveTheirLooksInEachAppearance() throws {
        let project = try Project([
            "Accent.colorset/Contents.json": Self.colorSet(
                Self.entry("\"red\" : \"0.900\", \"green\" : \"0.400\", \"blue\" : \"0.200\", \"alpha\" : \"1.000\""),
                Self.entry(
                    "\"red\" : \"0xB4\", \"green\" : \"0x53\", \"blue\" : \"0x09\", \"alpha\" : \"0.500\"", dark: true)),
            "Colors/Ink.colorset/Contents.json": Self.colorSet(
                Self.entry("\"white\" : \"0.200\", \"alpha\" : \"1.000\"")),
            "Brand/Contents.json": "{ \"properties\" : { \"provides-namespace\" : true } }",
            "Brand/Blue.colorset/Contents.json": Self.colorSet(
                "{ \"color\" : { \"platform\" : \"ios\", \"reference\" : \"systemBlueColor\" }, \"idiom\" : \"universal\" }"
            ),
            "Eight.colorset/Contents.json": Self.colorSet(
                Self.entry("\"red\" : \"255\", \"green\" : \"128\", \"blue\" : \"0\", \"alpha\" : \"1.000\"")),
        ])
        #expect(try looks(project, "Accent") == .string("230 102 51 1.00 / 180 83 9 0.50"))
        // A group without a namespace only groups: its set's name is its own.
        #expect(try looks(project, "Ink") == .string("51 51 51 1.00 / 51 51 51 1.00"))
        #expect(try looks(project, "Brand/Blue") == .string("0 122 255 1.00 / 10 132 255 1.00"))
        #expect(try looks(project, "Blue") == .string("nil"))
        #expect(try looks(project, "Eight") == .string("255 128 0 1.00 / 255 128 0 1.00"))
        #expect(try looks(project, "Missing") == .string("nil"))
    }

    @Test func aSavedOrAddedSetShowsAtTheNextCall() throws {
        let project = try Project([
            "Accent.colorset/Contents.json": Self.colorSet(
                Self.entry("\"red\" : \"1.000\", \"green\" : \"0.000\", \"blue\" : \"0.000\", \"alpha\" : \"1.000\""))
        ])
        #expect(try looks(project, "Accent") == .string("255 0 0 1.00 / 255 0 0 1.00"))
        #expect(try looks(project, "Later") == .string("nil"))
        try project.write(
            "Accent.colorset/Contents.json",
            Self.colorSet(
                Self.entry("\"red\" : \"0.000\", \"green\" : \"0.000\", \"blue\" : \"1.000\", \"alpha\" : \"1.000\"")))
        try project.write(
            "Later.colorset/Contents.json",
            Self.colorSet(
                Self.entry("\"red\" : \"0.000\", \"green\" : \"1.000\", \"blue\" : \"0.000\", \"alpha\" : \"1.000\"")))
        #expect(try looks(project, "Accent") == .string("0 0 255 1.00 / 0 0 255 1.00"))
        #expect(try looks(project, "Later") == .string("0 255 0 1.00 / 0 255 0 1.00"))
    }

    @Test func imageSetsGiveTheScreensScaleAndTheirRenderingIntent() throws {
        let project = try Project([
            "Star.imageset/Contents.json": """
            { "images" : [ { "filename" : "star.png", "idiom" : "universal", "scale" : "1x" },
                           { "filename" : "star-double.png", "idiom" : "universal", "scale" : "2x" },
                           { "idiom" : "universal", "scale" : "3x" } ],
              "info" : { "author" : "xcode", "version" : 1 },
              "properties" : { "template-rendering-intent" : "template" } }
            """
        ])
        let set = project.folder.appendingPathComponent("App/Assets.xcassets/Star.imageset")
        ImageTests.writePNG(set.appendingPathComponent("star.png").path, width: 10, height: 10)
        ImageTests.writePNG(set.appendingPathComponent("star-double.png").path, width: 20, height: 20)
        let result = try project.world.run(
            """
            local star = objc.UIImage:imageNamed("Star")
            return string.format("%g %g %d", star.size.width, star.scale, star.renderingMode)
            """)
        #expect(result.first == .string("10 2 2"))
    }

    @Test func imageSetsDrawTheirDarkLookInDarkAppearance() throws {
        let project = try Project([
            "Sky.imageset/Contents.json": """
            { "images" : [ { "filename" : "day.png", "idiom" : "universal", "scale" : "2x" },
                           { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
                             "filename" : "night.png", "idiom" : "universal", "scale" : "2x" } ],
              "info" : { "author" : "xcode", "version" : 1 } }
            """
        ])
        let set = project.folder.appendingPathComponent("App/Assets.xcassets/Sky.imageset")
        ImageTests.writePNG(set.appendingPathComponent("day.png").path, width: 20, height: 20)
        ImageTests.writePNG(set.appendingPathComponent("night.png").path, width: 20, height: 20)
        try project.world.run("sky = objc.UIImage:imageNamed('Sky') tinted = sky:imageWithRenderingMode(2)")
        let state = project.world.world.bridge.state
        for name in ["sky", "tinted"] {
            let image = try #require(try state.object(of: state.global(name), as: Image.self))
            func file(_ style: UserInterfaceStyle) -> String {
                UserInterfaceStyle.$current.withValue(style) {
                    guard case .file(let path, _) = image.content else { return "" }
                    return (path as NSString).lastPathComponent
                }
            }
            #expect(file(.light) == "day.png", "\(name)")
            #expect(file(.dark) == "night.png", "\(name)")
            #expect(file(.unspecified) == "day.png", "\(name)")
        }
    }

    @Test func badCatalogsAreRefusedNamingTheFile() throws {
        let project = try Project([
            "Broken.colorset/Contents.json": "{ \"colors\" : [ { \"color\" : ",
            "Wrong.colorset/Contents.json": Self.colorSet(
                Self.entry("\"red\" : \"2.5\", \"green\" : \"0\", \"blue\" : \"0\"")),
            "Escape.imageset/Contents.json":
                "{ \"images\" : [ { \"filename\" : \"../../secret.png\", \"scale\" : \"1x\" } ] }",
            "Huge.colorset/Contents.json": "{ \"colors\" : [] }" + String(repeating: " ", count: 300_000),
        ])
        let broken = project.world.error("objc.UIColor:colorNamed('Broken')")
        #expect(broken.contains("Broken.colorset/Contents.json is not JSON"), "\(broken)")
        #expect(project.world.error("objc.UIColor:colorNamed('Wrong')").contains("red component '2.5' is not 0 to 1"))
        #expect(project.world.error("objc.UIImage:imageNamed('Escape')").contains("must name a file in its image set"))
        #expect(project.world.error("objc.UIColor:colorNamed('Huge')").contains("over 262144"))
        // The host goes on: another name still answers.
        #expect(try looks(project, "Missing") == .string("nil"))
    }
}
