import Benchmark
import Foundation
import LiveHost

/// 1,000 trivial specs in 10 files, as a project; both runners start as processes, as a
/// user (or CI) runs them.
enum SpecBench {
    static let project: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-bench-specs-\(UUID().uuidString)")
        let specs = folder.appendingPathComponent("spec")
        try? FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try? Data("return objc.UIViewController\n".utf8).write(to: folder.appendingPathComponent("main.lua"))
        for file in 1...10 {
            let tests = (1...100).map { "  it('test \($0)', function() assert.is_true(true) end)\n" }.joined()
            try? Data("describe('file \(file)', function()\n\(tests)end)\n".utf8)
                .write(to: specs.appendingPathComponent("file\(file)_spec.lua"))
        }
        return folder
    }()

    static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = project
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ProjectError("\(executable) \(arguments) failed") }
    }
}

func specBenchmarks() {
    let configuration = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .milliseconds,
            warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 30))
    Benchmark("specs: 1,000 trivial specs in 10 files, rebound test", configuration: configuration) { _ in
        try SpecBench.run(LiveBench.rebound.path, ["test", "--output", "plain"])
    }
    Benchmark("specs: the same under busted on lua5.4", configuration: configuration) { _ in
        try SpecBench.run("/usr/bin/lua5.4", ["/usr/bin/busted", "--output", "plainTerminal", "spec"])
    }
}
