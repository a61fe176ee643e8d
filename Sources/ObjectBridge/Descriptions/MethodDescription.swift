import LuaRuntime

/// A method as scripts call it: `obj:collectionView_cellForItemAtIndexPath(cv, path)`.
public struct MethodDescription {
    /// The Lua name; each `_` stands for a `:` of the Objective-C selector.
    public let name: String
    public let parameters: [ScriptType]
    public let result: ScriptType
    /// Whether script subclasses may override it and native code then calls the override.
    public let overridable: Bool
    let body: NativeMemberBody
    /// For a value class's class method that makes a value from whole numbers: the value's
    /// size and where each number goes, so that the bridge makes it without calling `body`.
    var valueLayout: (size: Int, offsets: [Int])?

    @usableFromInline
    init(
        name: String, parameters: [ScriptType], result: ScriptType, overridable: Bool,
        body: @escaping NativeMemberBody
    ) {
        self.name = name
        self.parameters = parameters
        self.result = result
        self.overridable = overridable
        self.body = body
    }

    /// The Objective-C selector (`collectionView:cellForItemAtIndexPath:`).
    public var selector: String {
        parameters.isEmpty ? name : name.replacingOccurrences(of: "_", with: ":") + ":"
    }

    /// The name of each parameter: the selector part it follows.
    public var parameterNames: [String] {
        let parts = name.split(separator: "_").map(String.init)
        return parameters.indices.map { $0 < parts.count ? parts[$0] : "argument \($0 + 1)" }
    }
}
