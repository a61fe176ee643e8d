import ArgumentParser
import Console
import Debugger
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import Preview
import Rendering

/// `rebound run`: runs a project, a package, or a project over a package, and keeps it in sync
/// with the project's files.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a project and reload its modules and resources as they are saved.",
        discussion: """
            With no PROJECT, runs the bundled WordsCollection example. With --package alone, runs \
            an exported package standalone (nothing is watched); with PROJECT and --package, the \
            project's files win over the package's copies and the rest comes from the package. \
            Prints one line per event \
            (one JSON object per line with --json). When standard input is a terminal: r restarts \
            the Lua context, l prints the screen's layout, q quits. Ctrl-C always exits cleanly. \
            With --console, standard input is a Lua prompt in the running program instead (Ctrl-D \
            quits). A project's run serves the same console on a Unix socket, .rebound/console.sock \
            (rebound console attaches to it). With --preview, a web page shows the screen as it \
            changes (on a free port of 127.0.0.1 unless --preview-address names one).
            """
    )

    @Argument(
        help: "The project folder (default: the bundled WordsCollection example, unless --package is given).",
        completion: .directory)
    var project: String?

    @Option(help: "An exported package (Name.luapkg) to run, alone or under PROJECT.", completion: .directory)
    var package: String?

    @Option(help: "The id the package must have (default: rebound.json's \"packageId\", if any).")
    var packageID: String?

    @Flag(
        help: ArgumentHelp(
            "Run --package with all of Lua's standard library (processes, files anywhere), as the "
                + "project's own code runs: only for packages whose code you trust."))
    var trust = false

    @Flag(
        help: ArgumentHelp(
            "Run the project sandboxed, as packages run unless trusted: no processes, files read only "
                + "in the program and written only in its run folder, no native modules."))
    var sandbox = false

    @OptionGroup var programOptions: ProgramOptions

    @Flag(help: "Print one JSON object per event instead of text.")
    var json = false

    @Option(help: "Milliseconds an unfinished save may take to settle before it is read.")
    var settle: Int = 10

    @Option(help: "Megabytes a resource file may have.")
    var resourceLimit: Int = 64

    @Flag(help: "Run the start module to its first layout pass, print the layout, and exit.")
    var once = false

    @Flag(help: "Forget what NSUserDefaults kept for the project (its run folder's defaults.json) before starting.")
    var resetDefaults = false

    @Option(
        help: "Rewrite this picture (.png, .svg or .pdf) after every display pass that changed the screen.",
        completion: .file(extensions: ["png", "svg", "pdf"]))
    var snapshot: String?

    @Flag(help: "Serve a live preview page: the screen after every change, and what failed to reload.")
    var preview = false

    @Option(
        help: ArgumentHelp(
            "Record what is done on the preview page as a spec (spec/NAME_spec.lua, in the project), written when "
                + "the run ends; implies --preview.", valueName: "spec"),
        completion: .file(extensions: ["lua"]))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "Where the preview page is served (implies --preview; default: 127.0.0.1 and a free port).",
            valueName: "addr:port"))
    var previewAddress: String?

    @Flag(
        help: ArgumentHelp(
            "Let --preview-address be an address other machines reach (the page shows the program's "
                + "sources and state to anyone who can connect)."))
    var previewAllowRemote = false

    @Flag(help: "A Lua prompt in the running program on standard input (instead of the r, l and q keys).")
    var console = false

    @Option(
        help: "Where to serve the console's Unix socket (default: the project's .rebound/console.sock).",
        completion: .file())
    var consoleSocket: String?

    @OptionGroup var debugging: DebugOptions

    @OptionGroup var limits: LuaLimits

    func validate() throws {
        if settle < 0 || settle > 10_000 { throw ValidationError("--settle must be 0 to 10000 milliseconds.") }
        if resourceLimit < 1 || resourceLimit > 1 << 20 {
            throw ValidationError("--resource-limit must be 1 or more megabytes.")
        }
        if let snapshot, Picture.Format(rawValue: URL(fileURLWithPath: snapshot).pathExtension.lowercased()) == nil {
            throw ValidationError("--snapshot \(snapshot): the picture must be a .png, .svg or .pdf file")
        }
        if let previewAddress { _ = try PreviewAddress(parsing: previewAddress) }
        if once && (preview || previewAddress != nil || record != nil) {
            throw ValidationError("--preview and --record do not go with --once.")
        }
        if let record, !record.hasSuffix("_spec.lua") {
            throw ValidationError("--record \(record): a spec's file name ends in _spec.lua (spec/NAME_spec.lua)")
        }
        if trust && package == nil {
            throw ValidationError("--trust goes with --package: a project's own code is trusted.")
        }
        if trust && sandbox { throw ValidationError("--trust and --sandbox: one or the other.") }
        if previewAllowRemote && previewAddress == nil {
            throw ValidationError("--preview-allow-remote goes with a --preview-address that other machines reach.")
        }
        if once && debugging.isRequested { throw ValidationError("--debug does not go with --once.") }
    }

    func run() throws {
        let printer = EventPrinter(json: json)
        printer.begin()
        let tally = ProblemTally()
        let previewing = PreviewBox()
        let host: LiveHost
        let images: ImageDecoder
        var confinement: LuaState.Confinement?
        var debugEndpoint: DebugAddress?
        do {
            let folder = try project ?? (package == nil ? BundledExamples.url("WordsCollection").path : nil)
            let program = try Program(
                project: try folder.map { try Project(at: $0) },
                package: try package.map { try SourcePackage(at: $0, expectedID: packageID) },
                overrides: .init(
                    startModule: programOptions.start, device: programOptions.device.first, packageID: packageID,
                    orientation: try programOptions.deviceOrientation(),
                    appearance: try programOptions.userInterfaceStyle(),
                    contentSizeCategory: try programOptions.contentSizeCategory()))
            var options = LiveHost.Options()
            options.worldServices = ScreenRenderer.worldServices
            options.settle = .milliseconds(settle)
            options.resourceSizeLimit = resourceLimit << 20
            options.lua = limits.options
            if sandbox || (program.package != nil && !trust) {
                confinement = program.confinement
                options.lua.confinement = confinement
                if let folder = program.runFolder {
                    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                }
            }
            options.watch = !once
            options.runsOnce = once
            options.params = programOptions.params()
            options.keepsParams = !once
            options.followsRealTime = !once
            options.locale = programOptions.locale
            options.timeZone = programOptions.timeZone
            options.devices = try programOptions.profiles()
            debugEndpoint = try debugging.endpoint(runFolder: program.runFolder)
            if resetDefaults, let file = program.defaultsFile, FileManager.default.fileExists(atPath: file.path) {
                try FileManager.default.removeItem(at: file)
            }
            host = try LiveHost(program: program, options: options) { event, device in
                tally.note(event)
                printer.print(event, device: device)
                previewing.publisher?.note(event, device: device)
            }
            // Pictures of a live program are decoded off the host's thread; one that is ready
            // draws the screens again.
            images = ImageDecoder { [mailbox = host.mailbox] in mailbox.post(.screensChanged) }
            if preview || previewAddress != nil || record != nil {
                let mailbox = host.mailbox
                let address = try previewAddress.map(PreviewAddress.init(parsing:)) ?? PreviewAddress()
                let limits = PreviewLimits.forThisProcess()
                // The pictures are not drawn while no page watches: a page that comes wakes them.
                let feed = PreviewFeed(streamLimit: limits.streams) { mailbox.post(.screensChanged) }
                previewing.server = try PreviewServer(
                    feed: feed, address: address.host, port: address.port, limits: limits,
                    allowingOtherMachines: previewAllowRemote, input: { mailbox.post(.input($0)) })
                if !PreviewServer.isLoopback(address.host) {
                    printer.print(
                        .warning(
                            "the preview is served on \(address.host), which other machines may reach: anyone who can "
                                + "connect sees the program's sources and screens"))
                }
                previewing.publisher = PreviewPublisher(
                    feed: feed, program: program, profiles: host.profiles, images: images)
            }
        } catch let error as any UserFacingError {
            throw CommandFailure.usage(error)
        }
        defer { previewing.server?.stop() }
        // Before anything runs: Ctrl-C stops a runaway start too.
        let terminal = once ? nil : Terminal(mailbox: host.mailbox, keys: !console)
        let interrupter = host.interrupter
        var restoreTerminal: @Sendable () -> Void = {}
        if let terminal { restoreTerminal = terminal.restorer }
        let signals = Signals(interrupt: { _ in interrupter.interrupt() }, beforeExit: restoreTerminal)
        defer { withExtendedLifetime(signals) {} }
        // The debugger listens before anything runs, so that a client can stop the start.
        let debugSession: DebugSession?
        do {
            debugSession = try debugEndpoint.map { endpoint throws(DebugServerError) in
                try DebugSession.serve(at: endpoint, for: host)
            }
        } catch {
            throw CommandFailure.usage(error)
        }
        try host.start()
        if once {
            if host.isRunning { host.reportLayouts() }
            throw ExitCode(host.isRunning && tally.problems == 0 ? 0 : 1)
        }
        if let folder = host.program.project?.sourceRoot.path {
            printer.note("watching \(folder): edit and save its files to see them reload")
        }
        let consoleServer = once ? nil : serveConsole(for: host, printer: printer)
        defer { consoleServer?.stop() }
        if let socket = consoleServer?.path {
            printer.announce("console", at: socket, "console: rebound console attaches to \(socket)")
        }
        if let confinement {
            printer.note(
                "sandboxed: no processes; files read in \(confinement.readRoots.joined(separator: ", ")) and written in "
                    + "\(confinement.writeRoots.joined(separator: ", ")) only (--trust lifts it for a package)")
        }
        if let server = previewing.server { printer.announce("preview", at: server.url, "preview: \(server.url)") }
        if let address = debugSession?.address {
            let tokenFile = host.program.runFolder?.appendingPathComponent("debug-token").path
            printer.announce(
                "debugger", at: address.description,
                "debugger: "
                    + DebugOptions.announcement(address: address, token: debugSession?.token, tokenFile: tokenFile)
            )
        }
        if console {
            startConsole(host.mailbox)
        } else if terminal?.isInteractive == true {
            printer.note("keys: r restart, l layout, q quit")
        }
        defer { restoreTerminal() }
        if let record {
            host.startRecording(to: record)
            printer.note("recording what is done on the preview page to \(record) (written when the run ends)")
        }
        let pictureFile = snapshot.map { LivePictureFile(path: $0, images: images) }
        pictureFile?.update(host)
        previewing.update(host)
        var pacer = FramePacer(generation: host.screenGeneration)
        while true {
            let messages = host.handleEvents(until: pacer.wake(for: host.screenGeneration))
            if pacer.drawsNow(host.screenGeneration) {  // pictures are drawn again only when something ran
                pictureFile?.update(host)
                previewing.update(host)
            }
            for message in messages {
                switch message {
                case .interrupt:
                    if console { print() }  // past the prompt
                    host.finishRecording()  // while the screen it checks is there
                    host.stop(interrupted: true)
                    return
                case .key(let key):
                    switch key {
                    case UInt8(ascii: "q"):
                        host.finishRecording()
                        host.stop()
                        return
                    case UInt8(ascii: "r"): host.restart(reason: "asked for")
                    case UInt8(ascii: "l"): host.reportLayouts()
                    default: break
                    }
                case .file, .evaluate, .tool, .warning, .input, .screensChanged: break
                }
            }
        }
    }

    /// The console's socket (`--console-socket`, else the project's run folder's); a socket
    /// that cannot be served is a warning, and the run goes on without it.
    private func serveConsole(for host: LiveHost, printer: EventPrinter) -> ConsoleServer? {
        guard let path = consoleSocket ?? host.program.runFolder?.appendingPathComponent(ConsoleServer.socketName).path
        else { return nil }
        do {
            return try ConsoleServer.serve(at: path, for: host)
        } catch {
            printer.print(.warning("no console socket: \(error)"))
            return nil
        }
    }

    /// The prompt, on a thread of its own; chunks run on the host's thread between events.
    /// Ctrl-D ends the console and, as the q key does, the host.
    private func startConsole(_ mailbox: HostMailbox) {
        let thread = Thread {
            ReadEvalPrintLoop(editor: LineEditor()) { code in
                let request = ConsoleRequest(code: code)
                mailbox.post(.evaluate(request))
                return request.wait().outcome  // what it printed was shown as events
            }.run()
            mailbox.post(.key(UInt8(ascii: "q")))
        }
        thread.name = "rebound.console.prompt"
        thread.start()
    }

    /// `--snapshot`: the screen's picture, rewritten (atomically) when a display pass changed it.
    private final class LivePictureFile {
        let path: String
        let format: Picture.Format
        let images: ImageDecoder
        private var last: PixelImage?

        init(path: String, images: ImageDecoder) {
            self.path = path
            self.images = images
            format = Picture.Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) ?? .png
        }

        func update(_ host: LiveHost) {
            guard host.isRunning, let world = host.world else { return }
            do {
                let picture = try ScreenRenderer.render(world, images: images)
                let pixels = try picture.pixels()
                guard pixels != last else { return }
                try picture.write(to: path, as: format)
                last = pixels
            } catch {
                FileHandle.standardError.write(Data("warning: no snapshot: \(error)\n".utf8))
            }
        }
    }

    /// `--preview`: the server and what publishes to it, once the host is made.
    private final class PreviewBox {
        var server: PreviewServer?
        var publisher: PreviewPublisher?

        func update(_ host: LiveHost) {
            publisher?.update(host.runningWorlds, knobs: host.knobs, recording: host.recorder != nil)
        }
    }

    /// Counts the error and warning events of a run, for `--once`'s exit status.
    private final class ProblemTally {
        private(set) var problems = 0

        func note(_ event: HostEvent) {
            if event.isError || event.kind == .warning { problems += 1 }
        }
    }
}
