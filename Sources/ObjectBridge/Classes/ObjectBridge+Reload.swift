import LuaRuntime

extension ObjectBridge {
    /// Runs `body`, the top level of script module `name`, so that it can be run again in
    /// place: what it defines on classes is recorded, and after a successful run the members
    /// its previous run defined and this one did not are removed. If `body` throws, every
    /// script class is put back exactly as it was (members, fields, protocols, action
    /// methods), classes it created are forgotten, and the error is rethrown.
    public func runModule<Result>(named name: String, _ body: () throws -> Result) throws -> Result {
        let before = try classes.values.filter { $0.isScriptClass || $0.isExtended }.map(ClassCheckpoint.init)
        let structMethodsBefore = scriptStructMethods
        let ledgerBefore = ledger
        restartReason = nil
        ledger.running.append((name, [], []))
        let result: Result
        do {
            result = try body()
        } catch {
            let extendedDuringRun = ledger.running.last?.firstChanges ?? []
            try rollBack(to: before, ledger: ledgerBefore)
            for checkpoint in extendedDuringRun {
                try checkpoint.restore()
                checkpoint.cls.isExtended = false
            }
            try restoreStructMethods(structMethodsBefore)
            throw error
        }
        let (_, members, firstChanges) = ledger.running.removeLast()
        if let parent = ledger.running.indices.last { ledger.running[parent].firstChanges += firstChanges }
        let stale = ledger.defined[name, default: []].subtracting(members)
        for member in stale where ledger.owners[member] == name {
            try remove(member)
            ledger.owners[member] = nil
        }
        ledger.defined[name] = members
        for member in members { ledger.owners[member] = name }
        try warnOfActionMethodsWithoutMethods(among: members, module: name)
        return result
    }

    /// An action method a module declared but never defined would fail only when a control
    /// sends it: said once the module has run.
    private func warnOfActionMethodsWithoutMethods(among members: Set<ModuleMember>, module: String) throws {
        for member in members.sorted(by: { ($0.className, $0.name) < ($1.className, $1.name) })
        where member.kind == .actionMethod {
            guard let cls = classes[member.className], try cls.tables.method(member.name).functionValue == nil else {
                continue
            }
            report(
                .warning,
                "module \(module): \(cls.name) declares the action method '\(member.name)' but defines no method of that name"
                    + Suggestion.phrase(for: member.name, among: cls.instanceMemberNames))
        }
    }

    private func rollBack(to states: [ClassCheckpoint], ledger previous: ModuleLedger) throws {
        let kept = Set(states.map { ObjectIdentifier($0.cls) })
        for cls in classes.values where cls.isScriptClass && !kept.contains(ObjectIdentifier(cls)) {
            forgetClass(named: cls.name)
        }
        for state in states { try state.restore() }
        ledger = previous
    }

    /// Call before a script changes `cls`: a native class a script changes for the first time
    /// becomes extended, and when a module is running it is saved first, so that the run can
    /// put it back if it fails.
    func willChange(_ cls: ClassObject) throws {
        guard !cls.isScriptClass, !cls.isExtended else { return }
        if let last = ledger.running.indices.last { ledger.running[last].firstChanges.append(try ClassCheckpoint(cls)) }
        cls.isExtended = true
    }

    /// Notes that the running module (if any) defined `name` on `cls`.
    func recordDefinition(_ kind: ModuleMember.Kind, _ name: String, on cls: ClassObject) {
        recordDefinition(kind, name, ofType: cls.name)
    }

    /// Notes that the running module (if any) defined `name` on the class or struct `typeName`.
    func recordDefinition(_ kind: ModuleMember.Kind, _ name: String, ofType typeName: String) {
        guard let last = ledger.running.indices.last else { return }
        ledger.running[last].members.insert(ModuleMember(className: typeName, kind: kind, name: name))
    }

    private func remove(_ member: ModuleMember) throws {
        if member.kind == .structMethod { return try removeStructMethod(member.name, of: member.className) }
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
        case .structMethod: break
        }
    }
}
