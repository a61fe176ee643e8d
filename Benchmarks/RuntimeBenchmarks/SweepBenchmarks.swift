import Benchmark
import Foundation
import LiveHost
import Rendering

/// Runs the release `rebound` with `arguments` to its end; throws when it fails.
func runRebound(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = LiveBench.rebound
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProjectError("rebound \(arguments.joined(separator: " ")) failed")
    }
}

/// The WordsCollection sweep of issue 35: its `spacing` knob at 20 settings, on a phone and a
/// tablet, into files in a temporary folder.
enum SweepBench {
    static let spacings = Array(stride(from: 0, through: 38, by: 2))
    static let devices = ["phone", "tablet"]
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "rebound-sweep-bench-\(ProcessInfo.processInfo.processIdentifier)")

    /// One `rebound render --sweep`: fresh worlds in parallel, one contact sheet.
    static func sweep() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try runRebound(
            [
                "render", LiveBench.example.path, "--sweep", "spacing=0:38:2", "-o",
                folder.appendingPathComponent("sheet.png").path,
            ]
                + devices.flatMap { ["--device", $0] })
    }

    /// The sweep's settings and devices, one `rebound render --param` process each.
    static let pictures = spacings.flatMap { spacing in devices.map { (spacing, $0) } }
    nonisolated(unsafe) static var drawn = 0

    /// The next of the same pictures drawn by a process of its own: the report multiplies by
    /// the 40 of them (package-benchmark's JMH export drops a benchmark whose runs take seconds).
    static func oneProcess() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (spacing, device) = pictures[drawn % pictures.count]
        drawn += 1
        try runRebound([
            "render", LiveBench.example.path, "--param", "spacing=\(spacing)", "--device", device, "-o",
            folder.appendingPathComponent("\(device)-\(spacing).png").path,
        ])
    }
}

/// `host.snapshot`'s comparison of a screen that matches its recorded picture, against drawing
/// the picture alone.
final class SnapshotBench: @unchecked Sendable {
    let render: RenderBench
    let reference: URL
    let actual: URL
    let diff: URL

    init() throws {
        render = try RenderBench()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        reference = folder.appendingPathComponent("screen.phone.png")
        actual = folder.appendingPathComponent("screen.phone.actual.png")
        diff = folder.appendingPathComponent("screen.phone.diff.png")
        try ScreenSnapshots().record(render.world, to: reference)
    }

    deinit { try? FileManager.default.removeItem(at: reference.deletingLastPathComponent()) }

    func compare() throws {
        if let problem = try ScreenSnapshots().compare(
            render.world, with: reference, threshold: 0, share: 0, actual: actual, diff: diff)
        {
            throw ProjectError("the snapshot does not match its own screen: \(problem)")
        }
    }
}

nonisolated(unsafe) var snapshotBench: SnapshotBench?

func sweepBenchmarks() {
    let processes = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .milliseconds,
            warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 10))
    let perPicture = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .milliseconds,
            warmupIterations: 2, maxDuration: .seconds(30), maxIterations: 200))
    Benchmark("sweep: 20 settings on two devices, one rebound render --sweep", configuration: processes) { _ in
        try SweepBench.sweep()
    }
    Benchmark("sweep: one of the same 40 pictures, a rebound render process of its own", configuration: perPicture) {
        _ in
        try SweepBench.oneProcess()
    }
    let pictures = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 5, maxDuration: .seconds(10), maxIterations: 2000))
    Benchmark(
        "snapshot: host.snapshot of a matching screen", configuration: pictures,
        closure: { _ in
            if snapshotBench == nil { snapshotBench = try SnapshotBench() }
            try snapshotBench?.compare()
        }, teardown: { snapshotBench = nil })
    Benchmark(
        "snapshot: drawing the same screen's picture alone", configuration: pictures,
        closure: { _ in
            if renderBenches["snapshot baseline"] == nil { renderBenches["snapshot baseline"] = try RenderBench() }
            guard let bench = renderBenches["snapshot baseline"] else { return }
            try ScreenRenderer.render(bench.world).rasterized { blackHole($0) }
        }, teardown: { renderBenches["snapshot baseline"] = nil })
}
