// swift-tools-version:6.1
import PackageDescription

// Layers, lowest first; every dependency points down:
//   CLua (system Lua 5.4) -> CLuaShim (C trampolines and protected helpers)
//   -> LuaRuntime (safe Swift API over one lua_State) -> ObjectBridge (native and script classes)
//   -> HeadlessUI (UIKit's world without a screen; text through CTextShim over Pango)
//   -> LiveHost (projects, the inotify watcher, reload in place, resources, source packages;
//      CFileShim for renameat2)
//   -> Rendering (the window's view tree drawn with Cairo and Pango: PNG, SVG, PDF)
//   -> Preview (the live preview page: pictures of every screen over Server-Sent Events,
//      served with Hummingbird)
//   -> ReboundCLI (the `rebound` executable; CEditLine, Debian's libedit, and
//      CConsoleShim for the console's prompt)

// Release builds leave out Swift's run-time exclusivity checks: they were a fifth of a typed
// character's native work and a tenth of a delegate call. Debug and ASan builds, which run the
// test suites, keep them, so an overlapping access still fails a test.
let releaseSwiftSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "Rebound",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rebound", targets: ["ReboundCLI"]),
        .library(name: "HostSockets", targets: ["HostSockets"]),
        .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
        .library(name: "ObjectBridge", targets: ["ObjectBridge"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
        .library(name: "LiveHost", targets: ["LiveHost"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "Preview", targets: ["Preview"]),
        .library(name: "Console", targets: ["Console"]),
        .library(name: "Debugger", targets: ["Debugger"]),
        .library(name: "Specs", targets: ["Specs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
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
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "ObjectBridge",
            dependencies: [
                "LuaRuntime",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Lua/prelude.lua"), .embedInCode("Lua/fuzzer.lua")],
            swiftSettings: releaseSwiftSettings
        ),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CPangoFT2", pkgConfig: "pangoft2", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(
            name: "CTextShim",
            dependencies: ["CPangoCairo", "CPangoFT2"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-O2"])]
        ),
        // Auto Layout's constraint solver, on its own: no library of it is in reach.
        .target(name: "Cassowary", swiftSettings: releaseSwiftSettings),
        .target(
            name: "HeadlessUI",
            dependencies: [
                "ObjectBridge", "LuaRuntime", "Cassowary", "CTextShim", "CGdkPixbuf",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [
                .embedInCode("Lua/touches.lua"), .embedInCode("Lua/dispatch.lua"),
                .embedInCode("Lua/serialization.lua"), .embedInCode("Lua/keyboard.lua"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "CFileShim",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-O2"])]
        ),
        .target(
            name: "HostSockets",
            dependencies: ["CFileShim"],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "LiveHost",
            dependencies: [
                "HeadlessUI", "ObjectBridge", "LuaRuntime", "CFileShim", "HostSockets",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [
                .embedInCode("Lua/resources.lua"), .embedInCode("Lua/frame_environment.lua"),
                .embedInCode("Lua/console_environment.lua"), .embedInCode("Lua/require.lua"),
                .embedInCode("Templates/NewProject/AppDelegate.lua"),
                .embedInCode("Templates/NewProject/CollectionController.lua"),
                .embedInCode("Templates/NewProject/ItemCell.lua"), .embedInCode("Templates/NewProject/luacheckrc"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "Annotations",
            dependencies: ["ObjectBridge"],
            resources: [.embedInCode("Lua/globals.lua")],
            swiftSettings: releaseSwiftSettings
        ),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "Rendering",
            dependencies: ["HeadlessUI", "LuaRuntime", "CCairo", "CZlib"],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "Preview",
            dependencies: [
                "Rendering", "LiveHost", "HeadlessUI", "LuaRuntime", "HostSockets",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Compiled into the binary: the page needs no file beside the executable.
            resources: [
                .embedInCode("Page/preview.html"), .embedInCode("Page/preview.css"), .embedInCode("Page/preview.js"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .target(
            name: "CConsoleShim",
            dependencies: ["CEditLine"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-O2"])]
        ),
        .target(
            name: "Specs",
            dependencies: ["LiveHost", "HeadlessUI", "ObjectBridge", "LuaRuntime"],
            resources: [
                .embedInCode("Lua/runner.lua"), .embedInCode("Lua/gestures.lua"), .embedInCode("Lua/assertions.lua"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "Debugger",
            dependencies: ["LiveHost", "HeadlessUI", "ObjectBridge", "LuaRuntime", "HostSockets", "CFileShim"],
            swiftSettings: releaseSwiftSettings
        ),
        .target(
            name: "Console",
            dependencies: ["LiveHost", "LuaRuntime", "HostSockets", "CConsoleShim", "CEditLine"],
            swiftSettings: releaseSwiftSettings
        ),
        .executableTarget(
            name: "ReboundCLI",
            dependencies: [
                "LiveHost", "HeadlessUI", "ObjectBridge", "LuaRuntime", "Rendering", "Preview", "HostSockets",
                "Annotations", "Console", "Debugger", "Specs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSwiftSettings
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
            name: "HeadlessUITests",
            // LiveHost for `BundledExamples` alone: the Mosaic example is a project.
            dependencies: ["HeadlessUI", "Cassowary", "ObjectBridge", "LuaRuntime", "CTextShim", "CPangoCairo"]
        ),
        .testTarget(
            name: "AnnotationsTests",
            dependencies: ["Annotations", "LiveHost", "HeadlessUI", "ObjectBridge", "LuaRuntime"]
        ),
        .testTarget(
            name: "HostSocketsTests",
            dependencies: ["HostSockets"]
        ),
        // What the tests of the engine and of the tools over it share: a project run by a live host.
        .target(
            name: "LiveTestSupport",
            dependencies: ["LiveHost", "HeadlessUI", "ObjectBridge", "LuaRuntime"],
            path: "Tests/LiveTestSupport"
        ),
        .testTarget(
            name: "DebuggerTests",
            dependencies: ["Debugger", "LiveTestSupport", "LiveHost", "HeadlessUI", "LuaRuntime"]
        ),
        .testTarget(
            name: "ConsoleTests",
            dependencies: ["Console", "LiveTestSupport", "LiveHost", "HeadlessUI", "LuaRuntime"]
        ),
        .testTarget(
            name: "LiveHostTests",
            dependencies: [
                "LiveTestSupport", "LiveHost", "HeadlessUI", "ObjectBridge", "LuaRuntime", "CPangoCairo",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "LiveHost", "HeadlessUI", "LuaRuntime", "CCairo"],
            exclude: ["Goldens", "Projects"]
        ),
        .testTarget(
            name: "PreviewTests",
            dependencies: ["Preview", "Rendering", "LiveHost", "HeadlessUI", "LuaRuntime"]
        ),
        .testTarget(
            name: "ReboundCLITests",
            dependencies: ["ReboundCLI", "Console", "LiveHost", "Rendering"]
        ),
    ]
)
