import ArgumentParser
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import Rendering
import Specs

/// `rebound render`: a picture of the screen, and its layout as JSON.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a project to its first display pass and write a picture of the screen (PNG, SVG or PDF).",
        discussion: """
            The picture is drawn as UIKit composites the window (backgrounds, corner radii and \
            clipping, borders, alpha groups, transforms, zPosition order, labels in the same Pango \
            layout as their metrics), in one drawing pass written as PNG at the device's scale, SVG \
            or PDF, by the file's extension. --after runs a Lua file in the program first, with the specs' host.find, host.tap and gestures (scroll, \
            a simulated pinch, simulate.advance). Several --device give one file per profile \
            (out.phone.png). --layout-json writes every view with its class, index path, frame, \
            zIndex, alpha, transform and text, in a stable order. --param sets a knob \
            (rebound.param); --sweep draws every combination of the knobs' values it lists (a \
            range from:to:step, or values separated by commas) on every --device, each in a fresh \
            world, run in parallel, into one contact sheet (a PNG), with each cell's layout in a \
            JSON file beside it.
            """
    )

    @Argument(help: "The project folder (default: the bundled WordsCollection example).", completion: .directory)
    var project: String?

    @Option(
        name: [.customShort("o"), .long], help: "The picture to write: a .png, .svg or .pdf file (default: NAME.png).",
        completion: .file(extensions: ["png", "svg", "pdf"]))
    var output: String?

    @OptionGroup var programOptions: ProgramOptions

    @Option(help: "Also write the screen's layout as JSON to this file.", completion: .file(extensions: ["json"]))
    var layoutJson: String?

    @Option(
        help: "A Lua file to run in the program after its first display pass, before the picture.",
        completion: .file(extensions: ["lua"]))
    var after: String?

    @Option(
        help: ArgumentHelp(
            "A knob to sweep: name=from:to:step or name=a,b,c; repeatable (every combination is drawn).",
            valueName: "name=values"))
    var sweep: [String] = []

    @OptionGroup var limits: LuaLimits

    func validate() throws {
        if let output, Picture.Format(rawValue: URL(fileURLWithPath: output).pathExtension.lowercased()) == nil {
            throw ValidationError("-o \(output): the picture must be a .png, .svg or .pdf file")
        }
        if !sweep.isEmpty {
            do { _ = try Sweep(sweep) } catch { throw ValidationError(error.description) }
            if let output, !output.lowercased().hasSuffix(".png") {
                throw ValidationError("-o \(output): a sweep's contact sheet is a .png file")
            }
            if layoutJson != nil { throw ValidationError("--layout-json: a sweep writes its layouts beside the sheet") }
        }
    }

    func run() throws {
        let folder = try project ?? BundledExamples.url("WordsCollection").path
        let script: String?
        do {
            script = try after.map { try String(contentsOfFile: $0, encoding: .utf8) }
        } catch {
            throw CommandFailure.usage("cannot read \(after ?? ""): \(error.localizedDescription)")
        }
        let profiles: [String?] = programOptions.device.isEmpty ? [nil] : programOptions.device
        if !sweep.isEmpty {
            try drawSweep(try Sweep(sweep), of: folder, on: profiles, after: script)
            return
        }
        for profile in profiles {
            let screen: DrawnScreen
            do {
                screen = try draw(folder, on: profile, params: programOptions.params(), after: script)
            } catch let failure as DrawFailure {
                throw failure.isUsage
                    ? CommandFailure.usage(failure.description) : CommandFailure.failed(failure.description)
            }
            let name = profiles.count > 1 ? screen.device : nil
            let picture = output ?? (URL(fileURLWithPath: folder).lastPathComponent + ".png")
            let path = Self.path(picture, device: name)
            let format = Picture.Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) ?? .png
            do {
                try screen.picture.write(to: path, as: format)
                if let layoutJson {
                    try PrettyJSON.encode(screen.layout).write(
                        to: URL(fileURLWithPath: Self.path(layoutJson, device: name)), options: .atomic)
                }
            } catch {
                throw CommandFailure.failed("\(error)")
            }
            print("wrote \(path)" + (layoutJson.map { " and \(Self.path($0, device: name))" } ?? ""))
        }
    }

    /// A screen drawn: its picture and layout, and the profile's name.
    struct DrawnScreen {
        let device: String
        let picture: Picture
        let layout: LayoutDocument
    }

    /// Why a screen was not drawn, in a line (the program's first error when it reported one).
    struct DrawFailure: Error, CustomStringConvertible {
        let description: String
        /// The project cannot run as given (exit status 2).
        var isUsage = false
    }

    /// Runs the program in a fresh world on `profile` (the project's when nil) with the knobs
    /// `params` to its first display pass, and `script` after it; draws the screen. With
    /// `printsReports`, the program's errors, warnings and prints are printed as they come; a
    /// failure (`DrawFailure`, or a usage error) says what failed first either way.
    func draw(
        _ folder: String, on profile: String?, params: [String: String], after script: String?,
        printsReports: Bool = true
    ) throws -> DrawnScreen {
        let host: LiveHost
        let errors = ProgramErrors()
        do {
            let program = try Program(
                project: try Project(at: folder),
                overrides: .init(
                    startModule: programOptions.start, device: profile,
                    orientation: try programOptions.deviceOrientation(),
                    appearance: try programOptions.userInterfaceStyle(),
                    contentSizeCategory: try programOptions.contentSizeCategory()))
            var options = LiveHost.Options()
            options.worldServices = ScreenRenderer.worldServices
            options.locale = programOptions.locale
            options.timeZone = programOptions.timeZone
            options.watch = false
            options.runsOnce = true
            options.lua = limits.options
            options.params = params
            let printer = EventPrinter(json: false)
            host = try LiveHost(program: program, options: options) { event, _ in
                if event.isError { errors.add(event) }
                if printsReports, event.isError || event.kind == .warning || event.kind == .print {
                    printer.print(event)
                }
            }
        } catch let error as any UserFacingError {
            throw DrawFailure(description: error.description, isUsage: true)
        }
        try host.start()
        defer { host.stop() }
        guard host.isRunning, let world = host.world else {
            throw DrawFailure(
                description: printsReports ? "the program did not start" : errors.first ?? "it did not start")
        }
        if let script, let after {
            // The script drives the program as a spec does: host.find, host.tap and the gestures.
            for (source, name) in [(SpecScripts.gestures, "=(rebound gestures)"), (script, "@" + after)] {
                if case .failed(let message, let traceback) = host.evaluate(source, chunkName: name).outcome {
                    throw DrawFailure(description: ([message] + [traceback].compactMap { $0 }).joined(separator: "\n"))
                }
            }
        }
        // A picture of a program that failed on its way is not the picture asked for.
        if let first = errors.first {
            throw DrawFailure(
                description: printsReports
                    ? "the program reported \(errors.count) error\(errors.count == 1 ? "" : "s") (above)" : first)
        }
        do {
            return DrawnScreen(
                device: world.screen.profile.name, picture: try ScreenRenderer.render(world),
                layout: LayoutDocument(screen: world.screen.profile.description, views: LayoutDump.entries(of: world)))
        } catch {
            throw DrawFailure(description: "\(error)")
        }
    }

    /// `out.png` for one profile; `out.phone.png` when there are several. The path stays as it
    /// was given (relative or absolute), so what `render` prints has one form either way.
    private static func path(_ path: String, device: String?) -> String {
        guard let device else { return path }
        let stem = (path as NSString).deletingPathExtension
        let pathExtension = (path as NSString).pathExtension
        return pathExtension.isEmpty ? "\(stem).\(device)" : "\(stem).\(device).\(pathExtension)"
    }

    /// The error events a drawing's program sent.
    /// The errors a program reported while it was drawn: how many, and the first one's message.
    private final class ProgramErrors {
        private(set) var count = 0
        private(set) var first: String?
        func add(_ event: HostEvent) {
            count += 1
            if first == nil { first = event.problem?.message }
        }
    }

    /// The layout file: the screen, then every view shown, parents first.
    struct LayoutDocument: Encodable {
        let screen: String
        let views: [LayoutDump.Entry]
    }
}
