import Foundation
import HeadlessUI
import ObjectBridge

/// `rebound run --record`: what a person does on the preview page, written as a busted spec
/// that `rebound test` replays. Gestures become `tap`, `drag`, `flick` and `pinchOpen` /
/// `pinchClose` on the views under the pointer, found as a UI test finds them (accessibility
/// identifier, then text, then class and index; never raw coordinates, so the spec survives a
/// change of layout); typing becomes `host.type`; the time between gestures becomes
/// `simulate.advance`. At the end the spec checks the texts on screen and a picture snapshot.
/// It records the screen of the device the first input came to; input to other screens is
/// left out.
public final class SessionRecorder {
    /// The profile name of the device recorded; nil until the first input.
    public private(set) var device: String?
    private var lines: [String] = []
    /// The scroll view the last line set the offset of, when that line was the wheel's: a
    /// scroll's many wheel events become one line.
    private var wheeled: String?
    private var typed = ""
    private var lastAction: ContinuousClock.Instant?
    private var strokes: [Int: Stroke] = [:]
    private var finished: [Stroke] = []

    /// A finger's way: where the gesture's view was found, and each point with its time.
    private struct Stroke {
        let target: String
        let targetCenter: CGPoint
        var points: [(point: CGPoint, time: ContinuousClock.Instant)]
    }

    /// How many gestures and edits were recorded.
    public private(set) var count = 0

    public init() {}

    /// Takes in `action`, made on the screen of device `name`, before it is applied to `world`
    /// (so the views under it are the ones it lands on).
    func note(_ action: ScreenInput.Action, on name: String, in world: UIWorld) {
        guard (device ?? name) == name else { return }
        device = name
        let now = ContinuousClock.now
        switch action {
        case .down(let finger, let x, let y):
            let point = CGPoint(x: x, y: y)
            if strokes.isEmpty {
                flushTyping()
                wait(until: now)
            }
            let (target, center) = Self.target(at: point, in: world)
            strokes[finger] = Stroke(target: target, targetCenter: center, points: [(point, now)])
        case .move(let finger, let x, let y):
            strokes[finger]?.points.append((CGPoint(x: x, y: y), now))
        case .up(let finger, let x, let y):
            guard var stroke = strokes.removeValue(forKey: finger) else { return }
            stroke.points.append((CGPoint(x: x, y: y), now))
            finished.append(stroke)
            if strokes.isEmpty { gesture(ended: now) }
        case .cancel:
            strokes = [:]
            finished = []
        case .wheel(let x, let y, let dx, let dy):
            guard
                let (scrollView, offset) = try? world.input.scrollTarget(
                    at: CGPoint(x: x, y: y), by: CGPoint(x: dx, y: dy))
            else { return }
            let target = Self.finder(for: scrollView, in: world, byText: false).0
            if wheeled == target {
                lines.removeLast()
                count -= 1
            } else {
                flushTyping()
                wait(until: now)
            }
            add("\(target).contentOffset = \(Self.point(offset))")
            wheeled = target
            lastAction = now
        case .text(let text):
            if typed.isEmpty { wait(until: now) }
            typed += text
            lastAction = now
        case .key(let name):
            if name == "return" {
                typed += "\n"
                lastAction = now
            } else {
                flushTyping()
                wait(until: now)
                add("simulate.key(\(Self.quoted(name)))")
            }
        case .paste(let text):
            flushTyping()
            wait(until: now)
            add("simulate.paste(\(Self.quoted(text)))")
        case .rotate:
            flushTyping()
            wait(until: now)
            let next = world.screen.profile.orientation.isLandscape ? "portrait" : "landscapeLeft"
            add("simulate.deviceOrientation(\(Self.quoted(next)))")
        case .appearance(let style):
            flushTyping()
            wait(until: now)
            add("simulate.appearance(\(Self.quoted(style.name)))")
        case .contentSize(let category):
            flushTyping()
            wait(until: now)
            add("simulate.contentSizeCategory(\(Self.quoted(category.name)))")
        }
    }

    /// A knob set on the page to `value`, which it accepted: a comment, as a spec cannot set a
    /// knob, that says how to replay with it.
    func noteKnob(_ name: String, setTo value: KnobStore.Value) {
        let assignment = "\(name)=\(value.text)"
        add(
            "-- the knob \(LuaLiteral.string(name)) was set to \(LuaLiteral.string(value.text)): "
                + "rebound test --param \(LuaLiteral.comment(Self.shellQuoted(assignment))) replays it")
    }

    /// The spec: the recorded gestures in a test named `name`, then checks of what `world`
    /// shows now.
    public func spec(named name: String, world: UIWorld?) -> String {
        flushTyping()
        var body = ["host.start()"] + lines
        if let world {
            for text in Self.textsOnScreen(world).prefix(20) {
                // A failure says which text is missing, not only that a value was nil.
                let missing = Self.quoted("no view on screen shows the text \(Self.quoted(text))")
                body.append("assert.is_not_nil(host.find { text = \(Self.quoted(text)) }, \(missing))")
            }
        }
        body.append("host.snapshot(\(Self.quoted(name)))")
        let replay = device.map { "`rebound test --device \(LuaLiteral.comment($0))`" } ?? "`rebound test`"
        return """
            -- Recorded by `rebound run --record` on \(Date().formatted(.iso8601)): what was done in the
            -- preview, then the texts it left on screen and a picture of it. \(replay) replays it.
            describe(\(Self.quoted(name)), function()
              it("replays what was done in the preview", function()
            \(body.map { "    " + $0 }.joined(separator: "\n"))
              end)
            end)

            """
    }

    // MARK: Gestures

    /// All fingers lifted: one gesture from the strokes.
    private func gesture(ended: ContinuousClock.Instant) {
        defer { finished = [] }
        guard let first = finished.first, let start = first.points.first, let end = first.points.last else { return }
        if finished.count >= 2, let second = finished.dropFirst().first, let secondStart = second.points.first,
            let secondEnd = second.points.last
        {
            let before = distance(start.point, secondStart.point)
            let after = distance(end.point, secondEnd.point)
            guard before > 0 else { return }
            let scale = after / before
            add("\(scale >= 1 ? "pinchOpen" : "pinchClose")(\(first.target), { scale = \(Self.number(scale)) })")
            return
        }
        let moved = CGPoint(x: end.point.x - start.point.x, y: end.point.y - start.point.y)
        let held = (end.time - start.time).inSeconds
        if distance(start.point, end.point) < 10 {
            add(
                held >= 0.5
                    ? "longPress(\(first.target), { duration = \(Self.number(held)) })" : "tap(\(first.target))")
            return
        }
        let to = CGPoint(x: first.targetCenter.x + moved.x, y: first.targetCenter.y + moved.y)
        // The speed over the last tenth of a second: a fast lift is a flick.
        let recent = first.points.last { (end.time - $0.time).inSeconds >= 0.1 } ?? start
        let speed = distance(recent.point, end.point) / max((end.time - recent.time).inSeconds, 1.0 / 60)
        if speed > 300 {
            add("flick(\(first.target), { to = \(Self.point(to)), duration = \(Self.number(max(held, 0.05))) })")
        } else {
            add("drag(\(first.target), { to = \(Self.point(to)) })")
        }
    }

    private func add(_ line: String) {
        lines.append(line)
        count += 1
        wheeled = nil
    }

    /// The time since the last action, as `simulate.advance` (none under a twentieth of a second;
    /// at most five seconds, the rest of a pause being no part of the gesture).
    private func wait(until now: ContinuousClock.Instant) {
        defer { lastAction = now }
        guard let lastAction else { return }
        let gap = min(5, (now - lastAction).inSeconds)
        if gap >= 0.05 {
            lines.append("simulate.advance(\(Self.number((gap * 100).rounded() / 100)))")
            wheeled = nil
        }
    }

    private func flushTyping() {
        guard !typed.isEmpty else { return }
        add("host.type(\(Self.quoted(typed)))")
        typed = ""
    }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    // MARK: Finding views as a spec finds them

    /// How a spec finds the view under `point`, and that view's centre in the window.
    static func target(at point: CGPoint, in world: UIWorld) -> (String, CGPoint) {
        guard let hit = try? world.application.window(at: point), let view = hit.view else {
            return ("{ x = \(number(point.x)), y = \(number(point.y)) }", point)
        }
        let (found, target) = finder(for: view, in: world)
        // A container found by class (the window, a controller's view) is no place to aim at:
        // its centre is not where the finger was, so the point itself is kept.
        let screen = world.screen.profile.size
        let area = target.bounds.width * target.bounds.height
        if found.hasPrefix("host.findAll { class"), area > screen.width * screen.height / 4 {
            return (Self.point(point), point)
        }
        return (found, center(of: target) ?? point)
    }

    /// The view's (or its nearest ancestor's) accessibility identifier; else, `byText`, the
    /// text of the view or the first view with text inside it (a cell's label); else its class
    /// and index.
    static func finder(for view: View, in world: UIWorld, byText: Bool = true) -> (String, View) {
        let order = breadthFirst(world.window)
        var ancestor: View? = view
        while let candidate = ancestor {
            if let identifier = candidate.accessibility.identifier {
                return (
                    findBy("accessibilityIdentifier", identifier, candidate, order) {
                        $0.accessibility.identifier == identifier
                    }, candidate
                )
            }
            ancestor = candidate.superview
        }
        if byText, let shown = breadthFirst(view).first(where: { text(of: $0) != nil }), let text = text(of: shown) {
            return (findBy("text", text, shown, order) { Self.text(of: $0) == text }, shown)
        }
        let name = (try? world.bridge.classObject(for: view).name) ?? "UIView"
        let kin = order.filter { (try? world.bridge.classObject(for: $0).isSubclass(ofClassNamed: name)) ?? false }
        let index = (kin.firstIndex { $0 === view } ?? 0) + 1
        return ("host.findAll { class = \(quoted(name)) }[\(index)]", view)
    }

    /// `host.find { key = value }`, or the view's place among all that match.
    private static func findBy(
        _ key: String, _ value: String, _ view: View, _ order: [View], _ matches: (View) -> Bool
    ) -> String {
        let all = order.filter(matches)
        guard all.count > 1 else { return "host.find { \(key) = \(quoted(value)) }" }
        return "host.findAll { \(key) = \(quoted(value)) }[\((all.firstIndex { $0 === view } ?? 0) + 1)]"
    }

    /// The texts the screen shows: labels, buttons' titles and fields' texts that are visible.
    static func textsOnScreen(_ world: UIWorld) -> [String] {
        var seen: [String] = []
        for view in breadthFirst(world.window) where !view.isHidden && view.alpha > 0 && view.window != nil {
            guard let text = text(of: view), !text.isEmpty, !seen.contains(text) else { continue }
            seen.append(text)
        }
        return seen
    }

    /// What `host.find { text = ... }` matches: a label's or field's text, a button's title.
    static func text(of view: View) -> String? {
        switch view {
        case let label as Label: label.text.flatMap { $0.isEmpty ? nil : $0 }
        case let field as TextField: field.text.isEmpty ? nil : field.text
        case let button as Button: button.currentTitle
        default: nil
        }
    }

    /// The views from `root` in the order `host.find` searches them.
    static func breadthFirst(_ root: View) -> [View] {
        var order: [View] = []
        var pending = [root]
        var index = 0
        while index < pending.count {
            let view = pending[index]
            index += 1
            order.append(view)
            pending += view.subviews
        }
        return order
    }

    private static func center(of view: View) -> CGPoint? {
        let bounds = view.bounds
        return try? view.convert(CGPoint(x: bounds.midX, y: bounds.midY), to: nil)
    }

    static func point(_ point: CGPoint) -> String { "{ x = \(number(point.x)), y = \(number(point.y)) }" }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    /// A Lua string literal, whole however long.
    static func quoted(_ text: String) -> String { LuaLiteral.string(text) }

    /// One word for a POSIX shell: in single quotes, with a quote in it closed and escaped.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
