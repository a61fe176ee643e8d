import Foundation
import LuaRuntime

/// A C struct scripts pass as a table with the struct's field names (`{x = 1, y = 2}`) or
/// build with `struct.Name(...)`; struct values read from objects are such tables too.
public protocol ScriptStruct: ScriptConvertible {
    static var structName: String { get }
    /// The field names in the order `struct.Name(...)` takes them.
    static var fieldNames: [String] { get }
    /// Builds the struct from `struct.Name(...)`'s numbers, in `fieldNames` order.
    init(constructorValues: UnsafeMutableBufferPointer<Double>)
    /// The fields `struct.Name(...)` fills in when a script leaves them out (zeros unless a
    /// struct says otherwise, as a transform's identity does).
    static var constructorDefaults: [Double] { get }
}

extension ScriptStruct {
    public static var scriptType: ScriptType { .structure(structName) }
    public static var constructorDefaults: [Double] { Array(repeating: 0, count: fieldNames.count) }
}

/// The structs the bridge itself knows; higher layers add theirs (`ObjectBridge.init(structs:)`).
let foundationStructs: [any ScriptStruct.Type] = [CGPoint.self, CGSize.self, CGRect.self, NSRange.self]
