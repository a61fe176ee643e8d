import Foundation
import ObjectBridge

/// Where the wheels and their rows go.
extension PickerView {
    /// The wheels side by side between the margins: as wide as the delegate says, or sharing
    /// the width evenly.
    func componentFrames() throws -> [CGRect] {
        let inner = max(0, bounds.width - 2 * Self.margin)
        let count = wheels.count
        guard count > 0 else { return [] }
        let shared = max(0, (inner - Self.componentSpacing * Double(count - 1)) / Double(count))
        var x = Self.margin
        var frames: [CGRect] = []
        for component in 0..<count {
            let asked =
                try content?.width(component, inner: inner)
                ?? ask(delegate, "pickerView_widthForComponent", of: Self.delegateProtocol, component, as: Double.self)
            let width = asked.map { max(0, min($0, inner)) } ?? shared
            frames.append(CGRect(x: x, y: 0, width: width, height: bounds.height))
            x += width + Self.componentSpacing
        }
        return frames
    }

    /// Lays out the band and each wheel's rows (`layoutSubviews`).
    func layOutWheels() throws {
        try reloadIfNeeded()
        isLayingOut = true
        defer { isLayingOut = false }
        let frames = try componentFrames()
        let band = wheels.first?.rowHeight ?? Self.defaultRowHeight
        indicator.frame = CGRect(
            x: Self.margin, y: bounds.midY - band / 2, width: max(0, bounds.width - 2 * Self.margin), height: band)
        indicator.isHidden = wheels.isEmpty
        while rowLabels.count > wheels.count {
            for label in rowLabels.removeLast().values { label.removeFromSuperview() }
        }
        while rowLabels.count < wheels.count { rowLabels.append([:]) }
        for (component, frame) in frames.enumerated() {
            wheels[component].width = frame.width
            try layOutRows(of: component, in: frame)
        }
    }

    /// The rows of a wheel on its cylinder: a row `d` rows from the centre is turned by
    /// `d × rowHeight / radius` radians, so it sits `radius × sin` from the middle, squashed to
    /// `cos` of its height and faded as much. Rows turned a quarter turn or more are hidden.
    /// Labels are kept by slot: a looping wheel shows its rows again above and below.
    private func layOutRows(of component: Int, in frame: CGRect) throws {
        let wheel = wheels[component]
        let radius = max(1, bounds.height / 2)
        let reach = Int((radius * Double.pi / 2 / wheel.rowHeight).rounded(.up))
        let first = Int(wheel.position.rounded(.down)) - reach
        let last = Int(wheel.position.rounded(.up)) + reach
        let (low, high) = wheel.loops && wheel.rows > 0 ? (first, last) : (max(0, first), min(wheel.rows - 1, last))
        var shown: [Int: Label] = [:]
        if low <= high {
            for slot in low...high {
                let angle = (Double(slot) - wheel.position) * wheel.rowHeight / radius
                guard abs(angle) < Double.pi / 2 * 0.98 else { continue }
                let label = try rowLabels[component][slot] ?? makeRowLabel(wheel.row(atSlot: slot), component)
                label.setTransform(.identity)
                label.frame = CGRect(x: frame.minX, y: 0, width: frame.width, height: wheel.rowHeight)
                label.setCenter(CGPoint(x: frame.midX, y: bounds.midY + radius * sin(angle)))
                label.setTransform(CGAffineTransform(a: 1, b: 0, c: 0, d: cos(angle), tx: 0, ty: 0))
                label.alpha = cos(angle)
                shown[slot] = label
            }
        }
        for (slot, label) in rowLabels[component] where shown[slot] == nil { label.removeFromSuperview() }
        rowLabels[component] = shown
    }

    /// A row's label, with the delegate's attributed title, or its title.
    private func makeRowLabel(_ row: Int, _ component: Int) throws -> Label {
        let label = Label(engine: environment.text)
        label.font = Font.system(Self.titleSize, text: environment.text)
        label.textAlignment = 1
        label.textColor = Color.label
        let title = try wheels[component].titles[row] ?? askTitle(row, component)
        wheels[component].titles[row] = title
        switch title {
        case .attributed(let attributed): label.setAttributedText(attributed)
        case .plain(let text): label.text = text
        case .none: break
        }
        try addSubview(label)
        return label
    }

    private func askTitle(_ row: Int, _ component: Int) throws -> RowTitle {
        if let content { return .plain(content.title(row, component)) }
        if let attributed = try ask(
            delegate, "pickerView_attributedTitleForRow_forComponent", of: Self.delegateProtocol, row, component,
            as: AttributedText.self)
        {
            return .attributed(attributed)
        }
        let title = try ask(
            delegate, "pickerView_titleForRow_forComponent", of: Self.delegateProtocol, row, component, as: String.self)
        return title.map { .plain($0) } ?? .none
    }
}
