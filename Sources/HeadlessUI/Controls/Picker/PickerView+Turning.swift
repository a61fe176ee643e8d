import Foundation
import ObjectBridge

/// A vertical drag on a wheel: it turns the wheel under the finger and lets it settle.
final class PickerTurnRecognizer: PanRecognizer {
    weak var picker: PickerView?
    private var component: Int?
    private var startPosition = 0.0

    override func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool {
        super.movedFarEnoughToBegin(CGPoint(x: 0, y: moved.y))
    }

    override func stateDidChange() throws {
        guard let picker else { return }
        switch state {
        case .began:
            component = try picker.component(at: try picker.window?.convert(start, to: picker) ?? start)
            if let component { startPosition = picker.wheels[component].position }
            picker.motion += 1
        case .changed:
            guard let component, picker.wheels.indices.contains(component) else { return }
            picker.turn(component, to: startPosition - translation.y / picker.wheels[component].rowHeight)
        case .ended, .cancelled:
            guard let component else { return }
            try picker.release(component, velocity: velocity.y)
            self.component = nil
        default: break
        }
    }
}

extension PickerView {
    /// How far a flick turns a wheel: its velocity over the scroll view's fast deceleration
    /// (0.99 a millisecond), as UIKit's picker wheels slow down.
    static let projection = 0.99 / (1 - 0.99) / 1000
    /// How long a wheel takes to settle on a row (*unconfirmed*).
    static let settleDuration = 0.3

    /// The component whose wheel is under `point` (the picker's coordinates).
    func component(at point: CGPoint) throws -> Int? {
        try componentFrames().firstIndex { $0.minX <= point.x && point.x < $0.maxX }
    }

    /// The wheel follows the finger, no further than half a row past its ends (a looping wheel
    /// has none).
    func turn(_ component: Int, to position: Double) {
        // The data source may have reloaded the wheels away since the drag began.
        guard wheels.indices.contains(component) else { return }
        let last = Double(max(wheels[component].rows - 1, 0))
        wheels[component].position = wheels[component].loops ? position : min(max(position, -0.5), last + 0.5)
        setNeedsLayout()
    }

    /// Let go: the wheel settles on the row nearest where the flick would take it, and the
    /// delegate hears of it.
    func release(_ component: Int, velocity: Double) throws {
        guard wheels.indices.contains(component), wheels[component].rows > 0 else { return }
        let wheel = wheels[component]
        let projected = (wheel.position - velocity * Self.projection / wheel.rowHeight).rounded()
        // A looping wheel spins at most a thousand rows, however hard the flick.
        let slot =
            wheel.loops
            ? min(max(projected, wheel.position.rounded() - 1000), wheel.position.rounded() + 1000)
            : min(max(projected, 0), Double(wheel.rows - 1))
        try settle(component, slot: Int(slot), animated: true, tellsDelegate: true)
    }

    /// A tap on a row above or below the centre turns the wheel to it.
    func tapped(at point: CGPoint) throws {
        guard let component = try component(at: point), wheels[component].rows > 0 else { return }
        let wheel = wheels[component]
        let radius = max(1, bounds.height / 2)
        let sine = min(max((point.y - bounds.midY) / radius, -1), 1)
        let slot = Int((wheel.position + asin(sine) * radius / wheel.rowHeight).rounded())
        guard wheel.loops || (0..<wheel.rows).contains(slot), wheel.row(atSlot: slot) != wheel.selected else {
            return
        }
        try settle(component, slot: slot, animated: true, tellsDelegate: true)
    }

    /// Turns the wheel to `row` (by the shorter way round, for a looping wheel).
    func settle(_ component: Int, on row: Int, animated: Bool, tellsDelegate: Bool) throws {
        try settle(
            component, slot: wheels[component].slot(showing: row), animated: animated, tellsDelegate: tellsDelegate)
    }

    /// Turns the wheel to `slot`, at once or easing out over the settle duration on the clock;
    /// the delegate hears of a person's choice when the wheel stops. A looping wheel then
    /// stands at its row's first slot again.
    private func settle(_ component: Int, slot: Int, animated: Bool, tellsDelegate: Bool) throws {
        let row = wheels[component].row(atSlot: slot)
        wheels[component].selected = row
        motion += 1
        let clock = environment.clock
        guard animated, clock.animationsEnabled else {
            wheels[component].position = Double(row)
            setNeedsLayout()
            if tellsDelegate { try didSelect(row, component) }
            return
        }
        let (from, started, expected) = (wheels[component].position, clock.now, motion)
        func frame() {
            clock.schedule(after: ScrollView.frame) { [weak self] in
                guard let self, self.motion == expected, self.wheels.indices.contains(component) else { return }
                let done = min(1, (clock.now - started) / Self.settleDuration)
                let eased = 1 - pow(1 - done, 3)
                self.wheels[component].position = done < 1 ? from + (Double(slot) - from) * eased : Double(row)
                self.setNeedsLayout()
                if done < 1 { return frame() }
                if tellsDelegate { try self.didSelect(row, component) }
            }
        }
        frame()
    }

    private func didSelect(_ row: Int, _ component: Int) throws {
        if let content { return try content.picker(self, didSelect: row, inComponent: component) }
        _ = try delegate?.ask(
            "pickerView_didSelectRow_inComponent", of: Self.delegateProtocol.name, self, row, component,
            returning: AnyScriptValue.self)
    }
}
