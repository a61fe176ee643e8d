import Benchmark
import Foundation
import LiveHost

/// A project (the WordsCollection example, or `files`) in a temporary folder, run by a live
/// host; each `edit` saves `module` (CollectionController.lua) with new content and waits until
/// the host reports the reload (module run, handlers called, layout pass done).
final class LiveBench: @unchecked Sendable {
    enum Save { case inPlace, renameOver }

    let folder: URL
    let host: LiveHost
    private let module: String
    private let source: String
    private let counter = Counter()
    private var edits = 0

    init(files: [String: String]? = nil, module: String = "CollectionController.lua") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-bench-\(UUID().uuidString)")
        if let files {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (path, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(path)) }
        } else {
            try FileManager.default.copyItem(at: LiveBench.example, to: folder)
        }
        self.module = module
        source = try String(contentsOf: folder.appendingPathComponent(module), encoding: .utf8)
        let counter = self.counter
        host = try LiveHost(program: try Program(project: try Project(at: folder.path))) { report, _ in
            if report.kind == .reloaded { counter.value += 1 }
            if report.isError { FileHandle.standardError.write(Data("benchmark project: \(report)\n".utf8)) }
        }
        try host.start()
    }

    private final class Counter { var value = 0 }

    deinit {
        host.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func edit(_ save: Save) throws {
        edits += 1
        let data = Data((source + "\n-- edit \(edits)\n").utf8)
        let target = folder.appendingPathComponent(module)
        switch save {
        case .inPlace:
            let handle = try FileHandle(forWritingTo: target)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: data)
            try handle.close()
        case .renameOver:
            let temporary = folder.appendingPathComponent(".\(module).tmp")
            try data.write(to: temporary)
            _ = rename(temporary.path, target.path)
        }
        let expected = counter.value + 1
        guard host.handleEvents(for: .seconds(10), until: { counter.value >= expected }) else {
            throw ProjectError("the edit was not reloaded within 10 s")
        }
    }

    static let example = (try? BundledExamples.url("WordsCollection")) ?? URL(fileURLWithPath: "WordsCollection")

    /// The release `rebound` executable that Scripts/bench.sh builds and names.
    static let rebound = URL(fileURLWithPath: ProcessInfo.processInfo.environment["REBOUND_EXECUTABLE"] ?? "rebound")
}

/// One bench per benchmark, made on the thread that runs the benchmark's iterations.
nonisolated(unsafe) var liveBenches: [String: LiveBench] = [:]

func liveBenchmarks() {
    let edits = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 10, maxDuration: .seconds(120), maxIterations: 1000))
    for (name, save) in [("in-place write", LiveBench.Save.inPlace), ("rename-over save", .renameOver)] {
        let title = "live: save to handlers done, \(name)"
        Benchmark(
            title, configuration: edits,
            closure: { _ in
                if liveBenches[title] == nil { liveBenches[title] = try LiveBench() }
                try liveBenches[title]?.edit(save)
            },
            teardown: {
                liveBenches[title] = nil
            })
    }
    Benchmark(
        "live: restart, a fresh rebound process to its first layout pass",
        configuration: BenchRounds.share(
            .init(
                metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 2,
                maxDuration: .seconds(30), maxIterations: 50))
    ) { _ in
        try runRebound(["run", LiveBench.example.path, "--once"])
    }
}
