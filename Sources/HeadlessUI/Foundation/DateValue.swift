import Foundation
import ObjectBridge

/// `NSDate`: a moment, as seconds since Foundation's reference date (2001-01-01 UTC). Dates are
/// values: `==` and `<` compare the moments.
public struct DateValue: ScriptValueObject, Comparable {
    public static var className: String { "NSDate" }

    public let secondsSinceReferenceDate: Double

    public init(_ date: Date) { secondsSinceReferenceDate = date.timeIntervalSinceReferenceDate }
    init(secondsSinceReferenceDate: Double) { self.secondsSinceReferenceDate = secondsSinceReferenceDate }

    public var date: Date { Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate) }

    public static func < (lhs: DateValue, rhs: DateValue) -> Bool {
        lhs.secondsSinceReferenceDate < rhs.secondsSinceReferenceDate
    }

    /// As NSDate describes itself: `2001-01-01 00:00:00 +0000`.
    var description: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
