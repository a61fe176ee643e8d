import Foundation
import LuaRuntime

/// A struct made of two flat structs of one type, each a nested table in its record
/// (Texture's `ASSizeRange` is `{ min = CGSize, max = CGSize }`).
public protocol PairedScriptStruct: ScriptStruct {
    associatedtype Part: FlatScriptStruct
    /// The names of the two nested fields, in order.
    static var partNames: (String, String) { get }
    init(_ first: Part, _ second: Part)
    var parts: (Part, Part) { get }
}

extension PairedScriptStruct {
    public static var fieldNames: [String] {
        Part.fieldNames.map { partNames.0 + $0.capitalizedFirst }
            + Part.fieldNames.map { partNames.1 + $0.capitalizedFirst }
    }

    public static var recordFields: [(name: String, type: ScriptType)] {
        [(partNames.0, .structure(Part.structName)), (partNames.1, .structure(Part.structName))]
    }

    public init(constructorValues values: UnsafeMutableBufferPointer<Double>) {
        let half = Part.fieldNames.count
        let first = UnsafeMutableBufferPointer(rebasing: values[0..<half])
        let second = UnsafeMutableBufferPointer(rebasing: values[half..<(2 * half)])
        self.init(Part(fields: first), Part(fields: second))
    }

    public var constructorValues: [Double] { parts.0.fields + parts.1.fields }

    public static func recordShape(in keys: StructKeys) -> LuaRecordShape? { keys.paired[ObjectIdentifier(Self.self)] }

    private static func registeredShape(_ keys: StructKeys) throws -> LuaRecordShape {
        guard let shape = keys.paired[ObjectIdentifier(Self.self)] else {
            throw ScriptValueError("struct \(structName) is not registered with the bridge")
        }
        return shape
    }

    /// Reads `{ min = {...}, max = {...} }`; errors name the nested field (`max.width`).
    public static func read(from call: BridgeCall, at position: Int32) throws -> Self {
        let shape = try registeredShape(call.keys)
        return try call.readStruct(structName, at: position) {
            func part(_ key: LuaKey) throws -> Part {
                try call.frame.withField(position, key) { field in
                    switch call.frame.type(field) {
                    case .table: return try Part.read(call, field, path: key.name + ".")
                    case .nil: throw ScriptValueError("field '\(key.name)' is missing")
                    default: throw ScriptValueError("field '\(key.name)' is a \(call.describe(field)), not a table")
                    }
                }
            }
            return Self(try part(shape.keys[0]), try part(shape.keys[1]))
        }
    }

    /// One table and its two nested tables, made in one protected call.
    public func push(to call: BridgeCall) throws {
        let shape = try Self.registeredShape(call.keys)
        try constructorValues.withUnsafeBufferPointer { try call.frame.pushRecord(shape, $0) }
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
