import Foundation

/// The inline calendar's month and year wheels (iOS 14): a tap on the month's title shows them
/// instead of the days; turning them shows another month. The chosen date stays until a day
/// is tapped.
final class MonthYearWheels: PickerContent {
    /// Years 1 to 9999, as Foundation's Gregorian calendar counts them.
    static let years = 1...9999

    let pickerView: PickerView
    private weak var calendarView: DateCalendarView?
    private let calendar: Calendar
    private let monthNames: [String]

    init(calendarView: DateCalendarView, picker: DatePicker) {
        self.calendarView = calendarView
        calendar = picker.calendar
        monthNames = picker.calendar.standaloneMonthSymbols
        pickerView = PickerView(environment: picker.environment)
        pickerView.content = self
    }

    var componentCount: Int { 2 }
    func rowCount(_ component: Int) -> Int { component == 0 ? monthNames.count : Self.years.count }

    func title(_ row: Int, _ component: Int) -> String {
        guard component == 0 else { return String(row + Self.years.lowerBound) }
        return monthNames.indices.contains(row) ? monthNames[row] : ""
    }

    /// The months go round; the years do not.
    func loops(_ component: Int) -> Bool { component == 0 }

    func width(_ component: Int, inner: Double) -> Double {
        (inner - PickerView.componentSpacing) * (component == 0 ? 0.6 : 0.4)
    }

    /// Turns the wheels to `month` (its first day), at once.
    func show(_ month: Date) throws {
        try pickerView.reloadIfNeeded()
        let rows = [
            calendar.component(.month, from: month) - 1,
            calendar.component(.year, from: month) - Self.years.lowerBound,
        ]
        for (component, row) in rows.enumerated() where component < pickerView.wheels.count {
            try pickerView.settle(component, on: row, animated: false, tellsDelegate: false)
        }
    }

    func picker(_ picker: PickerView, didSelect row: Int, inComponent component: Int) throws {
        let rows = picker.wheels.map(\.selected)
        guard rows.count == 2,
            let month = calendar.date(
                from: DateComponents(year: rows[1] + Self.years.lowerBound, month: rows[0] + 1, day: 1))
        else { return }
        calendarView?.showMonth(month)
    }
}
