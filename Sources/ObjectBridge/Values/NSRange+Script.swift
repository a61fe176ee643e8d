import Foundation
import LuaRuntime

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
