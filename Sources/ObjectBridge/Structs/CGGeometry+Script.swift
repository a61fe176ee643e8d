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
    public static var header: String { "CoreGraphics.CGGeometry" }
    public static var fieldNames: [String] { ["x", "y"] }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.point }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(x: v[0], y: v[1]) }
    public var fields: [Double] { [x, y] }

    public static func describeMembers(_ members: StructMembers<CGPoint>) {
        members.constant("CGPointZero", CGPoint.zero)
        members.function("CGPointMake", ["x", "y"]) { (x: Double, y: Double) in CGPoint(x: x, y: y) }
        members.function("CGPointEqualToPoint", ["point1", "point2"], method: "equalToPoint") {
            (a: CGPoint, b: CGPoint) in a == b
        }
    }
}

extension CGSize: FlatScriptStruct {
    public static var structName: String { "CGSize" }
    public static var header: String { "CoreGraphics.CGGeometry" }
    public static var fieldNames: [String] { ["width", "height"] }
    public static func shape(in keys: StructKeys) -> LuaRecordShape { keys.sizeShape }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(width: v[0], height: v[1]) }
    public var fields: [Double] { [width, height] }

    public static func describeMembers(_ members: StructMembers<CGSize>) {
        members.constant("CGSizeZero", CGSize.zero)
        members.function("CGSizeMake", ["width", "height"]) { (w: Double, h: Double) in CGSize(width: w, height: h) }
        members.function("CGSizeEqualToSize", ["size1", "size2"], method: "equalToSize") { (a: CGSize, b: CGSize) in
            a == b
        }
    }
}

extension CGRect: ScriptStruct {
    public static var structName: String { "CGRect" }
    public static var header: String { "CoreGraphics.CGGeometry" }
    public static var fieldNames: [String] { ["x", "y", "width", "height"] }
    public static var recordFields: [(name: String, type: ScriptType)] {
        [("origin", .structure("CGPoint")), ("size", .structure("CGSize"))]
    }
    public init(constructorValues v: UnsafeMutableBufferPointer<Double>) {
        self.init(x: v[0], y: v[1], width: v[2], height: v[3])
    }
    public var constructorValues: [Double] { [origin.x, origin.y, size.width, size.height] }
    public static func recordShape(in keys: StructKeys) -> LuaRecordShape? { keys.rect }
    public var containsNaN: Bool { origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN }

    /// A `CGRect`, or a table: `{ origin = {x, y}, size = {width, height} }` as UIKit's struct
    /// nests them, or flat, `{ x =, y =, width =, height = }`.
    public static func read(from call: BridgeCall, at position: Int32) throws -> CGRect {
        try call.readStruct(structName, at: position) {
            let isFlat =
                try call.frame.withField(position, call.keys.origin) { call.frame.type($0) == .nil }
                && call.frame.withField(position, call.keys.x) { call.frame.type($0) != .nil }
            if isFlat {
                return CGRect(
                    origin: try CGPoint.read(call, position, path: ""), size: try CGSize.read(call, position, path: ""))
            }
            let origin = try call.frame.withField(position, call.keys.origin) { field in
                try nested(call, field, "origin") { try CGPoint.read(call, field, path: "origin.") }
            }
            let size = try call.frame.withField(position, call.keys.size) { field in
                try nested(call, field, "size") { try CGSize.read(call, field, path: "size.") }
            }
            return CGRect(origin: origin, size: size)
        }
    }

    private static func nested<T>(_ call: BridgeCall, _ field: Int32, _ name: String, _ body: () throws -> T) throws
        -> T
    {
        switch call.frame.type(field) {
        case .table: return try body()
        case .nil:
            throw ScriptValueError(
                "field '\(name)' is missing" + (name == "origin" ? " (or give x, y, width and height)" : ""))
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

    public static func describeMembers(_ members: StructMembers<CGRect>) {
        members.constant("CGRectZero", CGRect.zero)
        members.constant("CGRectNull", CGRect.null)
        members.constant("CGRectInfinite", CGRect.infinite)
        members.function("CGRectMake", ["x", "y", "width", "height"]) { (x: Double, y: Double, w: Double, h: Double) in
            CGRect(x: x, y: y, width: w, height: h)
        }
        let measures: [(String, String, (CGRect) -> CGFloat)] = [
            ("CGRectGetMinX", "getMinX", \.minX), ("CGRectGetMidX", "getMidX", \.midX),
            ("CGRectGetMaxX", "getMaxX", \.maxX),
            ("CGRectGetMinY", "getMinY", \.minY), ("CGRectGetMidY", "getMidY", \.midY),
            ("CGRectGetMaxY", "getMaxY", \.maxY),
            ("CGRectGetWidth", "getWidth", \.width), ("CGRectGetHeight", "getHeight", \.height),
        ]
        for (cName, method, measure) in measures {
            members.function(cName, ["rect"], method: method) { (rect: CGRect) in measure(rect) }
        }
        let tests: [(String, String, (CGRect) -> Bool)] = [
            ("CGRectIsEmpty", "isEmpty", \.isEmpty), ("CGRectIsNull", "isNull", \.isNull),
            ("CGRectIsInfinite", "isInfinite", \.isInfinite),
        ]
        for (cName, method, test) in tests {
            members.function(cName, ["rect"], method: method) { (rect: CGRect) in test(rect) }
        }
        members.function("CGRectStandardize", ["rect"], method: "standardize") { (rect: CGRect) in rect.standardized }
        members.function("CGRectIntegral", ["rect"], method: "integral") { (rect: CGRect) in rect.integral }
        members.function("CGRectInset", ["rect", "dx", "dy"], method: "inset") {
            (rect: CGRect, dx: Double, dy: Double) in
            rect.insetBy(dx: dx, dy: dy)
        }
        members.function("CGRectOffset", ["rect", "dx", "dy"], method: "offset") {
            (rect: CGRect, dx: Double, dy: Double) in
            rect.offsetBy(dx: dx, dy: dy)
        }
        members.function("CGRectUnion", ["rect1", "rect2"], method: "union") { (a: CGRect, b: CGRect) in a.union(b) }
        members.function("CGRectIntersection", ["rect1", "rect2"], method: "intersection") { (a: CGRect, b: CGRect) in
            a.intersection(b)
        }
        members.function("CGRectContainsPoint", ["rect", "point"], method: "containsPoint") {
            (rect: CGRect, point: CGPoint) in
            rect.contains(point)
        }
        members.function("CGRectContainsRect", ["rect1", "rect2"], method: "containsRect") { (a: CGRect, b: CGRect) in
            a.contains(b)
        }
        members.function("CGRectIntersectsRect", ["rect1", "rect2"], method: "intersectsRect") {
            (a: CGRect, b: CGRect) in
            a.intersects(b)
        }
        members.function("CGRectEqualToRect", ["rect1", "rect2"], method: "equalToRect") { (a: CGRect, b: CGRect) in
            a == b
        }
    }
}
