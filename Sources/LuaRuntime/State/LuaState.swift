import CLuaShim
import Foundation
import Logging

/// One Lua 5.4 interpreter, safe to drive from Swift.
///
/// No Lua error ever unwinds a Swift frame: calls run under `lua_pcall` and come back as
/// `LuaError`, and Swift functions exposed to Lua are entered through one C trampoline. A memory
/// limit and a time budget per call keep runaway scripts from taking the host down; after either
/// is exceeded the state goes on working.
///
/// A state belongs to one thread: create it, call it and close it there.
public final class LuaState {
    /// Limits and hooks a state is created with.
    public struct Options {
        /// Bytes Lua may allocate in all (0 for no limit).
        public var memoryLimit: Int = 1 << 30
        /// How long one call from Swift into Lua may run (`.zero` for no limit).
        public var timeBudget: Duration = .seconds(2)
        /// For tests: make allocation number `at` fail, once or from then on.
        public var allocationFailure: (at: Int, persistent: Bool)?
        /// Receives Lua warnings (`warn(...)`, errors in `__gc` finalizers).
        public var warningHandler: (String) -> Void = { LuaState.logger.warning("\($0)") }
        /// For a program the user did not write: what it may reach of the machine (nil: all the
        /// standard library allows).
        public var confinement: Confinement?
        /// How the garbage collector runs (see `Collector`).
        public var collector = Collector.incremental

        public init() {}
    }

    /// Lua's two modes of collecting garbage (the reference manual, 2.5.1 and 2.5.2).
    public enum Collector: Sendable {
        /// Lua's default: a collection interleaved with the program, over the whole heap.
        case incremental
        /// Frequent collections of young objects, occasional full ones.
        case generational
    }

    /// What a confined program may do (see the shim's confine.c): no processes, no removing
    /// or renaming, files read under `readRoots` (and the system's Lua module folders) and
    /// written under `writeRoots` only, symlinks resolved; no native modules.
    public struct Confinement: Equatable, Sendable {
        public var readRoots: [String]
        public var writeRoots: [String]

        public init(readRoots: [String], writeRoots: [String]) {
            self.readRoots = readRoots
            self.writeRoots = writeRoots
        }

        /// A root as the shim compares it: absolute, with its symlinks resolved.
        static func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
    }

    static let logger = Logger(label: "rebound.lua")

    /// Module folders of Debian's Lua 5.4 and of the user's LuaRocks tree, so that packaged Lua
    /// libraries load with `require`.
    public static let libraryPaths = libraryFolders.flatMap { ["\($0)/?.lua", "\($0)/?/init.lua"] }
    static let libraryFolders: [String] = {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        return ["/usr/local/share/lua/5.4", "/usr/share/lua/5.4", "\(home)/.luarocks/share/lua/5.4"]
    }()
    /// The only folders native modules load from: the system's Lua 5.4 folders, where Debian's
    /// packages put them. Scripts can write files elsewhere, so no other folder is searched,
    /// whatever `package.cpath` says.
    public static let nativeLibraryPaths = [
        "/usr/local/lib/lua/5.4", "/usr/lib/x86_64-linux-gnu/lua/5.4", "/usr/lib/lua/5.4",
    ]
    .map { "\($0)/?.so" }

    let core: LuaCore

    public init(options: Options = Options()) throws(LuaError) {
        let failure = options.allocationFailure
        let box = WarningSink(options.warningHandler)
        guard
            let L = rb_newstate(
                max(0, options.memoryLimit), UInt(max(0, failure?.at ?? 0)),
                failure?.persistent == true ? 1 : 0, releaseNativeObject,
                warningEntry, Unmanaged.passUnretained(box).toOpaque())
        else {
            throw LuaError(kind: .memory, message: "not enough memory (cannot create a Lua state)")
        }
        core = LuaCore(main: L, warningSink: box)
        rb_setcollector(L, options.collector == .generational ? 1 : 0)
        do {
            try core.check(rb_openlibs(L, Self.nativeLibraryPaths.joined(separator: ";")), L)
            for path in Self.libraryPaths { try core.check(rb_addpath(L, "path", path), L) }
            if let confinement = options.confinement {
                let read = (confinement.readRoots + Self.libraryFolders).map(Confinement.resolved).joined(
                    separator: ";")
                let write = confinement.writeRoots.map(Confinement.resolved).joined(separator: ";")
                try core.check(rb_confine(L, read, write), L)
            }
        } catch {
            core.close()
            throw error
        }
        timeBudget = options.timeBudget
    }

    deinit { core.close() }

    /// Runs every pending finalizer and frees the interpreter. Later calls throw.
    public func close() { core.close() }

    public var isClosed: Bool { core.isClosed }

    // MARK: Limits

    /// Once the state is closed, the limits read 0 and setting them does nothing.
    public var memoryLimit: Int {
        get { core.isClosed ? 0 : Int(rb_memory_limit(core.main)) }
        set { if !core.isClosed { rb_set_memory_limit(core.main, max(0, newValue)) } }
    }

    public var timeBudget: Duration {
        get { core.isClosed ? .zero : .nanoseconds(Int64(rb_time_budget(core.main) * 1e9)) }
        set {
            guard !core.isClosed else { return }
            rb_set_time_budget(core.main, newValue.inSeconds)
        }
    }

    /// What other threads use to stop the running call (Ctrl-C): see `LuaInterrupter`.
    public var interrupter: LuaInterrupter { core.interrupter }

    // MARK: Statistics (0 once the state is closed)

    /// Bytes Lua has allocated now.
    public var memoryInUse: Int { core.isClosed ? 0 : Int(rb_memory_used(core.main)) }
    /// Allocations (and growing reallocations) since the state was created.
    public var allocationCount: Int { core.isClosed ? 0 : Int(rb_allocation_count(core.main)) }
    /// Swift objects and closures Lua currently holds a retain on.
    public var liveNativeObjects: Int { core.isClosed ? 0 : Int(rb_live_objects(core.main)) }
    /// Registry references currently held for Swift (by `LuaReference`s and object types).
    public var liveReferences: Int { core.isClosed ? 0 : Int(rb_live_refs(core.main)) }

    // MARK: Loading and running

    /// Compiles `source` (text only; precompiled chunks are refused) without running it.
    /// `chunkName` follows Lua: `@path` for a file, `=name` for anything else.
    public func load(_ source: String, chunkName: String) throws(LuaError) -> LuaFunction {
        var source = source
        return try source.withUTF8 { bytes in
            Result { () throws(LuaError) in try load(bytes: UnsafeRawBufferPointer(bytes), chunkName: chunkName) }
        }.get()
    }

    /// Compiles source bytes as Lua's lexer reads them: any text it accepts, UTF-8 or not.
    public func load(_ source: Data, chunkName: String) throws(LuaError) -> LuaFunction {
        try source.withUnsafeBytes { bytes in
            Result { () throws(LuaError) in try load(bytes: bytes, chunkName: chunkName) }
        }.get()
    }

    private func load(bytes: UnsafeRawBufferPointer, chunkName: String) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.reserve(1, L)
        let status = luaL_loadbufferx(
            L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, chunkName, "t")
        try core.check(status, L)
        return LuaFunction(try core.popReference(L))
    }

    /// Compiles a file; its chunk name is `@` followed by `displayPath` (the path as given when
    /// that is nil), so messages show the file the user edits.
    public func load(contentsOfFile path: String, displayPath: String? = nil) throws(LuaError) -> LuaFunction {
        let source: Data
        do {
            source = try FileContents.read(path)
        } catch {
            throw LuaError(kind: .file, message: error.description, source: displayPath ?? path)
        }
        return try load(source, chunkName: "@" + (displayPath ?? path))
    }

    /// Compiles and runs `source`, returning what the chunk returns.
    @discardableResult
    public func run(_ source: String, chunkName: String = "=(run)") throws(LuaError) -> [LuaValue] {
        try load(source, chunkName: chunkName).call()
    }

    /// Calls any callable value (a function, or a value with `__call`).
    @discardableResult
    public func call(_ callee: LuaValue, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try core.call(callee, arguments)
    }

    // MARK: Globals and values

    /// The global table `_G`.
    public func globals() throws(LuaError) -> LuaTable {
        let L = try core.thread()
        try core.reserve(1, L)
        rb_pushglobals(L)
        return LuaTable(try core.popReference(L))
    }

    public func global(_ name: String) throws(LuaError) -> LuaValue {
        try globals().get(name)
    }

    public func setGlobal(_ name: String, _ value: LuaValue) throws(LuaError) {
        try globals().set(name, value)
    }

    /// A new empty table.
    public func makeTable(arrayCapacity: Int = 0, recordCapacity: Int = 0) throws(LuaError) -> LuaTable {
        let L = try core.thread()
        try core.check(rb_newtable(L, Int32(clamping: arrayCapacity), Int32(clamping: recordCapacity)), L)
        return LuaTable(try core.popReference(L))
    }

    /// Lua's `tostring(value)`, honouring `__tostring` and `__name`.
    public func describe(_ value: LuaValue) throws(LuaError) -> String {
        let L = try core.thread()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        try core.push(value, L)
        try core.check(rb_tostring(L, -1), L)
        return core.string(at: -1, L) ?? ""
    }

    /// A Lua function that runs `body`. `name` appears in argument errors.
    public func makeFunction(named name: String, _ body: @escaping LuaNativeBody) throws(LuaError) -> LuaFunction {
        let L = try core.thread()
        try core.pushFunction(name: name, body: body, L)
        return LuaFunction(try core.popReference(L))
    }

    /// A Lua function over `LuaValue` arrays: simpler to write, slower than a `LuaNativeBody`.
    public func makeValueFunction(
        named name: String,
        _ body: @escaping ([LuaValue]) throws -> [LuaValue]
    ) throws(LuaError) -> LuaFunction {
        try makeFunction(named: name) { frame in
            let results = try body(try frame.arguments())
            for result in results { try frame.push(result) }
            return Int32(results.count)
        }
    }

    // MARK: Native objects

    /// A new kind of native object; `name` is its `__name` (shown by `tostring` and in errors).
    public func makeObjectType(named name: String) throws(LuaError) -> LuaObjectType {
        try core.makeObjectType(name: name)
    }

    /// The Lua value standing for `object`: the same userdata every time it is asked for.
    public func value(for object: some LuaNativeObject, type: LuaObjectType) throws(LuaError) -> LuaValue {
        let L = try core.thread()
        try core.pushObject(object, type: type, L)
        return .userdata(LuaUserdata(try core.popReference(L)))
    }

    /// The Swift object a native-object userdata stands for.
    public func object<T: AnyObject>(of value: LuaValue, as type: T.Type = T.self) -> T? {
        guard case .userdata(let userdata) = value, let L = try? core.thread(), lua_checkstack(L, 1) != 0
        else { return nil }
        userdata.reference.push(L)
        defer { lua_settop(L, -2) }
        return LuaFrame(L, core).object(-1, as: type)
    }

    /// Gives the running call a fresh time budget from now: a test runner's each test has
    /// the whole budget. Nothing happens outside a call.
    public func restartTimeBudget() {
        guard !core.isClosed, let runtime = rb_runtime_handle(core.main) else { return }
        rb_budget_restart(runtime)
    }

    /// Sets the globals `getfenv` and `setfenv` (Lua 5.1's, over a Lua function's `_ENV`),
    /// which tools written for 5.1 need (busted); scripts are not given them otherwise.
    public func openFunctionEnvironments() throws(LuaError) {
        let L = try core.thread()
        try core.check(rb_open_function_environments(L), L)
    }

    /// Runs a full garbage collection, finalizers included.
    public func collectGarbage() {
        guard !core.isClosed else { return }
        rb_collect(core.current)
        core.releasePending()
    }
}
