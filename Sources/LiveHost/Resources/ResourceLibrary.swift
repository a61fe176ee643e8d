import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// `getResource`: binds resource files to objects' properties or to functions, and delivers
/// them again when they change.
///
/// Bindings live in a Lua table with weak keys, like message handlers, so a binding goes away
/// with its object. Binding the same name and type to the same property (or again to a
/// function) replaces the earlier binding.
final class ResourceLibrary {
    private let program: Program
    private unowned let world: UIWorld
    private unowned let bridge: ObjectBridge
    private let sizeLimit: Int
    private let bind: LuaFunction
    private let apply: LuaFunction
    private let deliverToAll: LuaFunction
    /// What arrays and dictionaries from JSON and property lists get: `count`,
    /// `objectAtIndex` and `objectForKey`, as CodeFlow's NSArray and NSDictionary have.
    private let tableMetatables: (array: LuaTable, dictionary: LuaTable)
    /// Every name and type bound so far, with the file it was found in.
    private(set) var bound: [ResourceKey: String?] = [:]

    init(program: Program, world: UIWorld, sizeLimit: Int) throws {
        let bridge = world.bridge
        self.program = program
        self.world = world
        self.bridge = bridge
        self.sizeLimit = sizeLimit
        let report = try bridge.state.makeFunction(named: "report resource error") { [unowned bridge] frame in
            bridge.report(LuaError(traced: try frame.string(2)), during: try frame.string(1), inHandler: true)
            return 0
        }
        let chunk = try bridge.state.load(Self.source, chunkName: "=(rebound resources)")
        guard case .table(let api) = try chunk.call(.function(report)).first,
            case .function(let bind) = try api.get("bind"), case .function(let apply) = try api.get("apply"),
            case .function(let deliver) = try api.get("deliver"), case .function(let global) = try api.get("global"),
            case .table(let unowned) = try api.get("unowned"), case .table(let arrays) = try api.get("arrayMetatable"),
            case .table(let dictionaries) = try api.get("dictionaryMetatable")
        else {
            throw ProjectError("the resource library did not load")
        }
        self.bind = bind
        self.apply = apply
        deliverToAll = deliver
        tableMetatables = (arrays, dictionaries)
        try api.set(
            "getUnowned",
            .function(
                bridge.state.makeFunction(named: "getResource") { [unowned self, unowned bridge] frame in
                    let call = BridgeCall(frame: frame, bridge: bridge)
                    let target =
                        frame.type(3) == .nil || frame.type(3) == .none
                        ? nil : try ResourceTarget.read(from: call, at: 3)
                    try frame.push(
                        try self.getResource(owner: .table(unowned), try frame.string(1), try frame.string(2), target))
                    return 1
                }))
        try bridge.state.setGlobal("getResource", .function(global))
        try bridge.register([
            NativeClass(extending: "NSObject", type: BridgeObject.self) { c in
                c.method("getResource") {
                    [unowned self] (object: BridgeObject, name: String, type: String, target: ResourceTarget?) in
                    try self.getResource(owner: try self.bridge.value(for: object), name, type, target)
                }
            }
        ])
    }

    /// `getResource(name, type, target)`: the resource's value now (nil, with a warning, when
    /// the file is missing). With a target, also binds the resource to it, which gets the
    /// value now and again every time the file changes (or appears).
    private func getResource(owner: LuaValue, _ name: String, _ typeName: String, _ target: ResourceTarget?) throws
        -> LuaValue
    {
        guard let type = ResourceType(scriptName: typeName) else {
            throw BridgeError(
                "getResource: unknown resource type '\(typeName)' (known types: "
                    + ResourceType.scriptNames.joined(separator: ", ") + ")"
                    + Suggestion.phrase(for: typeName, among: ResourceType.scriptNames))
        }
        if let problem = ProjectFiles.pathProblem(name) {
            throw BridgeError("getResource: the resource name '\(name)' must be a path inside the project (\(problem))")
        }
        let path = locate(name, type)
        if let target {
            try bind.call(owner, .string(name), .string(typeName), target.value)
            bound[ResourceKey(name: name, type: typeName)] = path
        }
        guard let path else {
            bridge.report(
                .warning,
                "getResource: no \(typeName) resource '\(name)' in the project (looked for "
                    + type.fileNames(for: name).joined(separator: ", ") + ")"
                    + (target == nil ? "" : "; it is delivered when it appears"))
            return .nil
        }
        let value: LuaValue
        do {
            value = try load(path, type)
        } catch let error as ResourceError {
            throw BridgeError("getResource: \(error.description)")
        }
        if let target { try apply.call(owner, target.value, value) }
        return value
    }

    /// The keys whose file is `path` now, or was before (a resource file changed, appeared,
    /// or went away); their file is looked up again.
    func keys(affectedBy path: String) -> [ResourceKey] {
        var affected: [ResourceKey] = []
        let files = program.files()
        for (key, known) in bound {
            guard let type = ResourceType(scriptName: key.type) else { continue }
            let now = locate(key.name, type, among: files)
            if now == path || known == path {
                bound[key] = now
                affected.append(key)
            }
        }
        return affected.sorted { ($0.name, $0.type) < ($1.name, $1.type) }
    }

    /// Delivers the resource again to every binding; returns the file and how many bindings
    /// got it. `saved`: the file's bytes as the host read them for the save, which are what is
    /// delivered (the file is read when the resource's file is not the one saved). Throws
    /// `ResourceError` when the file is missing or malformed.
    func deliver(_ key: ResourceKey, saved: (path: String, bytes: Data)?) throws -> (path: String, count: Int) {
        guard let type = ResourceType(scriptName: key.type), let path = bound[key] ?? nil else {
            throw ResourceError(
                "the \(key.type) resource '\(key.name)' is no longer in the project; its last value stays")
        }
        let value = try load(path, type, bytes: saved?.path == path ? saved?.bytes : nil)
        let count = try deliverToAll.call(.string(key.name), .string(key.type), value).first?.integerValue ?? 0
        return (path, Int(count))
    }

    private func load(_ path: String, _ type: ResourceType, bytes: Data? = nil) throws -> LuaValue {
        try ResourceDecoder.decode(
            path, of: program, as: type, bytes: bytes, sizeLimit: sizeLimit, world: world,
            tableMetatables: tableMetatables)
    }

    /// The program's file of a resource: one of its file names from the top of the source folder,
    /// else the first file (by path, out of `files`, the program's when nil) with one of them in
    /// a subfolder.
    func locate(_ name: String, _ type: ResourceType, among files: [String]? = nil) -> String? {
        let candidates = type.fileNames(for: name)
        if let direct = candidates.first(where: program.exists) {
            return direct
        }
        return (files ?? program.files()).first { path in
            candidates.contains { path.hasSuffix("/" + $0) }
        }
    }

    private static let source = String(decoding: PackageResources.resources_lua, as: UTF8.self)
}
