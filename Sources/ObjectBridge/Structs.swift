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
}

extension ScriptStruct {
    public static var scriptType: ScriptType { .structure(structName) }
}

/// A struct whose fields are all numbers: read in one pass and pushed as one record, by the
/// default implementations here.
public protocol FlatScriptStruct: ScriptStruct {
    /// Its record shape among the bridge's interned keys.
    static func shape(in keys: StructKeys) -> LuaRecordShape
    /// Builds the struct from its fields, in `fieldNames` order.
    init(fields: UnsafeMutableBufferPointer<Double>)
    /// Its fields, in `fieldNames` order.
    var fields: [Double] { get }
}

extension FlatScriptStruct {
    public init(constructorValues: UnsafeMutableBufferPointer<Double>) {
        self.init(fields: constructorValues)
    }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Self {
        try call.readStruct(structName, at: position) { try read(call, position, path: "") }
    }

    /// The struct in the table at `table`; `path` names its fields in errors (`origin.`).
    static func read(_ call: BridgeCall, _ table: Int32, path: String) throws -> Self {
        try call.numbers(table, shape(in: call.keys), path: path) { Self(fields: $0) }
    }

    public func push(to call: BridgeCall) throws {
        try fields.withUnsafeBufferPointer { try call.frame.pushRecord(Self.shape(in: call.keys), $0) }
    }
}

/// Interned field names and record shapes of every struct, made once per bridge.
public final class StructKeys {
    let origin, size: LuaKey
    let point, sizeShape, rect, range, insets, affine, transform3D: LuaRecordShape

    init(_ state: LuaState) throws(LuaError) {
        func shape(_ names: [String]) throws(LuaError) -> LuaRecordShape {
            var keys: [LuaKey] = []
            for name in names { keys.append(try state.key(name)) }
            return LuaRecordShape(keys)
        }
        origin = try state.key("origin")
        size = try state.key("size")
        point = try shape(CGPoint.fieldNames)
        sizeShape = try shape(CGSize.fieldNames)
        rect = LuaRecordShape(nesting: [(origin, point), (size, sizeShape)])
        range = try shape(NSRange.fieldNames)
        insets = try shape(UIEdgeInsets.fieldNames)
        affine = try shape(CGAffineTransform.fieldNames)
        transform3D = try shape(CATransform3D.fieldNames)
    }
}

extension BridgeCall {
    var keys: StructKeys { bridge.structKeys }

    /// Reads the struct table at `position`: checks it is a table, then reads each field.
    func readStruct<S>(_ name: String, at position: Int32, _ body: () throws -> S) throws -> S {
        guard frame.type(position) == .table else {
            throw ScriptValueError("\(name) expected (a table with its fields), got \(describe(position))")
        }
        do {
            return try body()
        } catch let error as ScriptValueError {
            throw ScriptValueError("\(name) expected: \(error.problem)")
        }
    }

    /// The number fields `shape` names in the table at `table`, read in one pass and handed to
    /// `make`; a missing or non-number field gets the message `number` gives.
    func numbers<S>(_ table: Int32, _ shape: LuaRecordShape, path: String = "",
                    _ make: (UnsafeMutableBufferPointer<Double>) throws -> S) throws -> S {
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: shape.keys.count) { values in
            let read = frame.readNumbers(table, shape, into: values)
            if read == shape.keys.count { return try make(values) }
            let key = shape.keys[read]
            _ = try number(table, key, path: path)
            throw ScriptValueError("field '\(path)\(key.name)' cannot be read")
        }
    }

    /// The number in field `key` of the table at `table`; `path` names it in errors.
    func number(_ table: Int32, _ key: LuaKey, path: String = "") throws -> Double {
        try frame.withField(table, key) { field in
            switch frame.type(field) {
            case .number: return try frame.number(field)
            case .nil: throw ScriptValueError("field '\(path)\(key.name)' is missing")
            default: throw ScriptValueError("field '\(path)\(key.name)' is a \(describe(field)), not a number")
            }
        }
    }
}

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

extension NSRange: ScriptStruct {
    public static var structName: String { "NSRange" }
    public static var fieldNames: [String] { ["location", "length"] }
    public init(constructorValues v: UnsafeMutableBufferPointer<Double>) {
        self.init(location: Int(clampingScript: v[0]), length: Int(clampingScript: v[1]))
    }

    public static func read(from call: BridgeCall, at position: Int32) throws -> NSRange {
        try call.readStruct(structName, at: position) {
            let (location, length) = try call.numbers(position, call.keys.range) { ($0[0], $0[1]) }
            guard let start = Int(exactly: location), let count = Int(exactly: length), start >= 0, count >= 0,
                  start <= Int(Int32.max), count <= Int(Int32.max)
            else { throw ScriptValueError("location and length must be whole numbers from 0, got \(location), \(length)") }
            return NSRange(location: start, length: count)
        }
    }

    /// Pushed with integer fields, as NSRange's NSUIntegers are (`range.location .. ""` is "3").
    public func push(to call: BridgeCall) throws {
        try call.frame.push(Int64(location))
        try call.frame.push(Int64(length))
        try call.frame.pushRecordFromTop(call.keys.range)
    }
}

extension Int {
    /// A whole number from a script's double: NaN is 0, and out-of-range values are clamped.
    init(clampingScript value: Double) {
        if value.isNaN { self = 0 } else if value >= 9.0e18 { self = .max } else if value <= -9.0e18 { self = .min }
        else { self = Int(value.rounded(.towardZero)) }
    }
}

/// `UIEdgeInsets`: insets from each side of a rectangle.
public struct UIEdgeInsets: FlatScriptStruct, Equatable, Sendable {
    public var top, left, bottom, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public static var structName: String { "UIEdgeInsets" }
    public static var fieldNames: [String] { ["top", "left", "bottom", "right"] }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.insets }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(top: v[0], left: v[1], bottom: v[2], right: v[3]) }
    public var fields: [Double] { [top, left, bottom, right] }
}

/// `CGAffineTransform`: the 2D transform `[a b 0; c d 0; tx ty 1]`.
public struct CGAffineTransform: FlatScriptStruct, Equatable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static var structName: String { "CGAffineTransform" }
    public static var fieldNames: [String] { ["a", "b", "c", "d", "tx", "ty"] }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.affine }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]) }
    public var fields: [Double] { [a, b, c, d, tx, ty] }
}

/// `CATransform3D`: a 4x4 matrix with fields `m11` ... `m44`, row-major as Core Animation has it.
public struct CATransform3D: FlatScriptStruct, Equatable, Sendable {
    /// m11, m12, ..., m44.
    public var m: [Double]

    public init(m: [Double]) {
        self.m = m.count == 16 ? m : CATransform3D.identity.m
    }

    public static let identity = CATransform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    public static var structName: String { "CATransform3D" }
    public static let fieldNames: [String] = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.transform3D }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(m: Array(v)) }
    public var fields: [Double] { m }

    /// The product `self * other` (apply self, then other), as CATransform3DConcat.
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                result[row * 4 + column] = (0..<4).reduce(0) { $0 + m[row * 4 + $1] * other.m[$1 * 4 + column] }
            }
        }
        return CATransform3D(m: result)
    }

    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        CATransform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        CATransform3D(m: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// A rotation by `angle` radians about the axis (x, y, z); the identity for a zero axis.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (u, v, w) = (x / length, y / length, z / length)
        let (c, s) = (cos(angle), sin(angle))
        let t = 1 - c
        return CATransform3D(m: [
            t * u * u + c, t * u * v + w * s, t * u * w - v * s, 0,
            t * u * v - w * s, t * v * v + c, t * v * w + u * s, 0,
            t * u * w + v * s, t * v * w - u * s, t * w * w + c, 0,
            0, 0, 0, 1,
        ])
    }
}

/// Every struct `struct.Name(...)` builds.
var scriptStructs: [any ScriptStruct.Type] {
    [CGPoint.self, CGSize.self, CGRect.self, NSRange.self, UIEdgeInsets.self, CGAffineTransform.self, CATransform3D.self]
}
