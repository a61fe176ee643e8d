import LuaRuntime

extension ObjectBridge {
    /// Every module name: registered modules and the modules enums name.
    var moduleNames: Set<String> {
        Set(modules.keys).union(nativeClasses.flatMap { $0.enums.map(\.module) })
    }

    func installModules() throws {
        guard case .table(let package) = try state.global("package"),
              case .table(let preload) = try package.get("preload") else {
            throw BridgeError("the package library is missing")
        }
        for name in moduleNames {
            try preload.set(name, .function(function(named: "require \(name)") { [unowned(unsafe) self] call in
                try call.frame.push(.table(try self.moduleTable(name)))
                return 1
            }))
        }
    }

    /// The table `require(name)` returns (the same one every time).
    public func moduleTable(_ name: String) throws -> LuaTable {
        if let table = moduleTables[name] { return table }
        var entries: [(String, LuaValue)] = []
        for description in nativeClasses.flatMap(\.enums) where description.module == name {
            entries.append((description.name, .table(try enumTable(description))))
        }
        for (memberName, member) in modules[name]?.members ?? [] {
            switch member {
            case .constant(let value):
                entries.append((memberName, try state.withFrame { frame in
                    try value.push(to: BridgeCall(frame: frame, bridge: self))
                    return try frame.value(frame.top)
                }))
            case .function(let body):
                entries.append((memberName, .function(try function(named: "\(name).\(memberName)", body))))
            }
        }
        let table = try spellingTable("module \(name)", entries)
        moduleTables[name] = table
        return table
    }

    /// The table of an enum: numbers by member name, in both spellings.
    func enumTable(_ description: EnumDescription) throws -> LuaTable {
        let key = "\(description.module).\(description.name)"
        if let table = enumTables[key] { return table }
        let table = try spellingTable("enum \(description.name)",
                                      description.members.map { ($0.name, .integer(Int64($0.value))) })
        enumTables[key] = table
        return table
    }

    /// A read-only table of `entries` that also answers to the other spelling of each name
    /// (first letter in the other case) and names the closest member when asked for one it
    /// does not have. The entries live in a hidden table (`pairs` walks it), so that every
    /// assignment reaches `__newindex` and is refused.
    private func spellingTable(_ what: String, _ entries: [(String, LuaValue)]) throws -> LuaTable {
        let hidden = try state.makeTable(recordCapacity: entries.count)
        var byName: [String: LuaValue] = [:]
        for (name, value) in entries {
            try hidden.set(name, value)
            byName[name] = value
            byName[Self.otherSpelling(of: name)] = byName[Self.otherSpelling(of: name)] ?? value
        }
        let canonical = entries.map(\.0)
        let metatable = try state.makeTable()
        try metatable.set("__index", .function(function(named: "\(what) index") { call in
            let key = call.frame.type(2) == .string ? try call.frame.string(2) : call.describe(2)
            if let value = byName[key] {
                try call.frame.push(value)
                return 1
            }
            throw BridgeError("\(what) has no member '\(key)'" + Suggestion.phrase(for: key, among: canonical))
        }))
        try metatable.set("__newindex", .function(function(named: "\(what) newindex") { _ in
            throw BridgeError("\(what) is read-only")
        }))
        let next = try state.global("next")
        try metatable.set("__pairs", .function(function(named: "\(what) pairs") { call in
            try call.frame.push(next)
            try call.frame.push(.table(hidden))
            return 2
        }))
        let table = try state.makeTable()
        try table.setMetatable(metatable)
        return table
    }

    /// `FlexibleWidth` <-> `flexibleWidth`; all-capital prefixes (`NSFontAttributeName`) keep
    /// their case, as Bounces writes them.
    static func otherSpelling(of name: String) -> String {
        guard let first = name.first else { return name }
        if first.isUppercase {
            let second = name.dropFirst().first
            if second?.isUppercase == true { return name }
            return first.lowercased() + name.dropFirst()
        }
        return first.uppercased() + name.dropFirst()
    }
}
