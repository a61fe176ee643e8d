import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge

/// The variables a client sees while the program is held: scopes and the values it expands,
/// each under a number (`variablesReference`) valid until the program goes on.
final class DebugVariables {
    enum Container {
        case locals(frame: Int)
        case upvalues(frame: Int)
        case globals
        case value(LuaValue)
    }

    /// How many entries of one table or object are shown.
    static let entryLimit = 1000
    /// The longest value text shown.
    static let textLimit = 400

    private var containers: [Int: Container] = [:]

    func reset() { containers = [:] }

    func handle(for container: Container) -> Int {
        let handle = containers.count + 1
        containers[handle] = container
        return handle
    }

    func container(_ handle: Int) -> Container? { containers[handle] }

    /// A DAP `Variable` for a value.
    func variable(_ name: String, _ value: LuaValue, in context: LiveContext) -> DAPBodies.Variable {
        var text = context.console.format(value)
        if text.count > Self.textLimit { text = String(text.prefix(Self.textLimit)) + "…" }
        return DAPBodies.Variable(
            name: name, value: text, type: typeName(of: value, in: context),
            variablesReference: reference(for: value, in: context))
    }

    /// The number under which the client can expand `value`; 0 when it holds nothing to show.
    func reference(for value: LuaValue, in context: LiveContext) -> Int {
        isExpandable(value, in: context) ? handle(for: .value(value)) : 0
    }

    private func isExpandable(_ value: LuaValue, in context: LiveContext) -> Bool {
        switch value {
        case .table(let table): (try? table.pairs().isEmpty) == false
        case .userdata: context.bridge.state.object(of: value, as: BridgeObject.self) != nil
        default: false
        }
    }

    private func typeName(of value: LuaValue, in context: LiveContext) -> String {
        guard let object = context.bridge.state.object(of: value, as: BridgeObject.self) else { return value.typeName }
        return (try? context.bridge.classObject(for: object).name) ?? value.typeName
    }

    /// What a value holds: a table's entries; an object's properties, then its script fields.
    func children(of value: LuaValue, in context: LiveContext) -> [(name: String, value: LuaValue)] {
        switch value {
        case .table(let table):
            guard let entries = try? table.pairs() else { return [] }
            return entries.prefix(Self.entryLimit).map { (key(for: $0.key, in: context), $0.value) }
                .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        case .userdata(let userdata):
            guard let object = context.bridge.state.object(of: value, as: BridgeObject.self) else { return [] }
            var result = properties(of: value, object, in: context)
            if case .table(let fields)? = userdata.userValue(1), let entries = try? fields.pairs() {
                result += entries.prefix(Self.entryLimit).map { (key(for: $0.key, in: context), $0.value) }
                    .sorted { $0.name < $1.name }
            }
            return result
        default:
            return []
        }
    }

    private func key(for key: LuaValue, in context: LiveContext) -> String {
        if case .string(let name) = key { return name }
        return "[" + context.console.format(key) + "]"
    }

    /// Reads each property as a script would (`object.name`), leaving out those that raise.
    private func properties(of value: LuaValue, _ object: BridgeObject, in context: LiveContext) -> [(
        name: String, value: LuaValue
    )] {
        let state = context.bridge.state
        guard let names = try? context.bridge.classObject(for: object).propertyNames, !names.isEmpty,
            let reader = try? state.load(Self.propertyReader, chunkName: "=(rebound debugger)"),
            let list = try? state.makeTable(arrayCapacity: names.count)
        else { return [] }
        for (index, name) in names.prefix(Self.entryLimit).enumerated() {
            try? list.set(.integer(Int64(index + 1)), .string(name))
        }
        guard case .table(let found)? = try? reader.call(value, .table(list)).first else { return [] }
        return names.prefix(Self.entryLimit).enumerated().compactMap { index, name in
            guard case .table(let pair)? = try? found.get(.integer(Int64(index + 1))) else { return nil }
            return (name, (try? pair.get(.integer(1))) ?? .nil)
        }
    }

    private static let propertyReader = """
        local object, names = ...
        local found = {}
        for i = 1, #names do
            local ok, value = pcall(function() return object[names[i]] end)
            if ok then found[i] = {value} end
        end
        return found
        """
}
