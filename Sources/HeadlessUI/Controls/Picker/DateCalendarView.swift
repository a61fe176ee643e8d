import Foundation
import ObjectBridge

/// The inline date picker's calendar (iOS 14): the month and year over chevrons that turn the
/// month, the weekdays' initials, and the month's days in weeks. Today's number is in the tint;
/// the chosen day sits on a tinted disc (a solid one, with a white number, when it is today).
/// Days outside the minimum and maximum dates are grey and take no tap. A tap on a day chooses
/// it, keeping the time of day. With a time, a row under the calendar shows it. The sizes are
/// in docs/uikit-metrics.md. A tap on the month's title (with its chevron, in the tint) shows
/// the month and year wheels instead of the days, and another tap the days again.
final class DateCalendarView: Control {
    private weak var picker: DatePicker?
    /// The first day of the month shown.
    private(set) var shownMonth: Date
    private let monthLabel: Label
    private let monthChevron = ImageView()
    /// The month and year wheels, once shown; they show while `choosesMonth`.
    private var monthYearWheels: MonthYearWheels?
    private(set) var choosesMonth = false
    let previousButton: Button
    let nextButton: Button
    private let weekdayLabels: [Label]
    private let dayLabels: [Label]
    private let selection = View()
    private let timeTitle: Label
    private let timeValue: Label
    /// A day's number, and the chosen day's or today's.
    private let dayFont: Font
    private let markedDayFont: Font

    static let headerHeight = 44.0
    static let weekdayHeight = 20.0
    static let rowHeight = 44.0
    static let weeks = 6
    static let inset = 16.0
    static let discSide = 40.0
    static let timeRowHeight = 50.0

    /// Whether a time row shows under the calendar (not in a compact picker's popover).
    private let offersTime: Bool

    init(picker: DatePicker, offersTime: Bool = true) {
        self.picker = picker
        self.offersTime = offersTime
        let engine = picker.environment.text
        let touches = picker.environment.touches
        shownMonth = picker.calendar.dateInterval(of: .month, for: picker.date.date)?.start ?? picker.date.date
        monthLabel = Label(engine: engine)
        monthLabel.font = Font.system(17, weight: 600, text: engine)
        previousButton = Button(type: 1, touches: touches, engine: engine)
        nextButton = Button(type: 1, touches: touches, engine: engine)
        weekdayLabels = (0..<7).map { _ in Label(engine: engine) }
        dayLabels = (0..<(7 * Self.weeks)).map { _ in Label(engine: engine) }
        timeTitle = Label(engine: engine)
        timeValue = Label(engine: engine)
        (dayFont, markedDayFont) = (Font.system(20, text: engine), Font.system(20, weight: 600, text: engine))
        super.init(touches: touches)
        for (button, symbol, step) in [(previousButton, "chevron.left", -1), (nextButton, "chevron.right", 1)] {
            let configuration = try? SymbolConfiguration(pointSize: 20, weight: 6)
            if let image = try? Image.system(named: symbol, configuration: configuration, picker.environment) {
                button.setImage(image, for: 0)
            }
            button.nativeHandlers.append((.touchUpInside, { [weak self] in self?.turnMonth(by: step) }))
        }
        let chevron = try? SymbolConfiguration(pointSize: 17, weight: 6)
        monthChevron.image = try? Image.system(named: "chevron.right", configuration: chevron, picker.environment)
        for label in weekdayLabels {
            label.font = Font.system(13, weight: 600, text: engine)
            label.textColor = Color.tertiaryLabel
            label.textAlignment = 1
        }
        for label in dayLabels { label.textAlignment = 1 }
        selection.layer.cornerRadius = Self.discSide / 2
        timeTitle.font = Font.system(17, weight: 600, text: engine)
        timeTitle.text = "Time"
        timeValue.font = Font.system(17, text: engine)
        timeValue.textAlignment = 1
        timeValue.backgroundColor = Color.tertiarySystemFill
        timeValue.layer.cornerRadius = 6
        timeValue.clipsToBounds = true
        // Cannot fail: new views are nobody's ancestors.
        for view in [selection, monthLabel, monthChevron, previousButton, nextButton, timeTitle, timeValue] as [View]
            + weekdayLabels + dayLabels
        {
            try? addSubview(view)
        }
    }

    /// Whether a time row shows under the calendar.
    private var showsTime: Bool { offersTime && picker?.mode == .dateAndTime }

    /// The calendar's height: its header, weekdays and six weeks, and the time row.
    var calendarHeight: Double {
        Self.headerHeight + Self.weekdayHeight + Double(Self.weeks) * Self.rowHeight
            + (showsTime ? Self.timeRowHeight : 0)
    }

    /// Shows the month the date is in.
    func showDate() {
        guard let picker else { return }
        shownMonth = picker.calendar.dateInterval(of: .month, for: picker.date.date)?.start ?? shownMonth
        setNeedsLayout()
    }

    private func turnMonth(by months: Int) {
        guard let picker, let turned = picker.calendar.date(byAdding: .month, value: months, to: shownMonth) else {
            return
        }
        showMonth(turned)
    }

    /// Shows the month that begins on `month`.
    func showMonth(_ month: Date) {
        shownMonth = month
        setNeedsLayout()
    }

    /// Shows the month and year wheels instead of the days, or the days again.
    private func toggleMonthChoice() throws {
        guard let picker else { return }
        choosesMonth.toggle()
        if choosesMonth, monthYearWheels == nil {
            let wheels = MonthYearWheels(calendarView: self, picker: picker)
            try addSubview(wheels.pickerView)
            monthYearWheels = wheels
        }
        monthYearWheels?.pickerView.isHidden = !choosesMonth
        if choosesMonth { try monthYearWheels?.show(shownMonth) }
        setNeedsLayout()
    }

    /// The month's title and its chevron, which a tap toggles the wheels with.
    private var monthTitleFrame: CGRect { monthLabel.frame.union(monthChevron.frame).insetBy(dx: -8, dy: -8) }

    /// The day in the grid's cell `index` (0 is the top left), and whether it is in the month shown.
    private func day(at index: Int) -> (date: Date, inMonth: Bool)? {
        guard let picker else { return nil }
        let calendar = picker.calendar
        let lead = (calendar.component(.weekday, from: shownMonth) - calendar.firstWeekday + 7) % 7
        guard let date = calendar.date(byAdding: .day, value: index - lead, to: shownMonth) else { return nil }
        return (date, calendar.isDate(date, equalTo: shownMonth, toGranularity: .month))
    }

    /// Whether the day may be chosen: some of it lies within the minimum and maximum dates.
    private func isAllowed(_ day: Date) -> Bool {
        guard let picker else { return false }
        let start = picker.calendar.startOfDay(for: day)
        let end = picker.calendar.date(byAdding: .day, value: 1, to: start) ?? start
        if let minimum = picker.minimumDate?.date, end <= minimum { return false }
        if let maximum = picker.maximumDate?.date, maximum < start { return false }
        return true
    }

    private var cellWidth: Double { max(0, bounds.width - 2 * Self.inset) / 7 }

    private func cellFrame(_ index: Int) -> CGRect {
        CGRect(
            x: Self.inset + Double(index % 7) * cellWidth,
            y: Self.headerHeight + Self.weekdayHeight + Double(index / 7) * Self.rowHeight, width: cellWidth,
            height: Self.rowHeight)
    }

    override func layoutSubviews() throws {
        guard let picker else { return }
        let calendar = picker.calendar
        monthLabel.text = picker.monthFormatter.string(from: shownMonth)
        monthLabel.textColor = choosesMonth ? tintColor : Color.label
        let size = monthLabel.sizeThatFits(.zero)
        monthLabel.frame = CGRect(
            x: Self.inset, y: (Self.headerHeight - size.height) / 2, width: size.width, height: size.height)
        layoutChevron()
        for view in [previousButton, nextButton, selection] as [View] + weekdayLabels + dayLabels {
            view.isHidden = choosesMonth
        }
        if let wheels = monthYearWheels?.pickerView, choosesMonth {
            let room = Self.weekdayHeight + Double(Self.weeks) * Self.rowHeight
            wheels.frame = CGRect(
                x: 0, y: Self.headerHeight + (room - PickerView.height) / 2, width: bounds.width,
                height: PickerView.height)
        }
        nextButton.frame = CGRect(x: bounds.width - Self.inset - 44, y: 0, width: 44, height: Self.headerHeight)
        previousButton.frame = nextButton.frame.offsetBy(dx: -44, dy: 0)
        let symbols = calendar.shortStandaloneWeekdaySymbols
        for (column, label) in weekdayLabels.enumerated() {
            let weekday = (column + calendar.firstWeekday - 1) % 7
            label.text = symbols.indices.contains(weekday) ? symbols[weekday].uppercased() : nil
            label.frame = CGRect(
                x: Self.inset + Double(column) * cellWidth, y: Self.headerHeight, width: cellWidth,
                height: Self.weekdayHeight)
        }
        if !choosesMonth { layoutDays(picker) }
        timeTitle.isHidden = !showsTime
        timeValue.isHidden = !showsTime
        guard showsTime else { return }
        let top = Self.headerHeight + Self.weekdayHeight + Double(Self.weeks) * Self.rowHeight
        let titleSize = timeTitle.sizeThatFits(.zero)
        timeTitle.frame = CGRect(
            x: Self.inset, y: top + (Self.timeRowHeight - titleSize.height) / 2, width: titleSize.width,
            height: titleSize.height)
        timeValue.text = picker.shortTimeFormatter.string(from: picker.date.date)
        let valueSize = timeValue.sizeThatFits(.zero)
        let pill = CGSize(width: valueSize.width + 22, height: 34)
        timeValue.frame = CGRect(
            x: bounds.width - Self.inset - pill.width, y: top + (Self.timeRowHeight - pill.height) / 2,
            width: pill.width, height: pill.height)
    }

    /// The chevron after the month's title, in the tint: pointing right, or down while the
    /// wheels show.
    private func layoutChevron() {
        let side = 20.0
        monthChevron.contentMode = 1
        monthChevron.setBounds(CGRect(x: 0, y: 0, width: side, height: side))
        monthChevron.setCenter(CGPoint(x: monthLabel.frame.maxX + 4 + side / 2, y: Self.headerHeight / 2))
        monthChevron.setTransform(choosesMonth ? .rotation(Double.pi / 2) : .identity)
    }

    /// The days' numbers in their cells, and the disc under the chosen one.
    private func layoutDays(_ picker: DatePicker) {
        let calendar = picker.calendar
        selection.isHidden = true
        for (index, label) in dayLabels.enumerated() {
            guard let (date, inMonth) = day(at: index) else { continue }
            label.isHidden = !inMonth
            guard inMonth else { continue }
            let chosen = calendar.isDate(date, inSameDayAs: picker.date.date)
            let today = calendar.isDate(date, inSameDayAs: picker.now)
            label.text = String(calendar.component(.day, from: date))
            label.keepFont(chosen || today ? markedDayFont : dayFont)
            label.textColor =
                !isAllowed(date)
                ? Color.tertiaryLabel
                : chosen && today ? Color(white: 1, alpha: 1) : chosen || today ? tintColor : Color.label
            let cell = cellFrame(index)
            label.frame = cell
            guard chosen else { continue }
            selection.isHidden = false
            selection.backgroundColor = today ? tintColor : tintColor.withAlpha(0.12)
            selection.frame = CGRect(
                x: cell.midX - Self.discSide / 2, y: cell.midY - Self.discSide / 2, width: Self.discSide,
                height: Self.discSide)
        }
    }

    /// A tap on a day of the month shown chooses it; one on the month's title toggles the
    /// wheels.
    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside, let picker else { return }
        if monthTitleFrame.contains(point) { return try toggleMonthChoice() }
        guard !choosesMonth else { return }
        for index in dayLabels.indices where cellFrame(index).contains(point) {
            guard let (date, inMonth) = day(at: index), inMonth, isAllowed(date) else { return }
            try picker.choose(day: date)
            setNeedsLayout()
            return
        }
    }
}
