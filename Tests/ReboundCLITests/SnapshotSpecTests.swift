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
}
