/// What the registry knows of a struct type, for tools (editor annotations): its fields, the
/// methods of its values, and the functions its header's binding module has for it.
public struct StructDescription {
    public let name: String
    /// The field names, in the order `struct.Name(...)` takes them.
    public let fields: [String]
    /// The fields of its tables as scripts read them, with their types.
    public let recordFields: [(name: String, type: ScriptType)]
    /// The binding module of its SDK header (`CoreGraphics.CGGeometry`).
    public let header: String
    public let methods: [FunctionDescription]
    public let functions: [FunctionDescription]
}

/// A native function or a struct's method as scripts call it: its parameters (without the
/// receiver), their names, and its result.
public struct FunctionDescription {
    public let name: String
    public let parameters: [ScriptType]
    public let parameterNames: [String]
    public let result: ScriptType
}
