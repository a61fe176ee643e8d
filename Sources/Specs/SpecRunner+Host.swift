import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge

/// The native side of the `host` table specs drive the program with: taps and gestures, time,
/// snapshots and layout snapshots.
extension SpecRunner {
    // MARK: host's native side

    func native(_ context: LiveContext, file: String) throws -> LuaTable {
        let state = context.bridge.state
        let table = try state.makeTable()
        try table.set(
            "start",
            .function(
                try state.makeValueFunction(named: "host.start") { [program] arguments in
                    // With no name, the program's start module (--start, rebound.json's "start", main).
                    let module: String?
                    switch arguments.first {
                    case .string(let name)?: module = name
                    case .nil?, nil: module = program.startModule
                    default:
                        throw LuaError(
                            kind: .runtime,
                            message: "host.start expects a module name, such as host.start(\"CollectionController\")")
                    }
                    try context.start(
                        module, asAppDelegate: module == program.startModule && program.startsWithAppDelegate)
                    try context.world.layoutPass()
                    return [
                        try context.bridge.value(for: context.world.window.rootViewController ?? context.world.window)
                    ]
                }))
        try table.set(
            "displayPass",
            .function(
                try state.makeValueFunction(named: "host.displayPass") { _ in
                    try context.world.layoutPass()
                    return []
                }))
        try table.set(
            "layout",
            .function(
                try state.makeValueFunction(named: "host.layout") { _ in
                    [.table(try Self.layoutTable(LayoutDump.entries(of: context.world), state: state))]
                }))
        try table.set(
            "snapshot",
            .function(
                try state.makeValueFunction(named: "host.snapshot") { [snapshots] arguments in
                    guard case .string(let name)? = arguments.first else {
                        throw LuaError(
                            kind: .runtime, message: "host.snapshot expects a name, such as host.snapshot(\"home\")")
                    }
                    let tolerance = try Self.tolerance(arguments.count > 1 ? arguments[1] : .nil)
                    try context.world.layoutPass()
                    let problem = try snapshots.checkPicture(name, in: context.world, tolerance: tolerance)
                    // Drawing and comparing a screen is the runner's work, not the test's: it
                    // does not count against the test's time budget.
                    state.restartTimeBudget()
                    return problem.map { [.boolean(false), .string($0)] } ?? [.boolean(true)]
                }))
        try table.set(
            "layoutSnapshot",
            .function(
                try state.makeValueFunction(named: "host.layoutSnapshot") { [snapshots] arguments in
                    guard case .string(let name)? = arguments.first else {
                        throw LuaError(
                            kind: .runtime,
                            message: "host.layoutSnapshot expects a name, such as host.layoutSnapshot(\"home\")")
                    }
                    try context.world.layoutPass()
                    let problem = try snapshots.checkLayout(name, in: context.world)
                    return problem.map { [.boolean(false), .string($0)] } ?? [.boolean(true)]
                }))
        try table.set(
            "edit",
            .function(
                try state.makeValueFunction(named: "host.edit") { [unowned self] arguments in
                    guard arguments.count == 2, case .string(let path) = arguments[0],
                        case .string(let source) = arguments[1]
                    else {
                        throw LuaError(
                            kind: .runtime, message: "host.edit expects a file of the project and its new source")
                    }
                    return try self.edit(path, source, in: context)
                }))
        return table
    }

    /// `host.snapshot`'s options: `{ threshold = 0...255, share = 0...1 }`.
    static func tolerance(_ value: LuaValue) throws -> SnapshotTolerance {
        guard case .table(let options) = value else {
            guard value == .nil else {
                throw LuaError(
                    kind: .runtime, message: "host.snapshot's options must be a table such as { share = 0.01 }")
            }
            return SnapshotTolerance()
        }
        var tolerance = SnapshotTolerance()
        let threshold = try options.get("threshold")
        if threshold != .nil {
            guard let number = threshold.numberValue, number >= 0, number <= 255 else {
                throw LuaError(
                    kind: .runtime,
                    message: "host.snapshot: threshold must be a number from 0 to 255 (a channel's levels)")
            }
            tolerance.threshold = UInt8(number.rounded(.down))
        }
        let share = try options.get("share")
        if share != .nil {
            guard let number = share.numberValue, number >= 0, number <= 1 else {
                throw LuaError(
                    kind: .runtime, message: "host.snapshot: share must be a number from 0 to 1 (of the pixels)")
            }
            tolerance.share = number
        }
        return tolerance
    }

    /// Saves a module of the copy and reloads it as a save would: run again in place, its
    /// handlers, a layout pass. Returns true, or false and the error (the module's last good
    /// code stays, as after a failed save).
    func edit(_ path: String, _ source: String, in context: LiveContext) throws -> [LuaValue] {
        guard Project.moduleName(forPath: path) != nil, !path.hasPrefix("/"), !path.split(separator: "/").contains("..")
        else {
            throw LuaError(
                kind: .runtime, message: "host.edit: '\(path)' is not a module of the project (a .lua path inside it)")
        }
        let url = copy.appendingPathComponent(path)
        if edited[path] == nil { edited[path] = .some(FileManager.default.contents(atPath: url.path)) }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.utf8).write(to: url)
        } catch {
            throw LuaError(kind: .runtime, message: "host.edit: cannot write \(path): \(error.localizedDescription)")
        }
        guard let module = context.modules.loaded.first(where: { $0.path == path }) else { return [.boolean(true)] }
        do {
            _ = try context.reloadSaved(module.name, from: path)
        } catch {
            return [.boolean(false), .string(error.luaError.message)]
        }
        _ = try context.bridge.post("system.did_load_module", [.string(module.name)])
        try context.world.layoutPass()
        return [.boolean(true)]
    }

    func restoreEdits() {
        for (path, content) in edited {
            let url = copy.appendingPathComponent(path)
            if let content { try? content.write(to: url) } else { try? FileManager.default.removeItem(at: url) }
        }
        edited = [:]
    }
}
