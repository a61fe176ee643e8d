// swift-tools-version:6.1
import Foundation
import PackageDescription

// Rebound's benchmarks, in a package of their own so that package-benchmark and its
// dependencies are resolved and built only by `make bench`, never by `make run` or `make test`.
// RuntimeBenchmarks measure; BenchReport turns their results into the ratio table;
// InstructionCounts runs the bridge's workloads for callgrind, with FixedLuaSeed preloaded.

/// Rebound itself, by path; a path dependency is named after its folder.
let rebound = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ReboundBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        // Preloaded by Scripts/bench-instructions.sh, so that Lua's string hash seed, and so
        // the instructions counted, are the same in every run.
        .library(name: "FixedLuaSeed", type: .dynamic, targets: ["FixedLuaSeed"])
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                .product(name: "LuaRuntime", package: rebound), .product(name: "ObjectBridge", package: rebound),
                .product(name: "HeadlessUI", package: rebound),
                .product(name: "Cassowary", package: rebound), .product(name: "LiveHost", package: rebound),
                .product(name: "Rendering", package: rebound), .product(name: "Preview", package: rebound),
                .product(name: "Console", package: rebound), .product(name: "HostSockets", package: rebound),
                "CPangoBaseline", "CMallocInfo", "CBaselines", "BenchWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The work some benchmarks measure, shared with InstructionCounts, which runs it
        // under callgrind for `make bench-instructions`.
        .target(
            name: "BenchWorkloads",
            dependencies: [
                .product(name: "LuaRuntime", package: rebound), .product(name: "ObjectBridge", package: rebound),
                .product(name: "HeadlessUI", package: rebound), "CBaselines",
            ],
            path: "BenchWorkloads"
        ),
        .executableTarget(name: "InstructionCounts", dependencies: ["BenchWorkloads"], path: "InstructionCounts"),
        .systemLibrary(name: "CPangoBaseline", path: "CPangoBaseline", pkgConfig: "pangocairo"),
        .systemLibrary(name: "CMallocInfo", path: "CMallocInfo"),
        // Lua's headers come from the system, as the root package's CLua has them.
        .target(name: "CBaselines", path: "CBaselines", cSettings: [.unsafeFlags(["-I/usr/include/lua5.4", "-O2"])]),
        .target(name: "FixedLuaSeed", path: "FixedLuaSeed"),
        .executableTarget(name: "BenchReport", path: "BenchReport"),
    ]
)
