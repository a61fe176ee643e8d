import Foundation
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
    private unowned let bridge: ObjectBridge
    private let sizeLimit: Int
    private let bind: LuaFunction
    private let apply: LuaFunction
    private let deliverToAll: LuaFunction
    /// Every name and type bound so far, with the file it was found in.
    private(set) var bound: [ResourceKey: String?] = [:]

    init(program: Program, bridge: ObjectBridge, sizeLimit: Int) throws {
        self.program = program
        self.bridge = bridge
        self.sizeLimit = sizeLimit
        let report = try bridge.state.makeFunction(named: "report resource error") { [unowned bridge] frame in
            bridge.report(LuaError(traced: try frame.string(2)), during: try frame.string(1), inHandler: true)
            return 0
        }
        let chunk = try bridge.state.load(Self.source, chunkName: "=(rebound resources)")
        guard case .table(let api) = try chunk.call(.function(report)).first,
              case .function(let bind) = try api.get("bind"), case .function(let apply) = try api.get("apply"),
              case .function(let deliver) = try api.get("deliver"), case .function(let global) = try api.get("global") else {
            throw ProjectError("the resource library did not load")
        }
        self.bind = bind
        self.apply = apply
        deliverToAll = deliver
        try bridge.state.setGlobal("getResource", .function(global))
        try bridge.register([NativeClass(extending: "NSObject", type: BridgeObject.self) { c in
            c.method("getResource") { [unowned self] (object: BridgeObject, name: String, type: String, target: ResourceTarget) in
                try self.getResource(object, name, type, target)
            }
        }])
    }

    /// `obj:getResource(name, type, target)`: binds, then delivers at once when the file is
    /// there (a missing file is a warning; it is delivered when it appears).
    private func getResource(_ object: BridgeObject, _ name: String, _ typeName: String, _ target: ResourceTarget) throws {
        guard let type = ResourceType(scriptName: typeName) else {
            throw BridgeError("getResource: unknown resource type '\(typeName)' (use \(ResourceType.scriptNames.joined(separator: ", ")))"
                + Suggestion.phrase(for: typeName, among: ResourceType.scriptNames))
        }
        if let problem = ProjectFiles.pathProblem(name) {
            throw BridgeError("getResource: the resource name '\(name)' must be a path inside the project (\(problem))")
        }
        let key = ResourceKey(name: name, type: typeName)
        let objectValue = try bridge.value(for: object)
        try bind.call(objectValue, .string(name), .string(typeName), target.value)
        let path = locate(name, type)
        bound[key] = path
        guard let path else {
            bridge.report(.warning, "getResource: no \(typeName) resource '\(name)' in the project (looked for "
                + type.fileNames(for: name).joined(separator: ", ") + "); it is delivered when it appears")
            return
        }
        do {
            try apply.call(objectValue, target.value, try load(path, type))
        } catch let error as ResourceError {
            throw BridgeError("getResource: \(error.description)")
        }
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

    /// Reads the resource again and delivers it to every binding; returns the file and how
    /// many bindings got it. Throws `ResourceError` when the file is missing or malformed.
    func deliver(_ key: ResourceKey) throws -> (path: String, count: Int) {
        guard let type = ResourceType(scriptName: key.type), let path = bound[key] ?? nil else {
            throw ResourceError("the \(key.type) resource '\(key.name)' is no longer in the project; its last value stays")
        }
        let value = try load(path, type)
        let count = try deliverToAll.call(.string(key.name), .string(key.type), value).first?.integerValue ?? 0
        return (path, Int(count))
    }

    private func load(_ path: String, _ type: ResourceType) throws -> LuaValue {
        try ResourceDecoder.decode(path, of: program, as: type, sizeLimit: sizeLimit, bridge: bridge)
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

    private static let source = #"""
    local report = ...
    local bindings = setmetatable({}, { __mode = "k" })   -- object -> { slot -> binding }
    local order = 0
    local format = string.format

    local function slot(name, kind, target)
        return name .. "\0" .. kind .. "\0" .. (type(target) == "string" and target or "(function)")
    end

    local function bind(object, name, kind, target)
        local list = bindings[object]
        if list == nil then
            list = {}
            bindings[object] = list
        end
        order = order + 1
        list[slot(name, kind, target)] = { order = order, name = name, kind = kind, target = target }
    end

    local function apply(object, target, value)
        if type(target) == "string" then
            object[target] = value
        else
            target(object, value)
        end
    end

    -- Delivers to every binding of name and kind, in binding order; a failing setter is
    -- reported and the others still get the value.
    local function deliver(name, kind, value)
        local entries = {}
        for object, list in pairs(bindings) do
            for _, binding in pairs(list) do
                if binding.name == name and binding.kind == kind then entries[#entries + 1] = { binding, object } end
            end
        end
        table.sort(entries, function(a, b) return a[1].order < b[1].order end)
        for _, entry in ipairs(entries) do
            local binding, object = entry[1], entry[2]
            local ok, err = xpcall(apply, debug.traceback, object, binding.target, value)
            if not ok then
                report(format("delivering the %s resource '%s' to %s", kind, name,
                              type(binding.target) == "string" and ("property '" .. binding.target .. "' of " .. tostring(object))
                                                             or tostring(object)), tostring(err))
            end
        end
        return #entries
    end

    -- CodeFlow's spelling: getResource(name, type, object, "property" | function).
    local function global(name, kind, object, target)
        if type(object) ~= "userdata" then
            error(format("bad argument #3 (object) to 'getResource' (object expected, got %s)", type(object)), 2)
        end
        return object:getResource(name, kind, target)
    end

    return { bind = bind, apply = apply, deliver = deliver, global = global }
    """#
}
