import Foundation
import ObjectBridge

extension DateValue {
    /// Scripts' view of `DateValue`: NSDate, whose instances are values.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            /// Now: the world's epoch plus the virtual clock's time.
            func now() -> DateValue {
                DateValue(environment.foundation.epoch.addingTimeInterval(environment.clock.now))
            }
            func seconds(_ value: Double, _ name: String) throws -> Double { try GeometryCheck.finite(value, name) }
            return NativeClass(values: DateValue.self, superclass: "NSObject") { c in
                c.classMethod("date") { now() }
                c.classMethod("dateWithTimeIntervalSinceNow") { (interval: Double) in
                    DateValue(
                        secondsSinceReferenceDate: now().secondsSinceReferenceDate + (try seconds(interval, "interval"))
                    )
                }
                c.classMethod("dateWithTimeIntervalSince1970") { (interval: Double) in
                    DateValue(Date(timeIntervalSince1970: try seconds(interval, "interval")))
                }
                c.classMethod("dateWithTimeIntervalSinceReferenceDate") { (interval: Double) in
                    DateValue(secondsSinceReferenceDate: try seconds(interval, "interval"))
                }
                c.classProperty("distantPast") { DateValue(Date.distantPast) }
                c.classProperty("distantFuture") { DateValue(Date.distantFuture) }
                c.valueProperty("timeIntervalSince1970", receiver: DateValue.self) { $0.date.timeIntervalSince1970 }
                c.valueProperty("timeIntervalSinceReferenceDate", receiver: DateValue.self) {
                    $0.secondsSinceReferenceDate
                }
                c.valueProperty("timeIntervalSinceNow", receiver: DateValue.self) {
                    $0.secondsSinceReferenceDate - now().secondsSinceReferenceDate
                }
                c.valueMethod("timeIntervalSinceDate", receiver: DateValue.self) {
                    (date: DateValue, other: DateValue) in
                    date.secondsSinceReferenceDate - other.secondsSinceReferenceDate
                }
                c.valueMethod("dateByAddingTimeInterval", receiver: DateValue.self) {
                    (date: DateValue, interval: Double) in
                    DateValue(
                        secondsSinceReferenceDate: date.secondsSinceReferenceDate + (try seconds(interval, "interval")))
                }
                // NSComparisonResult: ascending -1, same 0, descending 1.
                c.valueMethod("compare", receiver: DateValue.self) { (date: DateValue, other: DateValue) in
                    date < other ? -1 : date == other ? 0 : 1
                }
                c.valueMethod("earlierDate", receiver: DateValue.self) { (date: DateValue, other: DateValue) in
                    min(date, other)
                }
                c.valueMethod("laterDate", receiver: DateValue.self) { (date: DateValue, other: DateValue) in
                    max(date, other)
                }
                c.valueMethod("isEqualToDate", receiver: DateValue.self) { (date: DateValue, other: DateValue) in
                    date == other
                }
                c.valueMethod("isEqual", receiver: DateValue.self) { (date: DateValue, other: AnyScriptValue) in
                    date == other.value as? DateValue
                }
                c.valueProperty("description", receiver: DateValue.self) { $0.description }
                c.metamethod("__eq") { call in
                    try call.frame.push(
                        (try? DateValue.read(from: call, at: 1) == DateValue.read(from: call, at: 2)) ?? false)
                    return 1
                }
                c.metamethod("__lt") { call in
                    try call.frame.push(try ordered(call) { $0 < $1 })
                    return 1
                }
                c.metamethod("__le") { call in
                    try call.frame.push(try ordered(call) { $0 <= $1 })
                    return 1
                }
                c.metamethod("__tostring") { call in
                    try call.frame.push(try DateValue.read(from: call, at: 1).description)
                    return 1
                }
                c.enumeration(
                    "ComparisonResult", module: "Foundation.NSDate",
                    [
                        ("OrderedAscending", -1), ("OrderedSame", 0),
                        ("OrderedDescending", 1),
                    ])
                c.enumeration(
                    cType: "NSComparisonResult", constants: "NSOrdered", module: "Foundation.NSObjCRuntime",
                    [("Ascending", -1), ("Same", 0), ("Descending", 1)])
            }
        }

        /// `a < b` and `a <= b` between two dates; anything else is an error that says what.
        private static func ordered(_ call: BridgeCall, _ compare: (DateValue, DateValue) -> Bool) throws -> Bool {
            guard let a = try? DateValue.read(from: call, at: 1), let b = try? DateValue.read(from: call, at: 2) else {
                throw ScriptValueError("attempt to compare an NSDate with \(call.describe(2))")
            }
            return compare(a, b)
        }
    }
}

extension DateValue.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
