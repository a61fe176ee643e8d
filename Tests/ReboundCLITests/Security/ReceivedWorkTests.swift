import Foundation
import LiveHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a received program or document asks of the host's native code, run as `rebound` runs
/// it: a storyboard that fans out, a format of many wide fields, views nested thousands deep, a
/// picture that is not what its name says, standard input in a sandbox, and a native loop that
/// only SIGTERM can end. Those that would take memory run under `prlimit`, so that a failure
/// cannot fill the machine; each ends with the console answering, or the process ending.
@Suite(.serialized) struct ReceivedWorkTests {
    /// The address space a run may take: what the process maps to start (under 1 GB), and room.
    static let memoryCeiling = ["/usr/bin/prlimit", "--as=3000000000", "--"]

    /// A program whose controller runs `code` in `viewDidLoad` and prints what it raised.
    static func program(_ code: String) -> String {
        """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local ok, e = pcall(function() \(code) end)
            print("outcome: " .. (ok and "ran" or tostring(e)))
        end
        return C
        """
    }

    /// Runs `project` live under the memory ceiling, with a time budget that fits a debug build
    /// on a loaded machine and a memory limit of 256 MB; the console's answer is the sentinel.
    static func runLive(_ project: TemporaryProject, until said: String) throws -> String {
        let run = try ReboundProcess(
            ["run", project.path, "--time-budget", "300", "--memory-limit", "256"], input: nil, prefix: memoryCeiling)
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        #expect(run.waitForOutput(containing: said, timeout: .seconds(120)), "\(run.outputText)\n\(run.errorText)")
        let reply = HostSecurityTests.ask(project, "return 6 * 7")
        #expect(reply?.outcome == .values(["42"]), "the console did not answer: \(run.errorText)")
        return run.outputText
    }

    @Test func aStoryboardThatFansOutStopsAtItsBudget() throws {
        let scenes = (1...8).map { level in
            let tabs =
                level == 8
                ? ""
                : (1...6).map {
                    #"<segue destination="t\#(level + 1)" kind="relationship" relationship="viewControllers" id="r\#(level)-\#($0)"/>"#
                }.joined(separator: "\n")
            return """
                <scene sceneID="s\(level)"><objects><tabBarController id="t\(level)" sceneMemberID="viewController">
                <connections>\(tabs)</connections></tabBarController></objects></scene>
                """
        }
        let project = try TemporaryProject([
            "main.lua": Self.program(
                "objc.UIStoryboard:storyboardWithName_bundle('Fan', nil):instantiateInitialViewController()"),
            "Fan.storyboard": """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
            toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="t1"><scenes>
            \(scenes.joined(separator: "\n"))
            </scenes></document>
            """,
        ])
        let output = try Self.runLive(project, until: "outcome:")
        #expect(output.contains("makes more than 10000 objects through its viewControllers relationships"), "\(output)")
    }

    @Test func aFormatOfManyWideFieldsIsRefused() throws {
        let project = try TemporaryProject([
            "main.lua": Self.program(
                """
                local values = {}
                for i = 1, 100000 do values[i] = i end
                objc.NSString:stringWithFormat(("%65536d"):rep(100000), table.unpack(values))
                """)
        ])
        let output = try Self.runLive(project, until: "outcome:")
        #expect(output.contains("makes a string of more than"), "\(output)")
    }

    /// Five thousand views nested one in the next: the layout text (`--once`) says deep views'
    /// depths instead of indenting them, so it grows with the views (some 400 KB here), not
    /// with their square (25 MB of indentation).
    @Test func aDeepTreesLayoutTextStaysSmall() throws {
        let project = try TemporaryProject([
            "main.lua": Self.program(
                """
                local parent = self.view
                for _ = 1, 5000 do
                    local child = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
                    parent:addSubview(child)
                    parent = child
                end
                """)
        ])
        let run = try ReboundProcess(
            ["run", project.path, "--once", "--time-budget", "300"], prefix: Self.memoryCeiling)
        let result = run.finish(deadline: .seconds(300))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("(depth 5001) UIView"), "\(result.output.suffix(300))")
        #expect(result.output.utf8.count < 2 << 20, "\(result.output.utf8.count) bytes of layout text")
    }

    /// A native loop the time budget cannot stop (a trusted program's backtracking pattern, in
    /// Lua's own matcher): SIGTERM still ends the process.
    @Test func sigtermEndsANativeLoop() throws {
        let project = try TemporaryProject([
            "main.lua": Self.program(
                #"print("matching") string.find(("a"):rep(60), ("(.-)"):rep(12) .. "x")"#)
        ])
        let run = try ReboundProcess(["run", project.path, "--time-budget", "0"], input: nil)
        #expect(run.waitForOutput(containing: "matching", timeout: .seconds(120)))
        run.send(SIGTERM)
        let ended = run.finish(deadline: .seconds(60))
        // Ended by the fallback 5 s after SIGTERM, or sooner when the stop reached the loop.
        #expect(ended.status == 128 + SIGTERM || ended.status == 0, "\(ended.error)")
    }

    /// A file named as a PNG that is an SVG whose filters take librsvg minutes: refused by its
    /// first bytes, so `rebound render` draws the screen at once.
    @Test func aPictureThatIsNotPNGOrJPEGIsRefusedWhateverItsName() throws {
        let project = try TemporaryProject([
            "main.lua": Self.program(
                """
                local view = objc.UIImageView:newWithImage(objc.UIImage:imageNamed("bomb"))
                self.view:addSubview(view)
                """),
            "bomb.png": #"<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><defs>"#
                + (1...40).map { #"<filter id="f\#($0)"><feGaussianBlur stdDeviation="900"/></filter>"# }.joined()
                + "</defs>" + (1...40).map { #"<rect width="4000" height="4000" filter="url(#f\#($0))"/>"# }.joined()
                + "</svg>",
        ])
        let picture = project.folder.appendingPathComponent("screen.png").path
        let result = try ReboundProcess.run("render", project.path, "-o", picture, deadline: .seconds(120))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("bomb.png is not a PNG or JPEG image"), "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: picture))
    }

    /// A received package that reads standard input gets an error, and the host goes on.
    @Test func aSandboxedPackageHasNoStandardInput() throws {
        let folder = try TemporaryProject([
            "Reader/main.lua": Self.program("return io.read('l')")
        ])
        let package = folder.folder.appendingPathComponent("Reader.luapkg").path
        let export = try ReboundProcess.run(
            "export", folder.folder.appendingPathComponent("Reader").path, "--package-id", "com.example.reader", "-o",
            package)
        #expect(export.status == 0, "\(export.error)")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.folder.appendingPathComponent("state").path
        let run = try ReboundProcess(["run", "--package", package, "--once"], input: nil, environment: environment)
        let result = run.finish(deadline: .seconds(60))
        #expect(result.output.contains("io.read: a sandboxed program has no standard input"), "\(result.output)")
    }
}
