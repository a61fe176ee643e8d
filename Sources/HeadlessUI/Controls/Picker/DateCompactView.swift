import Foundation
import ObjectBridge

/// The compact date picker (iOS 14): the date and the time as grey rounded pills ("Nov 14,
/// 2023", "10:13 PM"). A tap on the date opens the month's calendar in a card under the picker,
/// a tap on the time opens the time's wheels; a tap outside the card closes it. While its card
/// is open, a pill's text is in the tint.
final class DateCompactView: Control {
    private weak var picker: DatePicker?
    let datePill: Label
    let timePill: Label
    /// The card open now, over the window, and the pill it was opened from.
    private(set) var popover: View?
    private weak var activePill: Label?

    static let pillHeight = 34.0
    static let pillPadding = 11.0
    static let spacing = 6.0
    static let cardGap = 8.0
    static let cardRadius = 13.0

    init(picker: DatePicker) {
        self.picker = picker
        let engine = picker.environment.text
        datePill = Label(engine: engine)
        timePill = Label(engine: engine)
        super.init(touches: picker.environment.touches)
        for pill in [datePill, timePill] {
            pill.font = Font.system(17, text: engine)
            pill.textAlignment = 1
            pill.backgroundColor = Color.tertiarySystemFill
            pill.layer.cornerRadius = 6
            pill.clipsToBounds = true
            try? addSubview(pill)  // a new label is nobody's ancestor: cannot fail
        }
    }

    /// The pills the mode shows: the date, the time, or both.
    private var shown: [Label] {
        switch picker?.mode {
        case .date: [datePill]
        case .time: [timePill]
        default: [datePill, timePill]
        }
    }

    /// Writes the date and the time on the pills.
    private func updateTexts() {
        guard let picker else { return }
        let date = picker.mediumDateFormatter.string(from: picker.date.date)
        let time = picker.shortTimeFormatter.string(from: picker.date.date)
        if datePill.text != date { datePill.text = date }
        if timePill.text != time { timePill.text = time }
    }

    /// The pills side by side, each its text plus 11 points either side.
    var pillsSize: CGSize {
        updateTexts()
        let widths = shown.map { $0.sizeThatFits(.zero).width + 2 * Self.pillPadding }
        return CGSize(
            width: widths.reduce(0, +) + Self.spacing * Double(max(0, widths.count - 1)), height: Self.pillHeight)
    }

    override func layoutSubviews() throws {
        updateTexts()
        for pill in [datePill, timePill] {
            pill.isHidden = !shown.contains { $0 === pill }
            pill.textColor = pill === activePill ? tintColor : Color.label
        }
        var x = max(0, bounds.width - pillsSize.width)
        for pill in shown {
            let width = pill.sizeThatFits(.zero).width + 2 * Self.pillPadding
            pill.frame = CGRect(x: x, y: (bounds.height - Self.pillHeight) / 2, width: width, height: Self.pillHeight)
            x += width + Self.spacing
        }
    }

    /// A tap on a pill opens its card.
    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside, let picker else { return }
        if !datePill.isHidden, datePill.frame.contains(point) {
            try open(DateCalendarView(picker: picker, offersTime: false), from: datePill)
        } else if !timePill.isHidden, timePill.frame.contains(point) {
            try open(timeWheels(for: picker), from: timePill)
        }
    }

    /// Wheels for the time, which set the picker's time as they turn.
    private func timeWheels(for picker: DatePicker) throws -> DatePicker {
        let wheels = DatePicker(environment: picker.environment)
        try wheels.setMode(.time)
        try wheels.setDate(picker.date, animated: false)
        wheels.frame.size = wheels.intrinsicContentSize
        wheels.nativeHandlers.append(
            (
                .valueChanged,
                { [weak picker, weak wheels] in
                    guard let picker, let wheels else { return }
                    try picker.choose(time: wheels.date.date)
                }
            ))
        return wheels
    }

    /// Shows `content` in a card under the picker (above it when there is no room), over a
    /// clear layer that closes it when tapped; `pill` shows its text in the tint meanwhile.
    private func open(_ content: View, from pill: Label) throws {
        guard let window, popover == nil, let picker else { return }
        let cover = Control(touches: picker.environment.touches)
        cover.frame = window.bounds
        cover.nativeHandlers.append((.touchUpInside, { [weak self] in self?.close() }))
        let size =
            (content as? DateCalendarView).map { _ in CGSize(width: 320, height: 328) } ?? content.frame.size
        let anchor = try convert(bounds, to: window)
        var top = anchor.maxY + Self.cardGap
        if top + size.height > window.bounds.height { top = max(0, anchor.minY - Self.cardGap - size.height) }
        let left = min(max(8, anchor.maxX - size.width), max(8, window.bounds.width - size.width - 8))
        let card = View()
        card.frame = CGRect(x: left, y: top, width: size.width, height: size.height)
        card.backgroundColor = Color.secondarySystemGroupedBackground
        card.layer.cornerRadius = Self.cardRadius
        card.layer.shadowOpacity = 0.15
        card.layer.shadowRadius = 20
        content.frame = CGRect(origin: .zero, size: size)
        try card.addSubview(content)
        try cover.addSubview(card)
        try window.addSubview(cover)
        popover = cover
        activePill = pill
        setNeedsLayout()
    }

    func close() {
        popover?.removeFromSuperview()
        popover = nil
        activePill = nil
        setNeedsLayout()
    }
}
