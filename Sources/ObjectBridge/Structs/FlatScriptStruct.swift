import Foundation
import LuaRuntime

/// A struct whose fields are all numbers: read in one pass and pushed as one record, by the
/// default implementations here.
public protocol FlatScriptStruct: ScriptStruct {
    /// Its record shape among the bridge's interned keys (by default the one the bridge made
    /// for it when the struct was registered).
    static func shape(in keys: StructKeys) throws -> LuaRecordShape
    /// Builds the struct from its fields, in `fieldNames` order.
    init(fields: UnsafeMutableBufferPointer<Double>)
    /// Its fields, in `fieldNames` order.
    var fields: [Double] { get }
    /// Runs `body` with its fields in order (a struct that keeps them in place lends them
    /// without making an array).
    func withFields<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R
}

extension FlatScriptStruct {
    public init(constructorValues: UnsafeMutableBufferPointer<Double>) {
        self.init(fields: constructorValues)
    }

    public var constructorValues: [Double] { fields }

    public static func recordShape(in keys: StructKeys) -> LuaRecordShape? { try? shape(in: keys) }

    public var containsNaN: Bool { withFields { $0.contains(where: \.isNaN) } }

    public func withFields<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try fields.withUnsafeBufferPointer(body)
    }

    public static func shape(in keys: StructKeys) throws -> LuaRecordShape {
        guard let shape = keys.registered[ObjectIdentifier(Self.self)] else {
            throw ScriptValueError("struct \(structName) is not registered with the bridge")
        }
        return shape
    }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Self {
        try call.readStruct(structName, at: position) { try read(call, position, path: "") }
    }

    /// The struct in the table at `table`; `path` names its fields in errors (`origin.`).
    static func read(_ call: BridgeCall, _ table: Int32, path: String) throws -> Self {
        try call.numbers(table, shape(in: call.keys), path: path) { Self(fields: $0) }
    }

    public func push(to call: BridgeCall) throws {
        let shape = try Self.shape(in: call.keys)
        try withFields { try call.frame.pushRecord(shape, $0) }
    }
}
