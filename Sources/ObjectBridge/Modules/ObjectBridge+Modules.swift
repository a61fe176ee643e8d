import LuaRuntime

extension ObjectBridge {
    /// Every module name: one per SDK header whose classes, structs or enums the bridge has,
    /// and the modules registered with constants.
    public var moduleNames: Set<String> {
        Set(modules.keys).union(allEnums.map(\.module))
            .union(nativeClasses.compactMap(\.header)).union(structModuleMembers.keys).union(moduleAliases.keys)
    }

    /// Modules that are another module's table under a second name: a class's own name for a
    /// class whose header has another (`Foundation.NSPropertyListSerialization` is
    /// `Foundation.NSPropertyList`), as Rebound named them before it followed the SDK's headers.
    public var moduleAliases: [String: String] {
        Dictionary(
            nativeClasses.compactMap { description in
                guard let alias = description.classNamedModule, let header = description.header else { return nil }
                return (alias, header)
            }, uniquingKeysWith: { first, _ in first })
    }

    func installModules() throws {
        guard case .table(let package) = try state.global("package"),
            case .table(let preload) = try package.get("preload"),
            case .table(let searchers) = try package.get("searchers")
        else {
            throw BridgeError("the package library is missing")
        }
        for name in moduleNames {
            try preload.set(
                name,
                .function(
                    function(named: "require \(name)") { [unowned(unsafe) self] call in
                        try call.frame.push(.table(try self.moduleTable(name)))
                        return 1
                    }))
        }
        // After the preload searcher, before the file searchers.
        try searchers.insert(.function(unavailableModuleSearcher()), at: 2)
    }

    /// A searcher that stops `require` of an SDK module Rebound does not provide with that
    /// fact and the closest modules it has, rather than with the list of files Lua looked for.
    private func unavailableModuleSearcher() throws -> LuaFunction {
        try function(named: "SDK module searcher") { [unowned(unsafe) self] call in
            guard call.frame.type(1) == .string else { return 0 }
            let name = try call.frame.string(1)
            guard let framework = name.split(separator: ".").first, name.contains("."),
                SDKFrameworks.known.contains(String(framework))
            else { return 0 }
            let closest = Suggestion.nearest(to: name, among: self.moduleNames, count: 3)
            throw BridgeError(
                "\(name) is not available in Rebound"
                    + (closest.isEmpty ? "" : " (closest modules: \(closest.joined(separator: ", ")))"))
        }
    }

    /// Every enum: those that hang off classes, and those of modules alone.
    public var allEnums: [EnumDescription] {
        nativeClasses.flatMap(\.enums) + modules.values.flatMap(\.enums)
    }

    /// The table `require(name)` returns (the same one every time).
    public func moduleTable(_ name: String) throws -> LuaTable {
        if let table = moduleTables[name] { return table }
        if let header = moduleAliases[name] { return try moduleTable(header) }
        var entries: [(String, ModuleEntry)] = []
        for description in allEnums where description.module == name {
            let table = ModuleEntry.value(.table(try enumTable(description)))
            for enumName in [description.name] + description.aliases { entries.append((enumName, table)) }
        }
        for (memberName, member) in (modules[name]?.members ?? []) + (structModuleMembers[name] ?? []) {
            switch member {
            case .constant(let value as any ScriptStruct):
                entries.append((memberName, .fresh(value)))
            case .constant(let value):
                entries.append(
                    (
                        memberName,
                        .value(
                            try state.withFrame { frame in
                                try value.push(to: BridgeCall(frame: frame, bridge: self))
                                return try frame.value(frame.top)
                            })
                    ))
            case .function(let body):
                entries.append((memberName, .value(.function(try function(named: "\(name).\(memberName)", body)))))
            }
        }
        let table = try spellingTable(
            "module \(name)", entries,
            elsewhere: { [unowned self] key in
                let others = self.modules(having: key).filter { $0 != name }
                guard !others.isEmpty else { return "" }
                return "; it is in " + others.map { "require \"\($0)\"" }.joined(separator: " and ")
            })
        moduleTables[name] = table
        return table
    }

    /// The table of an enum: numbers by member name, in both spellings.
    func enumTable(_ description: EnumDescription) throws -> LuaTable {
        let key = "\(description.module).\(description.name)"
        if let table = enumTables[key] { return table }
        let table = try spellingTable(
            "enum \(description.name)",
            description.members.map { ($0.name, .value(.integer(Int64($0.value)))) })
        enumTables[key] = table
        return table
    }

    /// A module or enum member: a value, or a struct pushed anew at every read (so that a
    /// script changing the fields of `CaTransform3D.Identity` changes only its own copy).
    private enum ModuleEntry {
        case value(LuaValue)
        case fresh(any ScriptConvertible)
    }

    /// A read-only table of `entries` that also answers to the other spelling of each name
    /// (first letter in the other case) and names the closest member when asked for one it
    /// does not have. The entries live in a hidden table (`pairs` walks it), so that every
    /// assignment reaches `__newindex` and is refused.
    /// The binding modules with a member `name`, in either spelling: where a missing
    /// member of another module lives.
    func modules(having name: String) -> [String] {
        let spellings = [name, Self.otherSpelling(of: name)]
        var found: Set<String> = []
        for description in allEnums where !Set([description.name] + description.aliases).isDisjoint(with: spellings) {
            found.insert(description.module)
        }
        let members = modules.mapValues { $0.members.map(\.0) }.merging(
            structModuleMembers.mapValues { $0.map(\.name) }, uniquingKeysWith: +)
        for (module, names) in members where names.contains(where: spellings.contains) { found.insert(module) }
        return found.sorted()
    }

    private func spellingTable(
        _ what: String, _ entries: [(String, ModuleEntry)], elsewhere: @escaping (String) -> String = { _ in "" }
    ) throws -> LuaTable {
        let hidden = try state.makeTable(recordCapacity: entries.count)
        var byName: [String: ModuleEntry] = [:]
        for (name, entry) in entries {
            switch entry {
            case .value(let value): try hidden.set(name, value)
            case .fresh(let value):
                try hidden.set(
                    name,
                    try state.withFrame { frame in
                        try value.push(to: BridgeCall(frame: frame, bridge: self))
                        return try frame.value(frame.top)
                    })
            }
            byName[name] = entry
            byName[Self.otherSpelling(of: name)] = byName[Self.otherSpelling(of: name)] ?? entry
        }
        let canonical = entries.map(\.0)
        let metatable = try state.makeTable()
        try metatable.set(
            "__index",
            .function(
                function(named: "\(what) index") { call in
                    let key = call.frame.type(2) == .string ? try call.frame.string(2) : call.describe(2)
                    switch byName[key] {
                    case .value(let value): try call.frame.push(value)
                    case .fresh(let value): try value.push(to: call)
                    case nil:
                        throw BridgeError(
                            "\(what) has no member '\(key)'" + Suggestion.phrase(for: key, among: canonical)
                                + elsewhere(key))
                    }
                    return 1
                }))
        try metatable.set(
            "__newindex",
            .function(
                function(named: "\(what) newindex") { _ in
                    throw BridgeError("\(what) is read-only")
                }))
        let next = try state.global("next")
        try metatable.set(
            "__pairs",
            .function(
                function(named: "\(what) pairs") { call in
                    try call.frame.push(next)
                    try call.frame.push(.table(hidden))
                    return 2
                }))
        let table = try state.makeTable()
        try table.setMetatable(metatable)
        return table
    }

    /// The other spelling scripts may use for a name: `FlexibleWidth` <-> `flexibleWidth`;
    /// all-capital prefixes (`NSFontAttributeName`) keep their case, as Bounces writes them.
    public static func otherSpelling(of name: String) -> String {
        guard let first = name.first else { return name }
        if first.isUppercase {
            let second = name.dropFirst().first
            if second?.isUppercase == true { return name }
            return first.lowercased() + name.dropFirst()
        }
        return first.uppercased() + name.dropFirst()
    }
}
