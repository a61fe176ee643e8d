import LuaRuntime

/// A script class as it was before a module ran, to put back if the run fails.
private struct ClassState {
    let cls: ClassObject
    let tables: LuaClassTables.Snapshot
    let fields: [(key: LuaValue, value: LuaValue)]
    let declaredProtocols: Set<String>
    let actionMethods: Set<String>
    let scriptMethods: [String: LuaFunction]
    let scriptClassMethods: [String: LuaFunction]
    let scriptProperties: Set<String>

    init(_ cls: ClassObject) throws {
        self.cls = cls
        tables = try cls.tables.snapshot()
        fields = try cls.fields.pairs()
        declaredProtocols = cls.declaredProtocols
        actionMethods = cls.actionMethods
        scriptMethods = cls.scriptMethods
        scriptClassMethods = cls.scriptClassMethods
        scriptProperties = cls.scriptProperties
    }

    func restore() throws {
        try cls.tables.restore(tables)
        try cls.fields.replaceContents(with: fields)
        cls.declaredProtocols = declaredProtocols
        cls.actionMethods = actionMethods
        cls.scriptMethods = scriptMethods
        cls.scriptClassMethods = scriptClassMethods
        cls.scriptProperties = scriptProperties
    }
}

extension ObjectBridge {
    /// Runs `body`, the top level of script module `name`, so that it can be run again in
    /// place: what it defines on classes is recorded, and after a successful run the members
    /// its previous run defined and this one did not are removed. If `body` throws, every
    /// script class is put back exactly as it was (members, fields, protocols, action
    /// methods), classes it created are forgotten, and the error is rethrown.
    public func runModule<Result>(named name: String, _ body: () throws -> Result) throws -> Result {
        let before = try classes.values.filter(\.isScriptClass).map(ClassState.init)
        let ledgerBefore = ledger
        restartReason = nil
        ledger.running.append((name, []))
        let result: Result
        do {
            result = try body()
        } catch {
            try rollBack(to: before, ledger: ledgerBefore)
            throw error
        }
        let members = ledger.running.removeLast().members
        let stale = ledger.defined[name, default: []].subtracting(members)
        for member in stale where ledger.owners[member] == name {
            try remove(member)
            ledger.owners[member] = nil
        }
        ledger.defined[name] = members
        for member in members { ledger.owners[member] = name }
        return result
    }

    private func rollBack(to states: [ClassState], ledger previous: ModuleLedger) throws {
        let kept = Set(states.map { ObjectIdentifier($0.cls) })
        for cls in classes.values where cls.isScriptClass && !kept.contains(ObjectIdentifier(cls)) {
            forgetClass(named: cls.name)
        }
        for state in states { try state.restore() }
        ledger = previous
    }

    /// Notes that the running module (if any) defined `name` on `cls`.
    func recordDefinition(_ kind: ModuleMember.Kind, _ name: String, on cls: ClassObject) {
        guard let last = ledger.running.indices.last else { return }
        ledger.running[last].members.insert(ModuleMember(className: cls.name, kind: kind, name: name))
    }

    private func remove(_ member: ModuleMember) throws {
        guard let cls = classes[member.className] else { return }
        switch member.kind {
        case .method: try removeMethod(member.name, from: cls)
        case .property:
            if cls.scriptProperties.remove(member.name) != nil { try cls.tables.setProperty(member.name, .nil) }
        case .classMethod:
            if cls.scriptClassMethods.removeValue(forKey: member.name) != nil {
                try cls.tables.setClassMethod(member.name, .nil)
            }
        case .protocolDeclaration: cls.declaredProtocols.remove(member.name)
        case .actionMethod: cls.actionMethods.remove(member.name)
        }
    }
}
