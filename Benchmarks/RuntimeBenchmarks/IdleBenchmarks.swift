import Benchmark
import Foundation
import LiveHost

#if canImport(Glibc)
import Glibc
#endif

/// A release `rebound run` of a screen with a box that turns for ever (a repeating
/// `CABasicAnimation`), measured by the CPU time the process used per second of wall time:
/// with `--preview` and no page, with a page reading the event stream, and without the preview.
final class IdleHost {
    static let project = """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            self.view.backgroundColor = objc.UIColor.whiteColor
            local box = objc.UIView:newWithFrame { x = 20, y = 100, width = 80, height = 80 }
            box.backgroundColor = objc.UIColor.systemBlueColor
            self.view:addSubview(box)
            local spin = objc.CABasicAnimation:animationWithKeyPath("transform.rotation.z")
            spin.toValue = 2 * math.pi
            spin.duration = 1
            spin.repeatCount = math.huge
            box.layer:addAnimation_forKey(spin, "spin")
        end
        return C
        """

    /// How long the CPU time is counted, after the host settled.
    static let measured = 3.0

    let folder: URL
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var page: EventStreamReader?

    init(preview: Bool, page withPage: Bool) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.project.utf8).write(to: folder.appendingPathComponent("main.lua"))
        process.executableURL = LiveBench.rebound
        process.arguments = ["run", folder.path] + (preview ? ["--preview"] : [])
        process.standardInput = input  // kept open: the host reads no end of its input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let port = try readPort(needed: preview)
        if withPage, let port { page = try EventStreamReader(port: port) {} }
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The preview's port from the host's output, once it started (within 60 s).
    private func readPort(needed: Bool) throws -> Int? {
        var text = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
            if let match = text.firstMatch(of: /preview: http:\/\/127\.0\.0\.1:(\d+)\//) { return Int(match.1) }
            if !needed, text.contains("watching") { return nil }
        }
        throw ProjectError("the idle host did not start: \(text)")
    }

    /// The CPU seconds (user and system) the host used per second of wall time, in thousandths.
    func cpuPerWallSecond() throws -> Int {
        Thread.sleep(forTimeInterval: 1)  // past the start and the first pictures
        let before = try cpuSeconds()
        Thread.sleep(forTimeInterval: Self.measured)
        return Int((try cpuSeconds() - before) / Self.measured * 1000)
    }

    private func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        // The fields after the command's name, which is in parentheses and may hold spaces.
        guard let close = stat.lastIndex(of: ")") else { throw ProjectError("unreadable /proc stat: \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw ProjectError("unreadable /proc stat: \(stat)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

func idleBenchmarks() {
    let cpu = BenchmarkMetric.custom("CPU milliseconds per wall second", useScalingFactor: false)
    let configuration = BenchRounds.share(
        Benchmark.Configuration(metrics: [cpu, .wallClock], warmupIterations: 0, maxIterations: 1))
    for (name, preview, page) in [
        ("idle: rebound run --preview, a turning box, no page", true, false),
        ("idle: rebound run --preview, a turning box, one page open", true, true),
        ("idle: rebound run, a turning box, no preview", false, false),
    ] {
        Benchmark(name, configuration: configuration) { benchmark in
            let host = try IdleHost(preview: preview, page: page)
            benchmark.measurement(cpu, try host.cpuPerWallSecond())
        }
    }
}
