import Foundation
import LiveHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The `rebound` executable run as a user runs it, always under a deadline: a process that
/// outlives it is killed and the test fails, so a hang cannot block the run.
final class ReboundProcess: @unchecked Sendable {
    /// The `rebound` executable that `swift build` put beside the test bundle.
    static let executable: URL = {
        var folder = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("rebound").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("rebound")
    }()

    /// The bundled examples.
    static let examples = (try? BundledExamples.folder().path) ?? "Resources/Examples"

    /// What a finished run gave.
    struct Result {
        let status: Int32
        let output: String
        let error: String
        /// Standard output's lines decoded as JSON objects (lines that are not are left out).
        var events: [[String: Any]] { ReboundProcess.events(in: output) }
    }

    /// Runs `rebound arguments...` to its end, with `input` on standard input.
    static func run(
        _ arguments: String..., input: Data = Data(), in directory: URL? = nil, deadline: Duration = .seconds(60),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let process = try ReboundProcess(arguments, input: input, directory: directory)
        return process.finish(deadline: deadline, sourceLocation: sourceLocation)
    }

    /// The preview page's address a `run --preview` printed, once it has.
    func previewAddress(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(waitForOutput(containing: "preview: http://127.0.0.1:"), sourceLocation: sourceLocation)
        let line = try #require(
            outputText.split(separator: "\n").first { $0.hasPrefix("preview: ") }, sourceLocation: sourceLocation)
        return String(line.dropFirst("preview: ".count))
    }

    let process = Process()
    private let condition = NSCondition()
    private var output = Data()
    private var errors = Data()
    private var openStreams = 2

    /// Standard input, while it is kept open for `type`.
    private var input: FileHandle?

    /// Starts `rebound arguments...`; standard output and error are read as they come. With
    /// `input` nil, standard input stays open for `type`. It runs in `directory`, else in the
    /// test's.
    init(
        _ arguments: [String], input: Data? = Data(), environment: [String: String]? = nil, prefix: [String] = [],
        directory: URL? = nil
    ) throws {
        if prefix.isEmpty {
            process.executableURL = Self.executable
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [Self.executable.path] + arguments
        }
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        Self.brokenPipesAreErrors
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        for (pipe, isOutput) in [(stdout, true), (stderr, false)] {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = pipe.fileHandleForReading.availableData
                    condition.withLock {
                        if chunk.isEmpty {
                            openStreams -= 1
                        } else if isOutput {
                            output += chunk
                        } else {
                            errors += chunk
                        }
                        condition.broadcast()
                    }
                    if chunk.isEmpty { return }
                }
            }
        }
        if let input {
            try? stdin.fileHandleForWriting.write(contentsOf: input)  // a process may end unread
            try stdin.fileHandleForWriting.close()
        } else {
            self.input = stdin.fileHandleForWriting
        }
    }

    /// Writes to standard input (kept open by `input: nil`).
    func type(_ text: String) {
        try? input?.write(contentsOf: Data(text.utf8))  // a process that ended reads nothing
    }

    /// Writing to a process that ended fails, where it would end the whole test run with SIGPIPE.
    private static let brokenPipesAreErrors: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Closes standard input (kept open by `input: nil`): the process reads its end.
    func closeInput() {
        try? input?.close()
        input = nil
    }

    var outputText: String { condition.withLock { String(decoding: output, as: UTF8.self) } }

    var errorText: String { condition.withLock { String(decoding: errors, as: UTF8.self) } }

    /// How many times standard output holds `text` so far.
    func occurrences(of text: String) -> Int {
        outputText.components(separatedBy: text).count - 1
    }

    /// Waits until standard output holds a JSON event for which `matches` holds, and returns
    /// it; nil (and a test failure) when `timeout` passes first or the process ends.
    func waitForEvent(
        timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
        _ matches: ([String: Any]) -> Bool
    ) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        return condition.withLock {
            while true {
                if let found = Self.events(in: String(decoding: output, as: UTF8.self)).first(where: matches) {
                    return found
                }
                if openStreams == 0 || !condition.wait(until: deadline) {
                    Issue.record(
                        "no matching event within \(timeout); output so far:\n\(String(decoding: output, as: UTF8.self))",
                        sourceLocation: sourceLocation)
                    return nil
                }
            }
        }
    }

    /// Waits until standard output (text) contains `text`, `times` times at least; false (and
    /// a test failure) when `timeout` passes first.
    @discardableResult
    func waitForOutput(
        containing text: String, times: Int = 1, timeout: Duration = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let deadline = Date().addingTimeInterval(Self.seconds(timeout))
        return condition.withLock {
            while String(decoding: output, as: UTF8.self).components(separatedBy: text).count - 1 < times {
                if openStreams == 0 || !condition.wait(until: deadline) {
                    Issue.record(
                        "'\(text)' did not appear within \(timeout); output:\n\(String(decoding: output, as: UTF8.self))",
                        sourceLocation: sourceLocation)
                    return false
                }
            }
            return true
        }
    }

    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end and for its output; past `deadline` it is killed and the
    /// test fails (the status is then -1).
    func finish(deadline: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation) -> Result {
        let limit = Date().addingTimeInterval(Self.seconds(deadline))
        while process.isRunning && Date() < limit { usleep(10_000) }
        var status = Int32(-1)
        if process.isRunning {
            Issue.record(
                "rebound \(process.arguments ?? []) did not end within \(deadline)", sourceLocation: sourceLocation)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        } else {
            status = process.terminationStatus
        }
        let (out, err) = condition.withLock {
            while openStreams > 0 { _ = condition.wait(until: Date().addingTimeInterval(5)) }
            return (output, errors)
        }
        return Result(
            status: status, output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
    }

    static func events(in text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A project folder for a test, removed when the test is done with it.
final class TemporaryProject {
    let folder: URL

    init(_ files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    /// A copy of a bundled example's program (its files, not its specs).
    convenience init(example name: String) throws {
        try self.init([:])
        let example = URL(fileURLWithPath: "\(ReboundProcess.examples)/\(name)")
        for file in try FileManager.default.contentsOfDirectory(atPath: example.path)
        where !file.hasPrefix(".") && file != "spec" {
            try write(file, try Data(contentsOf: example.appendingPathComponent(file)))
        }
    }

    func write(_ path: String, _ data: Data) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    var path: String { folder.path }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
