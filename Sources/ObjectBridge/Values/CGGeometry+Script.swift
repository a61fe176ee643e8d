import Foundation
import LuaRuntime

extension CGFloat: ScriptConvertible {
    public static var scriptType: ScriptType { .number }
    public static func read(from call: BridgeCall, at position: Int32) throws -> CGFloat {
        CGFloat(try Double.read(from: call, at: position))
    }
    public func push(to call: BridgeCall) throws { try call.frame.push(Double(self)) }
}

extension CGPoint: FlatScriptStruct {
    public static var structName: String { "CGPoint" }
    public static var fieldNames: [String] { ["x", "y"] }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.point }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(x: v[0], y: v[1]) }
    public var fields: [Double] { [x, y] }
}

extension CGSize: FlatScriptStruct {
    public static var structName: String { "CGSize" }
    public static var fieldNames: [String] { ["width", "height"] }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.sizeShape }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(width: v[0], height: v[1]) }
    public var fields: [Double] { [width, height] }
}

extension CGRect: ScriptStruct {
    public static var structName: String { "CGRect" }
    public static var fieldNames: [String] { ["x", "y", "width", "height"] }
    public init(constructorValues v: UnsafeMutableBufferPointer<Double>) { self.init(x: v[0], y: v[1], width: v[2], height: v[3]) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> CGRect {
        try call.readStruct(structName, at: position) {
            let origin = try call.frame.withField(position, call.keys.origin) { field in
                try nested(call, field, "origin") { try CGPoint.read(call, field, path: "origin.") }
            }
            let size = try call.frame.withField(position, call.keys.size) { field in
                try nested(call, field, "size") { try CGSize.read(call, field, path: "size.") }
            }
            return CGRect(origin: origin, size: size)
        }
    }

    private static func nested<T>(_ call: BridgeCall, _ field: Int32, _ name: String, _ body: () throws -> T) throws -> T {
        switch call.frame.type(field) {
        case .table: return try body()
        case .nil: throw ScriptValueError("field '\(name)' is missing")
        default: throw ScriptValueError("field '\(name)' is a \(call.describe(field)), not a table")
        }
    }

    /// One table and its two nested tables, made in one protected call.
    public func push(to call: BridgeCall) throws {
        var values = (origin.x, origin.y, size.width, size.height)
        try withUnsafeBytes(of: &values) { bytes in
            try call.frame.pushRecord(call.keys.rect, bytes.assumingMemoryBound(to: Double.self))
        }
    }
}
