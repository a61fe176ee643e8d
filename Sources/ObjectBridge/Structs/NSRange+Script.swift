import Foundation
import LuaRuntime

extension NSRange: ScriptStruct {
    public static var structName: String { "NSRange" }
    public static var header: String { "Foundation.NSRange" }
    public static var fieldNames: [String] { ["location", "length"] }
    public static var recordFields: [(name: String, type: ScriptType)] { fieldNames.map { ($0, .integer) } }
    public init(constructorValues v: UnsafeMutableBufferPointer<Double>) {
        self.init(location: Int(clampingScript: v[0]), length: Int(clampingScript: v[1]))
    }
    public var constructorValues: [Double] { [Double(location), Double(length)] }

    public static func read(from call: BridgeCall, at position: Int32) throws -> NSRange {
        try call.readStruct(structName, at: position) {
            let (location, length) = try call.numbers(position, call.keys.range) { ($0[0], $0[1]) }
            guard let start = Int(exactly: location), let count = Int(exactly: length) else {
                throw ScriptValueError("location and length must be whole numbers from 0, got \(location), \(length)")
            }
            return try NSRange(checkedLocation: start, length: count)
        }
    }

    /// Pushed with integer fields, as NSRange's NSUIntegers are (`range.location .. ""` is "3").
    public func push(to call: BridgeCall) throws {
        try call.frame.push(Int64(location))
        try call.frame.push(Int64(length))
        try call.frame.pushRecordFromTop(call.keys.range)
    }

    /// Its record, built inside the call's own protected call (a text delegate's range for
    /// each typed character).
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? {
        let leaves = scratch.bindMemory(to: Double.self)
        guard leaves.count >= 2 else { return nil }
        leaves[0] = Double(location)
        leaves[1] = Double(length)
        return .record(bridge.structKeys.range, UnsafeBufferPointer(rebasing: leaves[..<2]))
    }
}

extension NSRange {
    public static func describeMembers(_ members: StructMembers<NSRange>) {
        members.function("NSMakeRange", ["location", "length"]) { (location: Int, length: Int) throws in
            try NSRange(checkedLocation: location, length: length)
        }
        members.function("NSMaxRange", ["range"], method: "maxLocation") { (range: NSRange) in
            range.location + range.length
        }
        members.function("NSLocationInRange", ["location", "range"]) { (location: Int, range: NSRange) in
            range.containsLocation(location)
        }
        members.method("containsLocation", ["location"]) { (range: NSRange, location: Int) in
            range.containsLocation(location)
        }
        members.function("NSEqualRanges", ["range1", "range2"], method: "equalToRange") { (a: NSRange, b: NSRange) in
            a == b
        }
        members.function("NSUnionRange", ["range1", "range2"], method: "union") { (a: NSRange, b: NSRange) in
            let start = min(a.location, b.location)
            return NSRange(location: start, length: max(a.location + a.length, b.location + b.length) - start)
        }
        members.function("NSIntersectionRange", ["range1", "range2"], method: "intersection") {
            (a: NSRange, b: NSRange) in
            let start = max(a.location, b.location)
            let end = min(a.location + a.length, b.location + b.length)
            return end > start ? NSRange(location: start, length: end - start) : NSRange(location: 0, length: 0)
        }
    }

    /// NSLocationInRange: `location` is at or after the start and before the end.
    func containsLocation(_ location: Int) -> Bool {
        location >= self.location && location - self.location < length
    }

    /// A range scripts asked for, within what a range holds.
    init(checkedLocation location: Int, length: Int) throws {
        guard location >= 0, length >= 0, location <= Int(Int32.max), length <= Int(Int32.max) else {
            throw ScriptValueError("location and length must be whole numbers from 0, got \(location), \(length)")
        }
        self.init(location: location, length: length)
    }
}

extension Int {
    /// A whole number from a script's double: NaN is 0, and out-of-range values are clamped.
    init(clampingScript value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.0e18 {
            self = .max
        } else if value <= -9.0e18 {
            self = .min
        } else {
            self = Int(value.rounded(.towardZero))
        }
    }
}
