import Foundation
import ObjectBridge

/// `UIPickerView`: wheels of rows, one per component, whose rows its data source counts and
/// its delegate titles. Each wheel turns on a cylinder: the row at the centre, under the
/// selection band, is the chosen one; the rows around it lean away, squashed and faded, as on
/// the device. A drag turns a wheel and lets it settle on a row; a tap on a row turns it there.
public final class PickerView: View {
    static let dataSourceProtocol = ProtocolDescription(
        "UIPickerViewDataSource", required: ["numberOfComponentsInPickerView", "pickerView_numberOfRowsInComponent"],
        optional: [])
    static let delegateProtocol = ProtocolDescription(
        "UIPickerViewDelegate", required: [],
        optional: [
            "pickerView_titleForRow_forComponent", "pickerView_attributedTitleForRow_forComponent",
            "pickerView_widthForComponent", "pickerView_rowHeightForComponent", "pickerView_didSelectRow_inComponent",
        ])

    /// UIKit's picker height; its 32-point rows, 21-point titles, 5 points between wheels and
    /// 8-point margins are what iOS 14 to 17 draw, not confirmed by Apple.
    static let height = 216.0
    static let defaultRowHeight = 32.0
    static let titleSize = 21.0
    static let componentSpacing = 5.0
    static let margin = 8.0
    /// The most components and rows a data source may report.
    static let maximumComponents = 64
    static let maximumRows = 1_000_000

    /// One wheel: how many rows it has, the chosen one, and where it stands (the row at the
    /// centre, fractional while it turns).
    struct Wheel {
        var rows = 0
        var selected = 0
        var position = 0.0
        var width = 0.0
        var rowHeight = PickerView.defaultRowHeight
        /// Whether the rows go round, the first after the last (a date picker's months, days,
        /// hours and minutes). Positions are then slots: any whole number, showing a row of the loop.
        var loops = false
        /// Titles asked so far, until the next reload.
        var titles: [Int: RowTitle] = [:]

        /// The row slot `slot` shows: itself, or for a looping wheel its place in the loop.
        func row(atSlot slot: Int) -> Int { loops && rows > 0 ? (slot % rows + rows) % rows : slot }

        /// The slot nearest the wheel's position that shows `row`.
        func slot(showing row: Int) -> Int {
            guard loops, rows > 0 else { return row }
            let here = Int(position.rounded())
            let ahead = ((row - self.row(atSlot: here)) % rows + rows) % rows
            return ahead > rows / 2 ? here + ahead - rows : here + ahead
        }
    }

    /// What the delegate titles a row with.
    enum RowTitle {
        case plain(String)
        case attributed(AttributedText)
        case none
    }

    /// Native rows and titles (a date picker's wheels), used instead of a script's data source
    /// and delegate.
    weak var content: PickerContent?
    @WeakObjectReference public var dataSource: BridgeObject? = nil
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// Kept and returned: iOS 14 and later always show the band.
    public var showsSelectionIndicator = true
    var wheels: [Wheel] = []
    private var needsReload = true
    /// Set while the picker lays out (and asks the delegate for titles and widths): a reload
    /// asked for then waits for the next pass, so the wheels do not change under the layout.
    var isLayingOut = false
    /// The band behind the centre row.
    let indicator = View()
    /// The row labels on screen, by component and row.
    var rowLabels: [[Int: Label]] = []
    unowned let environment: UIEnvironment
    private let turning: PickerTurnRecognizer
    private let tapping: TapRecognizer
    /// Counts the settling motions, so that a new one replaces the last.
    var motion = 0

    init(environment: UIEnvironment) {
        self.environment = environment
        turning = PickerTurnRecognizer(dispatcher: environment.touches)
        tapping = TapRecognizer(dispatcher: environment.touches)
        super.init()
        indicator.backgroundColor = Color.tertiarySystemFill
        indicator.layer.cornerRadius = 7
        try? addSubview(indicator)
        turning.picker = self
        addGestureRecognizer(turning)
        tapping.nativeActions.append { [weak self] in
            guard let self else { return }
            try self.tapped(at: try self.tapping.location(in: self))
        }
        addGestureRecognizer(tapping)
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.height) }
    public override func layoutSubviews() throws { try layOutWheels() }

    // MARK: Data

    /// `reloadAllComponents`: the data source is asked again, and the delegate's titles.
    func reloadAllComponents() throws {
        guard !isLayingOut else { return reloadAtNextPass() }
        needsReload = false
        let count =
            try content?.componentCount ?? ask(
                dataSource, "numberOfComponentsInPickerView", of: Self.dataSourceProtocol)
            ?? 0
        guard (0...Self.maximumComponents).contains(count) else {
            throw ScriptValueError(
                "numberOfComponentsInPickerView returned \(count); a picker has 0 to \(Self.maximumComponents)")
        }
        var made: [Wheel] = []
        for component in 0..<count {
            var wheel = component < wheels.count ? wheels[component] : Wheel()
            try reload(&wheel, component)
            made.append(wheel)
        }
        wheels = made
        setNeedsLayout()
    }

    /// `reloadComponent`.
    func reloadComponent(_ component: Int) throws {
        guard !isLayingOut else { return reloadAtNextPass() }
        try reloadIfNeeded()
        try checkComponent(component, "reloadComponent")
        try reload(&wheels[component], component)
        setNeedsLayout()
    }

    private func reload(_ wheel: inout Wheel, _ component: Int) throws {
        let rows =
            try content?.rowCount(component)
            ?? ask(dataSource, "pickerView_numberOfRowsInComponent", of: Self.dataSourceProtocol, component) ?? 0
        guard (0...Self.maximumRows).contains(rows) else {
            throw ScriptValueError(
                "pickerView_numberOfRowsInComponent returned \(rows) for component \(component); "
                    + "a wheel has 0 to \(Self.maximumRows) rows")
        }
        wheel.rows = rows
        wheel.loops = content?.loops(component) ?? false
        wheel.selected = min(wheel.selected, max(0, rows - 1))
        wheel.position = Double(wheel.selected)
        wheel.titles = [:]
        if rowLabels.indices.contains(component) {
            for label in rowLabels[component].values { label.removeFromSuperview() }
            rowLabels[component] = [:]
        }
        let height = try ask(
            delegate, "pickerView_rowHeightForComponent", of: Self.delegateProtocol, component, as: Double.self)
        wheel.rowHeight = height.map { min(max($0, 1), Self.height) } ?? Self.defaultRowHeight
    }

    func reloadIfNeeded() throws { if needsReload { try reloadAllComponents() } }

    private func reloadAtNextPass() {
        needsReload = true
        setNeedsLayout()
    }

    func checkComponent(_ component: Int, _ method: String) throws {
        guard wheels.indices.contains(component) else {
            throw ScriptValueError("\(method): component \(component) is not one of the picker's \(wheels.count)")
        }
    }

    /// `selectRow_inComponent_animated`: the wheel turns to the row; the delegate hears nothing,
    /// as in UIKit.
    func selectRow(_ row: Int, inComponent component: Int, animated: Bool) throws {
        try reloadIfNeeded()
        try checkComponent(component, "selectRow_inComponent_animated")
        guard (0..<max(wheels[component].rows, 1)).contains(row) else {
            throw ScriptValueError(
                "selectRow_inComponent_animated: row \(row) is not one of component \(component)'s "
                    + "\(wheels[component].rows)")
        }
        try settle(component, on: row, animated: animated, tellsDelegate: false)
    }

    /// `selectedRowInComponent`: -1 for a wheel with no rows.
    func selectedRow(inComponent component: Int) throws -> Int {
        try reloadIfNeeded()
        try checkComponent(component, "selectedRowInComponent")
        return wheels[component].rows == 0 ? -1 : wheels[component].selected
    }

    /// The delegate's or data source's answer to `method`, as a whole number.
    private func ask<each A: ScriptConvertible>(
        _ object: BridgeObject?, _ method: String, of protocolDescription: ProtocolDescription,
        _ arguments: repeat each A
    ) throws -> Int? {
        try object?.ask(method, of: protocolDescription.name, self, repeat each arguments, returning: Int.self)
    }

    func ask<each A: ScriptConvertible, R: ScriptConvertible>(
        _ object: BridgeObject?, _ method: String, of protocolDescription: ProtocolDescription,
        _ arguments: repeat each A, as: R.Type
    ) throws -> R? {
        try object?.ask(method, of: protocolDescription.name, self, repeat each arguments, returning: R?.self) ?? nil
    }
}

/// A picker's rows from native code: how many, their titles, the wheels' widths, and what a
/// person's choice does.
protocol PickerContent: AnyObject {
    var componentCount: Int { get }
    func rowCount(_ component: Int) -> Int
    func title(_ row: Int, _ component: Int) -> String
    /// The wheel's width in a picker `inner` points wide between its margins.
    func width(_ component: Int, inner: Double) -> Double
    func picker(_ picker: PickerView, didSelect row: Int, inComponent component: Int) throws
    /// Whether the wheel's rows go round.
    func loops(_ component: Int) -> Bool
}

extension PickerContent {
    func loops(_ component: Int) -> Bool { false }
}
