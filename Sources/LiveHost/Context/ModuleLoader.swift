import Foundation
import LuaRuntime
import ObjectBridge

/// `require` for a program: a searcher that finds modules in the project, then in the package,
/// before the binding modules and `package.path`, and runs them so that they can be run again in place.
public final class ModuleLoader {
    let program: Program
    private unowned let bridge: ObjectBridge
    /// Loaded modules: name -> path relative to the source folder, in load order.
    public private(set) var loaded: [(name: String, path: String)] = []
    /// `module name -> {n = count, values...}` for modules that returned more than one value,
    /// which the project's `require` returns all of.
    private let moreResults: LuaTable
    /// The source each module was last compiled from, by path, to tell what a save changed.
    private var sources: [String: Data] = [:]

    init(program: Program, bridge: ObjectBridge) throws {
        self.program = program
        self.bridge = bridge
        moreResults = try bridge.state.makeTable()
        let searcher = try bridge.state.makeFunction(named: "project searcher") { [unowned self] frame in
            try self.search(frame)
        }
        guard case .table(let package) = try bridge.state.global("package"),
            case .table(let searchers) = try package.get("searchers")
        else {
            throw ProjectError("the package library is missing")
        }
        try searchers.insert(.function(searcher), at: 1)
        guard case .function(let require) = try bridge.state.global("require"),
            case .function(let wrapped) = try bridge.state.load(Self.requireSource, chunkName: "=(rebound require)")
                .call(.function(require), .table(moreResults)).first
        else {
            throw ProjectError("require is missing")
        }
        try bridge.state.setGlobal("require", .function(wrapped))
    }

    /// `require` that returns every value a module returned (CodeFlow modules return more
    /// than one), else what Lua's returns: the value and the loader data.
    private static let requireSource = String(decoding: PackageResources.require_lua, as: UTF8.self)

    /// The module loaded from `path` (relative to the source folder), if any.
    func module(at path: String) -> String? {
        loaded.first { $0.path == path }?.name
    }

    func isLoaded(_ name: String) -> Bool { loaded.contains { $0.name == name } }

    /// How a chunk names a file: its path from the project folder (`Source/X.lua` in a .luapp),
    /// or from the package's folder.
    func displayPath(_ path: String) -> String { program.displayPath(path) }

    /// `require(name)`, from the host (the start module).
    func require(_ name: String) throws -> LuaValue {
        guard case .function(let require) = try bridge.state.global("require") else {
            throw ProjectError("require is missing")
        }
        return try require.call(.string(name)).first ?? .nil
    }

    /// Compiles `path` and runs it as module `name` again, in place; `package.loaded` gets
    /// what it returns. Returns the start-only methods the save changed (`StartOnlyMethods`).
    /// `source` is the file's contents as the host already read them (and hashed them), so
    /// that what runs is what was compared; without it the file is read now.
    @discardableResult
    public func reload(_ name: String, from path: String, source: Data? = nil) throws(ModuleFailure) -> [String] {
        let previous = sources[path]
        let chunk: LuaFunction
        do {
            chunk = try compile(path, source: source)
        } catch {
            throw error.kind == .file ? .unreadable(error) : .syntax(error)
        }
        let countBefore = loaded.count
        do {
            let previous = try packageLoaded().get(.string(name))
            try run(chunk, as: name, from: path, mergingInto: previous)
        } catch {
            try? forgetModules(loadedAfter: countBefore)
            let luaError = error as? LuaError ?? LuaError(kind: .runtime, message: String(describing: error))
            if let reason = bridge.restartReason { throw .needsRestart(reason: reason, luaError) }
            throw .runtime(luaError)
        }
        guard let previous, let current = sources[path] else { return [] }
        return StartOnlyMethods.edited(
            from: String(decoding: previous, as: UTF8.self), to: String(decoding: current, as: UTF8.self))
    }

    // MARK: The searcher

    /// `package.searchers[1]`: a loader for `name` when the project has it, else why not.
    private func search(_ frame: LuaFrame) throws -> Int32 {
        let name = try frame.string(1)
        let path = Project.path(forModule: name)
        guard !name.contains("/"), program.exists(path) else {
            try frame.push(.string("no file '\(path)' in \(program.name)"))
            return 1
        }
        let chunk = try compile(path)
        try frame.push(
            .function(
                try bridge.state.makeFunction(named: "load \(name)") { [unowned self] frame in
                    try frame.push(try self.run(chunk, as: name, from: path))
                    return 1
                }))
        try frame.push(.string(displayPath(path)))
        return 2
    }

    private func compile(_ path: String, source given: Data? = nil) throws(LuaError) -> LuaFunction {
        let display = displayPath(path)
        let source: Data
        do {
            source = try given ?? program.read(path)
        } catch {
            throw LuaError(kind: .file, message: "\(error)", source: display)
        }
        let chunk = try bridge.state.load(source, chunkName: "@" + display)
        sources[path] = source
        return chunk
    }

    /// Runs a module's chunk with the bridge recording its class definitions; `package.loaded`
    /// keeps what it returns (true for nothing), as `require` does. Run again, a module that
    /// returns a plain table has it merged into the `previous` one, so that modules that
    /// required it before call its new functions.
    @discardableResult
    private func run(_ chunk: LuaFunction, as name: String, from path: String, mergingInto previous: LuaValue = .nil)
        throws -> LuaValue
    {
        let results = try bridge.runModule(named: name) {
            try chunk.call(.string(name), .string(displayPath(path)))
        }
        var value = results.first.map { $0 == .nil ? LuaValue.boolean(true) : $0 } ?? .boolean(true)
        if case .table = previous, case .table = value {
            value =
                try bridge.state.load(Self.mergeTables, chunkName: "=merge module").call(previous, value).first ?? value
        }
        try packageLoaded().set(name, value)
        if results.count > 1 {
            let all = try bridge.state.makeTable(arrayCapacity: results.count)
            for (index, result) in results.enumerated() {
                try all.set(.integer(Int64(index + 1)), index == 0 ? value : result)
            }
            try all.set("n", .integer(Int64(results.count)))
            try moreResults.set(name, .table(all))
        } else {
            try moreResults.set(name, .nil)
        }
        if !isLoaded(name) { loaded.append((name, path)) }
        return value
    }

    /// Merges a module's new table into its old one when both are plain tables (no
    /// metatable): the old table gets the new one's entries and loses keys the new one lacks.
    /// Returns the table `package.loaded` keeps.
    private static let mergeTables = """
        local old, new = ...
        if old == new or getmetatable(old) ~= nil or getmetatable(new) ~= nil then return new end
        for key in pairs(old) do
            if rawget(new, key) == nil then rawset(old, key, nil) end
        end
        for key, value in pairs(new) do rawset(old, key, value) end
        return old
        """

    /// After a failed run: modules first loaded during it are not loaded after all.
    private func forgetModules(loadedAfter count: Int) throws {
        let table = try packageLoaded()
        for module in loaded.dropFirst(count) { try table.set(module.name, .nil) }
        loaded.removeLast(loaded.count - count)
    }

    private func packageLoaded() throws -> LuaTable {
        guard case .table(let package) = try bridge.state.global("package"),
            case .table(let table) = try package.get("loaded")
        else {
            throw ProjectError("package.loaded is missing")
        }
        return table
    }
}
