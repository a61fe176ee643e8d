// swift-tools-version:6.1
import Foundation
import PackageDescription

// Layers, lowest first; every dependency points down:
//   CLua (system Lua 5.4) -> CLuaShim (C trampolines and protected helpers)
//   -> LuaRuntime (safe Swift API over one lua_State) -> ObjectBridge (native and script classes)
//   -> ReboundCLI (the `rebound` executable)
let package = Package(
    name: "Rebound",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rebound", targets: ["ReboundCLI"]),
        .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
        .library(name: "ObjectBridge", targets: ["ObjectBridge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        .target(
            name: "CLuaShim",
            dependencies: ["CLua"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-O2"])]
        ),
        .target(
            name: "LuaRuntime",
            dependencies: [
                "CLuaShim", "CLua",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ObjectBridge",
            dependencies: [
                "LuaRuntime",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ReboundCLI",
            dependencies: [
                "LuaRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LuaRuntimeTests",
            dependencies: ["LuaRuntime", "CLuaShim"]
        ),
        .testTarget(
            name: "ObjectBridgeTests",
            dependencies: ["ObjectBridge", "LuaRuntime"]
        ),
        .testTarget(
            name: "ReboundCLITests",
            dependencies: ["ReboundCLI"]
        ),
    ]
)

// `make bench` sets REBOUND_BENCHMARKS, so that ordinary builds and tests neither resolve nor
// build package-benchmark. The benchmarks measure; BenchReport turns their results into the
// ratio table and .build/bench.json.
if ProcessInfo.processInfo.environment["REBOUND_BENCHMARKS"] != nil {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0",
                 traits: ["MallocInterposer"]))
    package.targets += [
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                "LuaRuntime", "ObjectBridge",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "BenchReport", path: "Tools/BenchReport"),
    ]
}
