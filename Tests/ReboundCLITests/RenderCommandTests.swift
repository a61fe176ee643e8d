import Foundation
import Rendering
import Testing

/// `rebound render` and `rebound run --snapshot` as a user runs them.
@Suite struct RenderCommandTests {
    @Test func onePicturePerDeviceAndTheLayoutBeside() throws {
        let folder = try TemporaryProject([:])
        let out = folder.folder.appendingPathComponent("shot.png").path
        let json = folder.folder.appendingPathComponent("layout.json").path
        let run = try ReboundProcess.run(
            "render", "\(ReboundProcess.examples)/Mosaic", "-o", out, "--device", "phone",
            "--device", "tablet", "--layout-json", json)
        #expect(run.status == 0, "\(run.error)")
        let phone = try PixelImage(png: folder.folder.appendingPathComponent("shot.phone.png").path)
        let tablet = try PixelImage(png: folder.folder.appendingPathComponent("shot.tablet.png").path)
        #expect(phone.width == 750 && phone.height == 1334, "the phone at @2x")
        #expect(tablet.width == 2048)
        let layout = try String(
            contentsOfFile: folder.folder.appendingPathComponent("layout.phone.json").path, encoding: .utf8)
        #expect(layout.contains("\"screen\" : \"phone (375x667@2)\""))
        #expect(layout.contains("\"class\" : \"MosaicHeader\"") || layout.contains("\"indexPath\""))
    }

    /// `--appearance dark` draws the program's system colours dark; a third appearance is refused.
    @Test func theAppearanceOptionDrawsTheDarkLook() throws {
        let folder = try TemporaryProject([:])
        let path = { (name: String) in folder.folder.appendingPathComponent(name).path }
        let run = try ReboundProcess.run(
            "render", "\(ReboundProcess.examples)/ModernList", "-o", path("dark.png"), "--appearance", "dark")
        #expect(run.status == 0, "\(run.error)")
        // Below the last section, the list's grouped background: black in dark appearance.
        let pixel = try PixelImage(png: path("dark.png")).pixel(x: 375, y: 1300)
        #expect(Array(pixel.prefix(3)) == [0, 0, 0])
        let wrong = try ReboundProcess.run(
            "render", "\(ReboundProcess.examples)/ModernList", "-o", path("dim.png"), "--appearance", "dim")
        #expect(wrong.status != 0 && wrong.error.contains("--appearance: 'dim' is not an appearance"), "\(wrong.error)")
    }

    @Test func anAfterScriptRunsBeforeThePictureAndOtherFormats() throws {
        let folder = try TemporaryProject([
            "scroll.lua": """
            local collectionView = objc.UIApplication.sharedApplication.keyWindow.rootViewController.collectionView
            collectionView.contentOffset = { x = 0, y = 600 }
            """
        ])
        let path = { (name: String) in folder.folder.appendingPathComponent(name).path }
        #expect(
            try ReboundProcess.run(
                "render", "\(ReboundProcess.examples)/Mosaic", "-o", path("top.svg"),
                "--layout-json", path("top.json")
            ).status == 0)
        #expect(
            try ReboundProcess.run(
                "render", "\(ReboundProcess.examples)/Mosaic", "-o", path("scrolled.pdf"),
                "--layout-json", path("scrolled.json"), "--after", path("scroll.lua")
            ).status == 0)
        #expect(try String(contentsOfFile: path("top.svg"), encoding: .utf8).contains("<svg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("scrolled.pdf"))).starts(with: Data("%PDF".utf8)))
        #expect(
            try String(contentsOfFile: path("top.json"), encoding: .utf8)
                != String(contentsOfFile: path("scrolled.json"), encoding: .utf8),
            "the script scrolled before the layout was written")
        let bad = try ReboundProcess.run("render", "\(ReboundProcess.examples)/Mosaic", "-o", path("x.gif"))
        #expect(bad.status != 0 && bad.error.contains("must be a .png, .svg or .pdf file"))
        let failing = try ReboundProcess.run(
            "render", "\(ReboundProcess.examples)/Mosaic", "-o", path("y.png"), "--after", path("top.json"))
        #expect(failing.status == 1 && failing.error.contains("top.json:"), "\(failing.error)")
    }

    /// An --after script drives the program as a spec does: `host.find`, `host.tap` and the
    /// gestures are there.
    @Test func anAfterScriptHasTheSpecsVocabulary() throws {
        let folder = try TemporaryProject([
            "tap.lua": """
            local field = host.find { class = "UITextField" }
            assert(field ~= nil, "the sign-in screen has a text field")
            host.type(field, "ada@example.com")
            host.tap("Sign In")
            print("typed", field.text, host.rootViewController ~= nil)
            """
        ])
        let path = { (name: String) in folder.folder.appendingPathComponent(name).path }
        let run = try ReboundProcess.run(
            "render", "\(ReboundProcess.examples)/SignIn", "-o", path("tapped.png"), "--layout-json",
            path("tapped.json"),
            "--after", path("tap.lua"))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("typed\tada@example.com\ttrue"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: path("tapped.png")))
    }

    /// The paths `render` prints keep the form they were given in, for one device and for
    /// several; an SVG is sized in the device's pixels, as the PNG is.
    @Test func printedPathsKeepTheirFormAndSVGsAreInPixels() throws {
        let folder = try TemporaryProject([:])
        let one = try ReboundProcess.run("render", "-o", "one.svg", in: folder.folder)
        #expect(one.output == "wrote one.svg\n", "\(one.output)")
        let two = try ReboundProcess.run(
            "render", "-o", "two.png", "--device", "phone", "--device", "tablet", in: folder.folder)
        #expect(
            two.output.contains("wrote two.phone.png\n") && two.output.contains("wrote two.tablet.png\n"),
            "\(two.output)")
        let svg = try String(contentsOf: folder.folder.appendingPathComponent("one.svg"), encoding: .utf8)
        #expect(svg.contains(#"width="750px" height="1334px" viewBox="0 0 750 1334""#))
    }

    /// A knob set with --param changes what is drawn; --sweep draws every setting on every
    /// device into one sheet (3 settings of a phone, scaled to 480 high, and a tablet, two
    /// settings to a line to keep it about square: 1340 x 1052 pixels), with each cell's layout
    /// beside it.
    @Test func paramsAndSweepsDrawTheKnobsSettings() throws {
        let folder = try TemporaryProject([:])
        let path = { (name: String) in folder.folder.appendingPathComponent(name).path }
        #expect(
            try ReboundProcess.run("render", "-o", path("plain.png"), "--layout-json", path("plain.json")).status == 0)
        #expect(
            try ReboundProcess.run(
                "render", "-o", path("wide.png"), "--layout-json", path("wide.json"), "--param", "spacing=30"
            ).status == 0)
        #expect(
            try String(contentsOfFile: path("plain.json"), encoding: .utf8)
                != String(contentsOfFile: path("wide.json"), encoding: .utf8))

        let sweep = try ReboundProcess.run(
            "render", "--sweep", "spacing=0:40:20", "--device", "phone", "--device", "tablet", "-o", "sheet.png",
            in: folder.folder)
        #expect(sweep.status == 0, "\(sweep.error)")
        #expect(sweep.output == "wrote sheet.png (3 settings on 2 devices) and sheet.json\n")
        let png = try Data(contentsOf: URL(fileURLWithPath: path("sheet.png")))
        let size = { (offset: Int) in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(size(16) == 1340 && size(20) == 1052, "\(size(16)) x \(size(20))")
        let cells =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("sheet.json"))))
            as? [[String: Any]] ?? []
        #expect(cells.count == 6)
        #expect(cells.map { $0["device"] as? String } == ["phone", "tablet", "phone", "tablet", "phone", "tablet"])
        #expect(cells.map { ($0["params"] as? [String: String])?["spacing"] } == ["0", "0", "20", "20", "40", "40"])
        #expect(cells.allSatisfy { ($0["views"] as? [Any])?.isEmpty == false })

        // Twenty settings on two devices: four settings to a line, within a picture's limits.
        let twenty = try ReboundProcess.run(
            "render", "--sweep", "spacing=0:38:2", "--device", "phone", "--device", "tablet", "-o", "big.png",
            in: folder.folder)
        #expect(twenty.output == "wrote big.png (20 settings on 2 devices) and big.json\n", "\(twenty.error)")

        let reversed = try ReboundProcess.run("render", "--sweep", "spacing=40:0:8")
        #expect(reversed.status != 0 && reversed.error.contains("a range is from:to:step with from ≤ to"))
        let twice = try ReboundProcess.run("render", "--sweep", "spacing=1,2", "--sweep", "spacing=3")
        #expect(twice.status != 0 && twice.error.contains("--sweep spacing is given twice"))
        // Each bad setting is one line, with the program's own error and no Swift in it.
        let outOfRange = try ReboundProcess.run("render", "--sweep", "spacing=30,abc,50", "-o", path("x.png"))
        #expect(outOfRange.status == 1)
        let lines = outOfRange.error.split(separator: "\n")
        #expect(lines.count == 2, "\(outOfRange.error)")
        #expect(
            lines.first?.hasPrefix("error: --sweep spacing=abc on the project's device: ") == true
                && lines.first?.contains("spacing takes a number, got 'abc'") == true, "\(outOfRange.error)")
        #expect(lines.last?.hasPrefix("error: --sweep spacing=50 on the project's device: ") == true)
        #expect(!outOfRange.error.contains("ExitCode") && !outOfRange.error.contains("did not start"))
        #expect(!FileManager.default.fileExists(atPath: path("x.png")))
    }

    /// A text knob needs no choices; a sweep of it labels each cell with its value, wrapped at
    /// the screen's width, so a long value makes its line of the sheet taller, not wider.
    @Test func aSweepOfATextKnobWrapsLongCaptions() throws {
        let folder = try TemporaryProject([
            "rebound.json": #"{ "start": "main" }"#,
            "main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                local label = objc.UILabel:newWithFrame { x = 20, y = 100, width = 300, height = 40 }
                label.text = rebound.param("caption", "Hello")
                self.view:addSubview(label)
            end
            return C
            """,
        ])
        func sheet(_ values: String, _ name: String) throws -> (width: Int, height: Int) {
            let run = try ReboundProcess.run(
                "render", folder.path, "--sweep", "caption=\(values)", "--device", "phone", "-o", name,
                in: folder.folder)
            #expect(run.status == 0, "\(run.error)")
            let png = try Data(contentsOf: folder.folder.appendingPathComponent(name))
            let number = { (offset: Int) in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (number(16), number(20))
        }
        let short = try sheet("Short,Tiny", "short.png")
        let long = try sheet(
            "Short,A caption long enough that it cannot fit on one line above a phone's screen", "long.png")
        #expect(long.width == short.width, "the cells keep their width")
        #expect(long.height >= short.height + 15, "the long caption wraps: \(short) \(long)")
    }

    @Test func aSnapshotFollowsTheScreen() throws {
        let project = try TemporaryProject([
            "rebound.json": #"{ "start": "main" }"#,
            "main.lua": """
            local Style = require "Style"
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                self.view.backgroundColor = Style.color()
                self:addMessageHandler("system.did_load_module", "refresh")
            end
            function C:refresh() self.view.backgroundColor = require("Style").color() end
            return C
            """,
            "Style.lua": "return { color = function() return objc.UIColor.redColor end }\n",
        ])
        let snapshot = project.folder.appendingPathComponent("screen.png").path
        let run = try ReboundProcess(["run", project.path, "--json", "--snapshot", snapshot])
        _ = run.waitForEvent { $0["event"] as? String == "started" }
        #expect(Self.waitFor { (try? PixelImage(png: snapshot))?.pixel(x: 100, y: 300) == [255, 0, 0, 255] })
        try project.write("Style.lua", Data("return { color = function() return objc.UIColor.blueColor end }\n".utf8))
        _ = run.waitForEvent { $0["event"] as? String == "reloaded" }
        #expect(
            Self.waitFor { (try? PixelImage(png: snapshot))?.pixel(x: 100, y: 300) == [0, 0, 255, 255] },
            "the picture was rewritten after the reload")
        run.send(SIGINT)
        #expect(run.finish().status == 0)
    }

    /// Polls until `condition` holds, for at most 20 seconds.
    static func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }
}
