import Foundation
import ObjectBridge

/// `UIActivityIndicatorView`: eight spokes round a centre, fading from the leading one, turning
/// an eighth of a turn every eighth of a second on the virtual clock while it animates. The
/// medium style is 20 points across and the large 37; the legacy white and grey styles are the
/// same sizes in their colours. Stopped, it hides unless `hidesWhenStopped` is off.
public final class ActivityIndicatorView: View {
    /// UIActivityIndicatorViewStyle: whiteLarge 0, white 1, gray 2 (deprecated), medium 100, large 101.
    public private(set) var style = 100
    public var color: Color? { didSet { replaceOwned(oldValue, with: color) } }
    public var hidesWhenStopped = true { didSet { updateHidden() } }
    public private(set) var isAnimating = false
    /// How many spokes show, clockwise from the top: all, but for a refresh control's spinner
    /// as the pull grows, when they show evenly.
    public var visibleSpokes = spokes
    /// When it started turning, for the spokes' phase.
    private var started = 0.0
    private var generation = 0
    private unowned let clock: VirtualClock

    static let styles = [0, 1, 2, 100, 101]
    static let spokes = 8

    init(clock: VirtualClock) {
        self.clock = clock
        super.init()
        setStyle(100)
        updateHidden()
    }

    static let mediumSide = 20.0
    var side: Double { [0, 101].contains(style) ? 37 : Self.mediumSide }

    func setStyle(_ new: Int) {
        style = new
        frame = CGRect(origin: frame.origin, size: CGSize(width: side, height: side))
        invalidateIntrinsicContentSize()
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: side, height: side) }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: side, height: side) }

    func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        started = clock.now
        updateHidden()
        tick()
    }

    func stopAnimating() {
        isAnimating = false
        generation += 1
        updateHidden()
    }

    /// As UIKit's: hidden exactly when stopped and told to hide then.
    private func updateHidden() { isHidden = hidesWhenStopped && !isAnimating }

    /// Each eighth of a second the spokes move on, so the clock is kept going while it turns.
    private func tick() {
        generation += 1
        let expected = generation
        clock.schedule(after: 1.0 / Double(Self.spokes)) { [weak self] in
            guard let self, self.generation == expected, self.isAnimating else { return }
            self.window?.application.displayPending = true
            self.tick()
        }
    }

    /// Which spoke leads now.
    public var leadingSpoke: Int {
        guard isAnimating else { return 0 }
        return Int(((clock.now - started) * Double(Self.spokes)).rounded(.down)) % Self.spokes
    }

    public override var backdrop: Drawing? {
        let size = bounds.size
        let base = color ?? ([0, 1].contains(style) ? Color(white: 1, alpha: 1) : Color(rgb: 153, 153, 153))
        let lead = leadingSpoke
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let outer = side / 2
        let inner = outer * 0.45
        let width = side * 0.09
        return Drawing(size: size) { drawing in
            let fading = isAnimating || visibleSpokes >= Self.spokes
            for spoke in 0..<min(visibleSpokes, Self.spokes) {
                let angle = -Double.pi / 2 + 2 * Double.pi * Double(spoke) / Double(Self.spokes)
                let age = fading ? (lead - spoke + Self.spokes) % Self.spokes : 0
                var line = DrawingPath()
                line.move(to: CGPoint(x: center.x + cos(angle) * inner, y: center.y + sin(angle) * inner))
                line.line(
                    to: CGPoint(
                        x: center.x + cos(angle) * (outer - width / 2), y: center.y + sin(angle) * (outer - width / 2)))
                let alpha = base.alpha * (1 - Double(age) / Double(Self.spokes) * 0.85)
                drawing.stroke(
                    line, Color(red: base.red, green: base.green, blue: base.blue, alpha: alpha), width: width)
            }
        }
    }
}
