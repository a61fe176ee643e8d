import Foundation

/// One wheel of a date picker: what its rows are, how they are titled, and what they set of a
/// date.
enum DateColumn {
    case hour12, hour24, minute, meridiem, month, day, year, dayOfYear, countdownHours, countdownMinutes

    /// The wheels of a mode, the date's in the locale's order (month, day, year in English).
    static func columns(for mode: DatePicker.Mode, usesMeridiem: Bool, locale: Locale) -> [DateColumn] {
        let time: [DateColumn] = usesMeridiem ? [.hour12, .minute, .meridiem] : [.hour24, .minute]
        switch mode {
        case .time: return time
        case .dateAndTime: return [.dayOfYear] + time
        case .countDownTimer: return [.countdownHours, .countdownMinutes]
        case .date:
            let format = DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: locale) ?? "MMMM d, y"
            let order: [(Character, DateColumn)] = [("M", .month), ("d", .day), ("y", .year)]
            return order.sorted {
                (format.firstIndex(of: $0.0) ?? format.endIndex) < (format.firstIndex(of: $1.0) ?? format.endIndex)
            }
            .map(\.1)
        }
    }

    /// Whether the wheel goes round, as UIKit's months, days, hours and minutes do.
    var loops: Bool {
        switch self {
        case .hour12, .hour24, .minute, .month, .day: true
        default: false
        }
    }

    /// The wheel's share of the width.
    var share: Double {
        switch self {
        case .dayOfYear: 2.4
        case .month: 1.8
        case .year: 1.2
        case .countdownHours, .countdownMinutes: 1.5
        default: 1
        }
    }

    func rowCount(in picker: DatePicker) -> Int {
        switch self {
        case .hour12, .month: 12
        case .hour24, .countdownHours: 24
        case .minute, .countdownMinutes: 60 / picker.minuteInterval
        case .meridiem: 2
        case .day: 31
        case .year: 9999
        case .dayOfYear: 2 * DatePicker.dayReach + 1
        }
    }

    func title(_ row: Int, in picker: DatePicker) -> String {
        let calendar = picker.calendar
        switch self {
        case .hour12: return "\(row + 1)"
        case .hour24: return String(format: "%02d", row)
        case .minute: return String(format: "%02d", row * picker.minuteInterval)
        case .meridiem: return row == 0 ? calendar.amSymbol : calendar.pmSymbol
        case .month: return calendar.monthSymbols[row]
        case .day, .year: return "\(row + 1)"
        case .countdownHours: return row == 1 ? "1 hour" : "\(row) hours"
        case .countdownMinutes: return "\(row * picker.minuteInterval) min"
        case .dayOfYear:
            let day =
                calendar.date(byAdding: .day, value: row - DatePicker.dayReach, to: picker.anchorDay)
                ?? picker.anchorDay
            return calendar.isDate(day, inSameDayAs: picker.now) ? "Today" : picker.dayFormatter.string(from: day)
        }
    }

    /// The row that shows the picker's date (or countdown).
    func row(showing picker: DatePicker) -> Int {
        let calendar = picker.calendar
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: picker.date.date)
        let hour = parts.hour ?? 0
        switch self {
        case .hour12: return (hour % 12 == 0 ? 12 : hour % 12) - 1
        case .hour24: return hour
        case .minute: return (parts.minute ?? 0) / picker.minuteInterval
        case .meridiem: return hour >= 12 ? 1 : 0
        case .month: return (parts.month ?? 1) - 1
        case .day: return (parts.day ?? 1) - 1
        case .year: return min(max((parts.year ?? 1) - 1, 0), 9998)
        case .dayOfYear:
            let days =
                calendar.dateComponents([.day], from: picker.anchorDay, to: calendar.startOfDay(for: picker.date.date))
                .day ?? 0
            return min(max(days + DatePicker.dayReach, 0), 2 * DatePicker.dayReach)
        case .countdownHours: return Int(picker.countDownDuration / 3600)
        case .countdownMinutes:
            return Int(picker.countDownDuration.truncatingRemainder(dividingBy: 3600) / 60) / picker.minuteInterval
        }
    }

    /// What a countdown wheel's row adds to the duration.
    func seconds(row: Int, in picker: DatePicker) -> Double {
        switch self {
        case .countdownHours: Double(row) * 3600
        case .countdownMinutes: Double(row * picker.minuteInterval) * 60
        default: 0
        }
    }

    /// The date the wheels show at `rows`: the picker's date with what each wheel sets, the day
    /// kept within its month.
    static func date(from columns: [DateColumn], rows: [Int], in picker: DatePicker) -> DateValue {
        let calendar = picker.calendar
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: picker.date.date)
        var hour12: Int?
        var afternoon = (parts.hour ?? 0) >= 12
        for (column, row) in zip(columns, rows) {
            switch column {
            case .hour12: hour12 = row + 1
            case .hour24: parts.hour = row
            case .minute: parts.minute = row * picker.minuteInterval
            case .meridiem: afternoon = row == 1
            case .month: parts.month = row + 1
            case .day: parts.day = row + 1
            case .year: parts.year = row + 1
            case .dayOfYear:
                let day =
                    calendar.date(byAdding: .day, value: row - DatePicker.dayReach, to: picker.anchorDay)
                    ?? picker.anchorDay
                let chosen = calendar.dateComponents([.year, .month, .day], from: day)
                (parts.year, parts.month, parts.day) = (chosen.year, chosen.month, chosen.day)
            case .countdownHours, .countdownMinutes: break
            }
        }
        if let hour12 { parts.hour = hour12 % 12 + (afternoon ? 12 : 0) }
        var month = DateComponents(year: parts.year, month: parts.month, day: 1)
        month.calendar = calendar
        if let first = calendar.date(from: month), let days = calendar.range(of: .day, in: .month, for: first) {
            parts.day = min(parts.day ?? 1, days.count)
        }
        parts.second = 0
        return calendar.date(from: parts).map(DateValue.init) ?? picker.date
    }
}
