import LuaRuntime

extension ObjectBridge {
    /// Lua strings act as NSString: their metatable's `__index` becomes NSString's instance
    /// dispatch, whose methods table also holds the string library's functions, so that
    /// `s:upper()`, `text.length` and CodeFlow's `text:lowercaseString()` all work.
    func installStringMethods() throws {
        guard let nsString = classes["NSString"],
            case .table(let library) = try state.global("string"),
            let metatable = try state.metatable(of: .string(""))
        else { return }
        for (key, value) in try library.pairs() {
            guard case .string(let name) = key, try nsString.tables.method(name) == .nil else { continue }
            try nsString.tables.setMethod(key, value)
        }
        try state.shareInstanceMembers(of: nsString.instanceType.metatable, with: metatable)
    }
}
