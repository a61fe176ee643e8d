import Foundation
import ObjectBridge

/// `UIDatePicker`, on the program's calendar, locale and time zone. In its wheels style: wheels
/// for the hour, minute and AM/PM, the month, day and year, or the day and time, or a
/// countdown's hours and minutes. A person's turn of a wheel makes a new date (kept within
/// the minimum and maximum dates, where the wheels turn back) and sends ValueChanged. In the
/// inline style, a date (or a date and time) shows as a month's calendar (`DateCalendarView`);
/// in the compact style, as pills that open it (`DateCompactView`).
public final class DatePicker: Control {
    /// `UIDatePickerMode`.
    public enum Mode: Int, CaseIterable, Sendable {
        case time, date, dateAndTime, countDownTimer
    }

    public private(set) var mode = Mode.dateAndTime
    public private(set) var date: DateValue
    public var minimumDate: DateValue?
    public var maximumDate: DateValue?
    public private(set) var minuteInterval = 1
    public private(set) var countDownDuration = 0.0
    /// `preferredDatePickerStyle`: automatic 0 draws wheels here; compact 2 pills that open a
    /// calendar or wheels; inline 3 a calendar for a date.
    public var preferredStyle = 0 { didSet { updateStyle() } }
    /// The calendar the inline style shows, and the pills the compact style shows.
    private(set) var calendarView: DateCalendarView?
    private(set) var compactView: DateCompactView?
    let pickerView: PickerView
    unowned let environment: UIEnvironment
    let calendar: Calendar
    let locale: Locale
    /// The day the day-and-time wheel's middle row is, counted from when the rows were made.
    var anchorDay: Date
    private(set) var columns: [DateColumn] = []

    /// How many days either side of its anchor the day-and-time wheel reaches.
    static let dayReach = 3650

    init(environment: UIEnvironment) {
        pickerView = PickerView(environment: environment)
        self.environment = environment
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = environment.foundation.timeZone
        calendar.locale = environment.foundation.locale
        self.calendar = calendar
        locale = environment.foundation.locale
        date = DateValue(environment.foundation.epoch.addingTimeInterval(environment.clock.now))
        anchorDay = calendar.startOfDay(for: date.date)
        super.init(touches: environment.touches)
        pickerView.content = self
        pickerView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? addSubview(pickerView)
        columns = DateColumn.columns(for: mode, usesMeridiem: usesMeridiem, locale: locale)
    }

    public override var intrinsicContentSize: CGSize {
        if let compactView { return compactView.pillsSize }
        return CGSize(width: 320, height: calendarView?.calendarHeight ?? PickerView.height)
    }

    public override func layoutSubviews() throws {
        pickerView.frame = bounds
        calendarView?.frame = bounds
        compactView?.frame = bounds
        try super.layoutSubviews()
    }

    /// Whether the style in effect is compact: pills for a date, a time, or both.
    var showsPills: Bool { preferredStyle == 2 && mode != .countDownTimer }

    /// Whether the style in effect is the inline calendar: it shows a date, with or without a time.
    var showsCalendar: Bool { preferredStyle == 3 && (mode == .date || mode == .dateAndTime) }

    /// Shows the calendar or the wheels, as the style and mode ask.
    private func updateStyle() {
        pickerView.isHidden = showsCalendar || showsPills
        calendarView = shown(calendarView, if: showsCalendar) { DateCalendarView(picker: self) }
        compactView?.close()
        compactView = shown(compactView, if: showsPills) { DateCompactView(picker: self) }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// `current` while `shows`, made by `make` when there is none; removed otherwise.
    private func shown<Part: View>(_ current: Part?, if shows: Bool, make: () -> Part) -> Part? {
        guard shows else {
            current?.removeFromSuperview()
            return nil
        }
        if let current { return current }
        let part = make()
        try? addSubview(part)  // a new view is nobody's ancestor: cannot fail
        return part
    }

    /// A day chosen on the calendar: the date moves to it at the same time of day (within the
    /// limits), and ValueChanged goes out.
    func choose(day: Date) throws {
        let time = calendar.dateComponents([.hour, .minute, .second], from: date.date)
        var parts = calendar.dateComponents([.year, .month, .day], from: day)
        (parts.hour, parts.minute, parts.second) = (time.hour, time.minute, time.second)
        guard let chosen = calendar.date(from: parts) else { return }
        try choose(DateValue(chosen))
    }

    /// A time chosen on a compact picker's wheels: the date keeps its day.
    func choose(time: Date) throws {
        var parts = calendar.dateComponents([.year, .month, .day], from: date.date)
        let clock = calendar.dateComponents([.hour, .minute], from: time)
        (parts.hour, parts.minute) = (clock.hour, clock.minute)
        guard let chosen = calendar.date(from: parts) else { return }
        try choose(DateValue(chosen))
    }

    /// A date a person chose: kept within the limits, shown, and sent with ValueChanged.
    private func choose(_ chosen: DateValue) throws {
        date = clamped(chosen)
        compactView?.setNeedsLayout()
        try showValue(animated: false)
        try sendActions(for: .valueChanged)
    }

    /// Now, on the world's clock.
    var now: Date { environment.foundation.epoch.addingTimeInterval(environment.clock.now) }

    /// How the day-and-time wheel titles a day other than today ("Tue Dec 1" in English).
    lazy var dayFormatter = formatter { $0.setLocalizedDateFormatFromTemplate("EEEMMMd") }
    /// The calendar's month ("November 2023"), and the compact style's date and time pills.
    lazy var monthFormatter = formatter { $0.setLocalizedDateFormatFromTemplate("MMMMy") }
    lazy var mediumDateFormatter = formatter { $0.dateStyle = .medium }
    lazy var shortTimeFormatter = formatter { $0.timeStyle = .short }

    /// A formatter on the picker's calendar, time zone and locale, then as `configure` sets it.
    private func formatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
        let formatter = DateFormatter()
        (formatter.calendar, formatter.timeZone, formatter.locale) = (calendar, calendar.timeZone, locale)
        configure(formatter)
        return formatter
    }

    /// Whether the locale tells the hour in twelve (with AM and PM).
    var usesMeridiem: Bool {
        (DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "h a").contains("a")
    }

    func setMode(_ new: Mode) throws {
        mode = new
        updateStyle()
        try rebuild()
    }

    func setMinuteInterval(_ interval: Int) throws {
        guard (1...30).contains(interval), 60 % interval == 0 else {
            throw ScriptValueError("minuteInterval must divide 60 and be 1 to 30, got \(interval)")
        }
        minuteInterval = interval
        try rebuild()
    }

    func setCountDownDuration(_ seconds: Double) throws {
        let seconds = try GeometryCheck.finite(seconds, "countDownDuration")
        countDownDuration = min(max(seconds, 0), 86_399)
        try showValue(animated: false)
    }

    /// `setDate_animated`: the wheels turn to the date (within the limits); nothing is sent.
    func setDate(_ new: DateValue, animated: Bool) throws {
        date = clamped(new)
        calendarView?.showDate()
        compactView?.setNeedsLayout()
        try showValue(animated: animated)
    }

    func clamped(_ value: DateValue) -> DateValue {
        if let minimumDate, value < minimumDate { return minimumDate }
        if let maximumDate, maximumDate < value { return maximumDate }
        return value
    }

    /// Makes the wheels again for the mode, and turns them to the value.
    private func rebuild() throws {
        anchorDay = calendar.startOfDay(for: date.date)
        columns = DateColumn.columns(for: mode, usesMeridiem: usesMeridiem, locale: locale)
        try pickerView.reloadAllComponents()
        try showValue(animated: false)
    }

    /// Turns each wheel to the row the value shows.
    func showValue(animated: Bool) throws {
        try pickerView.reloadIfNeeded()
        for (component, column) in columns.enumerated() where component < pickerView.wheels.count {
            let row = column.row(showing: self)
            guard row != pickerView.wheels[component].selected || !animated else { continue }
            try pickerView.settle(component, on: row, animated: animated, tellsDelegate: false)
        }
    }
}

extension DatePicker: PickerContent {
    var componentCount: Int { columns.count }
    func rowCount(_ component: Int) -> Int { columns[component].rowCount(in: self) }
    func title(_ row: Int, _ component: Int) -> String { columns[component].title(row, in: self) }
    func loops(_ component: Int) -> Bool { columns[component].loops }

    func width(_ component: Int, inner: Double) -> Double {
        let total = columns.reduce(0) { $0 + $1.share }
        return (inner - PickerView.componentSpacing * Double(columns.count - 1)) * columns[component].share / total
    }

    /// A person turned a wheel: the date the wheels show now, kept within the limits (the
    /// wheels turn back to it when it was not), and ValueChanged.
    func picker(_ picker: PickerView, didSelect row: Int, inComponent component: Int) throws {
        if mode == .countDownTimer {
            countDownDuration = zip(columns, picker.wheels).reduce(0) { total, entry in
                total + entry.0.seconds(row: entry.1.selected, in: self)
            }
            return try sendActions(for: .valueChanged)
        }
        let shown = DateColumn.date(from: columns, rows: picker.wheels.map(\.selected), in: self)
        date = clamped(shown)
        try showValue(animated: true)
        try sendActions(for: .valueChanged)
    }
}
