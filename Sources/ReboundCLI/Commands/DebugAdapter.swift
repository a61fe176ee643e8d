import ArgumentParser
import Console
import Debugger
import Foundation
import HostSockets
import LiveHost

#if canImport(Glibc)
import Glibc
#endif

/// `rebound dap`: the debugger of a running `rebound run --debug` as a Debug Adapter on
/// standard input and output, for editors that start their adapter as a program (nvim-dap's
/// `executable` adapters, Helix, Emacs' dape, Zed). It relays the bytes both ways to the
/// project's debug socket, which must be the user's own with mode 0600; the host checks
/// everything itself.
struct DebugAdapter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dap",
        abstract: "Relay a running `rebound run --debug` to an editor on standard input and output.",
        discussion: """
            Connects to the debugger socket that `rebound run --debug` serves in the project's run \
            folder (.rebound/debug.sock), which must be the user's own with mode 0600, and relays the \
            Debug Adapter Protocol between it and standard input and output until either side ends.
            """
    )

    @Argument(help: "The project folder of the running host (default: the current folder).", completion: .directory)
    var project: String?

    @Option(help: "The debugger's socket, instead of the project's.", completion: .file())
    var socket: String?

    func run() throws {
        let path =
            socket
            ?? URL(fileURLWithPath: project ?? ".")
            .appendingPathComponent(".rebound/\(DebugAddress.socketName)").path
        let connection: Int32
        do {
            connection = try UnixSockets.connect(
                toPrivate: path, serving: "debugger",
                missing: "start one with `rebound run --debug` or `rebound test --debug`")
        } catch {
            // A console socket beside it: a run is going, started without --debug.
            let console = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
                ConsoleServer.socketName)
            guard socket == nil, FileManager.default.fileExists(atPath: console.path) else {
                throw CommandFailure.usage("\(error)")
            }
            throw CommandFailure.usage(
                "\(path): no debugger there: the run on this project serves none; start it with `rebound run --debug`")
        }
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread {
            Self.copy(from: STDIN_FILENO, to: connection)
            shutdown(connection, Int32(SHUT_WR))  // the editor is done: the host hears the end
        }
        Self.copy(from: connection, to: STDOUT_FILENO)
        close(connection)
    }

    /// Copies bytes until the source ends or the destination is gone.
    private static func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var written = 0
            while written < count {
                let step = buffer[written..<count].withUnsafeBytes { write(destination, $0.baseAddress, $0.count) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { return }
                written += step
            }
        }
    }
}
