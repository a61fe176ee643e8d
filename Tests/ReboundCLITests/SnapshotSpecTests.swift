import Foundation
import Testing

/// Picture and layout snapshots in `rebound test`, through their record modes, as a user runs
/// them: the first run records, a match passes, a changed colour fails with the actual picture
/// and its changed pixels beside the snapshot (attached to the JUnit report), `--ci` refuses a
/// missing snapshot, and `--record-snapshots` records anew.
@Suite struct SnapshotSpecTests {
    static func project(color: String = "systemBlueColor", width: Int = 120) -> [String: String] {
        [
            "rebound.json": #"{ "start": "main" }"#,
            "main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                self.view.backgroundColor = objc.UIColor.whiteColor
                local box = objc.UIView:newWithFrame(struct.CGRect(100, 100, \(width), 80))
                box.backgroundColor = objc.UIColor.\(color)
                self.view:addSubview(box)
            end
            return C
            """,
            "spec/screen_spec.lua": """
            describe("the screen", function()
              it("looks as recorded", function()
                host.start()
                host.snapshot("home")
              end)
              it("is laid out as recorded", function()
                host.start()
                assert.layout_matches("home")
              end)
            end)
            """,
        ]
    }

    func snapshot(_ project: TemporaryProject, _ name: String) -> URL {
        project.folder.appendingPathComponent("spec/__snapshots__/\(name)")
    }

    @Test func theFirstRunRecordsAMatchPassesAndAChangedColourFailsWithADiff() throws {
        let project = try TemporaryProject(Self.project())
        let first = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(first.status == 0, "\(first.output)\(first.error)")
        #expect(first.error.contains("host.snapshot: recorded spec/__snapshots__/home.phone.png"), "\(first.error)")
        #expect(first.error.contains("host.layoutSnapshot: recorded spec/__snapshots__/home.phone.json"))
        let recorded = try Data(contentsOf: snapshot(project, "home.phone.png"))
        #expect(recorded.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let again = try ReboundProcess.run("test", project.path, "--output", "plain", "--ci")
        #expect(again.status == 0, "\(again.output)")
        #expect(!again.error.contains("recorded"))

        try project.write("main.lua", Data(Self.project(color: "systemRedColor")["main.lua", default: ""].utf8))
        let junit = project.folder.appendingPathComponent("report.xml").path
        let changed = try ReboundProcess.run("test", project.path, "--output", "plain", "--junit", junit)
        #expect(changed.status == 1)
        // The 120 x 80 box at the phone's 2x: 38,400 pixels changed colour.
        #expect(
            changed.output.contains("38400 of 1000500 pixels (3.84%) differ from home.phone.png"), "\(changed.output)")
        #expect(changed.output.contains("1 passed, 1 failed"), "the layout did not change")
        let actual = snapshot(project, "home.phone.actual.png")
        let diff = snapshot(project, "home.phone.diff.png")
        #expect(FileManager.default.fileExists(atPath: actual.path))
        #expect(FileManager.default.fileExists(atPath: diff.path))
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("[[ATTACHMENT|\(actual.path)]]") && report.contains("[[ATTACHMENT|\(diff.path)]]"))
        #expect(try Data(contentsOf: snapshot(project, "home.phone.png")) == recorded, "the snapshot stays")

        let rerecorded = try ReboundProcess.run("test", project.path, "--output", "plain", "--record-snapshots")
        #expect(rerecorded.status == 0)
        #expect(try Data(contentsOf: snapshot(project, "home.phone.png")) != recorded)
        #expect(!FileManager.default.fileExists(atPath: actual.path), "what the failure left is gone")
        #expect(!FileManager.default.fileExists(atPath: diff.path))
    }

    @Test func aChangedLayoutFailsTheLayoutSnapshotAndToleranceAllowsAShare() throws {
        let project = try TemporaryProject(Self.project())
        #expect(try ReboundProcess.run("test", project.path).status == 0)
        try project.write("main.lua", Data(Self.project(width: 140)["main.lua", default: ""].utf8))
        let widened = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(widened.status == 1)
        #expect(widened.output.contains("the layout differs from spec/__snapshots__/home.phone.json in 1 of"))
        #expect(FileManager.default.fileExists(atPath: snapshot(project, "home.phone.actual.json").path))

        try project.write(
            "spec/screen_spec.lua",
            Data(
                """
                it("looks nearly as recorded", function()
                  host.start()
                  host.snapshot("home", { share = 0.01 })
                end)
                """.utf8))
        let tolerated = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(tolerated.status == 0, "9,600 changed pixels are under 1%: \(tolerated.output)")
    }

    @Test func ciRefusesAMissingSnapshotAndBadNamesAreClearErrors() throws {
        let project = try TemporaryProject(Self.project())
        let ci = try ReboundProcess.run("test", project.path, "--output", "plain", "--ci")
        #expect(ci.status == 1)
        #expect(ci.output.contains("there is no snapshot spec/__snapshots__/home.phone.png to compare with"))
        #expect(!FileManager.default.fileExists(atPath: snapshot(project, "home.phone.png").path))
        try project.write(
            "spec/screen_spec.lua",
            Data(#"it("names", function() host.start(); host.snapshot("../escape") end)"#.utf8))
        let bad = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(bad.status == 1)
        #expect(bad.output.contains("'../escape' is not a snapshot name"), "\(bad.output)")
    }

    /// A PNG's chunks (type and whole chunk bytes), in order.
    static func chunks(_ png: Data) -> [(type: String, bytes: Data)] {
        var found: [(String, Data)] = []
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[position + 4..<position + 8], as: UTF8.self)
            found.append((type, png[position..<position + 12 + length]))
            position += 12 + length
        }
        return found
    }

    static func png(_ chunks: [(type: String, bytes: Data)]) -> Data {
        chunks.reduce(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) { $0 + $1.bytes }
    }

    /// The note a recorded snapshot carries of its pixels is believed only with the image data
    /// it was written with: a file whose image another tool changed (keeping the note) is
    /// compared by its pixels, and so is one without a note.
    @Test func aSnapshotsNoteOfItsPixelsIsTrustedOnlyWithItsOwnImageData() throws {
        let project = try TemporaryProject(Self.project())
        #expect(try ReboundProcess.run("test", project.path, "--output", "plain").status == 0)
        let file = snapshot(project, "home.phone.png")
        let blue = try Data(contentsOf: file)
        let blueNote = try #require(Self.chunks(blue).first { $0.type == "rbPX" }, "the recorded file has a note")

        try project.write("main.lua", Data(Self.project(color: "systemRedColor")["main.lua", default: ""].utf8))
        #expect(try ReboundProcess.run("test", project.path, "--output", "plain", "--record-snapshots").status == 0)
        let red = Self.chunks(try Data(contentsOf: file))
        #expect(red.contains { $0.type == "rbPX" && $0.bytes != blueNote.bytes })

        // Red pixels with the blue screen's note: the blue screen does not match them.
        try project.write("main.lua", Data(Self.project()["main.lua", default: ""].utf8))
        try Self.png(red.map { $0.type == "rbPX" ? blueNote : $0 }).write(to: file)
        let forged = try ReboundProcess.run("test", project.path, "--output", "plain", "--ci")
        #expect(forged.status == 1, "\(forged.output)")
        #expect(forged.output.contains("38400 of 1000500 pixels (3.84%) differ"), "\(forged.output)")

        // The blue file without its note (as another tool writes it) still matches.
        try Self.png(Self.chunks(blue).filter { $0.type != "rbPX" }).write(to: file)
        let plain = try ReboundProcess.run("test", project.path, "--output", "plain", "--ci")
        #expect(plain.status == 0, "\(plain.output)")
    }
}
