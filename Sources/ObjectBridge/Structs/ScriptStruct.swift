import Foundation
import LuaRuntime

/// A C struct scripts pass as a table with the struct's field names (`{x = 1, y = 2}`) or
/// build with `struct.Name(...)`. Struct values the bridge hands to scripts are such tables
/// with the struct's metatable: they have the struct's methods (`rect:getMinX()`, and those
/// scripts add with `function struct.CGRect:area() ... end`), compare by value with `==`, and
/// print as `CGRect(0, 0, 10, 20)`.
public protocol ScriptStruct: ScriptConvertible, Equatable {
    static var structName: String { get }
    /// The field names in the order `struct.Name(...)` takes them.
    static var fieldNames: [String] { get }
    /// The fields of its tables, as scripts read them (`origin` and `size` for a rect; by
    /// default `fieldNames`, each a number).
    static var recordFields: [(name: String, type: ScriptType)] { get }
    /// Builds the struct from `struct.Name(...)`'s numbers, in `fieldNames` order.
    init(constructorValues: UnsafeMutableBufferPointer<Double>)
    /// The numbers `struct.Name(...)` takes to make this value, in `fieldNames` order.
    var constructorValues: [Double] { get }
    /// The fields `struct.Name(...)` fills in when a script leaves them out (zeros unless a
    /// struct says otherwise, as a transform's identity does).
    static var constructorDefaults: [Double] { get }
    /// The shape of its record when every field is a number (nil for a struct whose fields
    /// need more than that, such as NSRange's whole numbers).
    static func recordShape(in keys: StructKeys) -> LuaRecordShape?
    /// Whether a field is NaN (which the header's functions refuse).
    var containsNaN: Bool { get }
    /// The binding module of the SDK header that declares the struct (`CoreGraphics.CGGeometry`).
    static var header: String { get }
    /// Adds the functions and constants the header declares for the struct, and the methods of
    /// its values.
    static func describeMembers(_ members: StructMembers<Self>)
}

extension ScriptStruct {
    public static var scriptType: ScriptType { .structure(structName) }
    public static var constructorDefaults: [Double] { Array(repeating: 0, count: fieldNames.count) }
    public static var recordFields: [(name: String, type: ScriptType)] { fieldNames.map { ($0, .number) } }
    public static func describeMembers(_ members: StructMembers<Self>) {}
    public static func recordShape(in keys: StructKeys) -> LuaRecordShape? { nil }
    public var containsNaN: Bool { constructorValues.contains(where: \.isNaN) }
}

/// The structs the bridge itself knows; higher layers add theirs (`ObjectBridge.init(structs:)`).
var foundationStructs: [any ScriptStruct.Type] { [CGPoint.self, CGSize.self, CGRect.self, NSRange.self] }
