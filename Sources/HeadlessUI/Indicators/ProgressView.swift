import Foundation
import ObjectBridge

/// `UIProgressView`: a track 4 points tall with rounded ends, filled in the tint up to its
/// progress; `setProgress_animated` moves the fill on the virtual clock.
public final class ProgressView: View {
    public private(set) var progress = 0.0
    public var progressTintColor: Color? { didSet { replaceOwned(oldValue, with: progressTintColor) } }
    public var trackTintColor: Color? { didSet { replaceOwned(oldValue, with: trackTintColor) } }
    /// UIProgressViewStyle: default 0, bar 1 (square ends, no track colour of its own).
    public var progressViewStyle = 0
    /// An animated change under way: where from, and when it started.
    private var change: (from: Double, start: Double)?
    private unowned let clock: VirtualClock

    static let height = 4.0
    /// How long `setProgress_animated` takes (UIKit does not publish it).
    static let animationDuration = 0.25

    init(clock: VirtualClock) {
        self.clock = clock
        super.init()
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.height) }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: Self.height) }

    func setProgress(_ new: Double, animated: Bool) {
        let clamped = min(1, max(0, new))
        change = animated && clamped != progress ? (shownProgress, clock.now) : nil
        progress = clamped
        if animated {
            clock.schedule(after: Self.animationDuration) { [weak self] in
                self?.window?.application.displayPending = true
            }
        }
    }

    /// The progress the fill shows now.
    public var shownProgress: Double {
        guard let change else { return progress }
        let fraction = (clock.now - change.start) / Self.animationDuration
        guard fraction < 1 else { return progress }
        return change.from + (progress - change.from) * TimingCurve.easeInOut.progress(at: fraction, duration: 1)
    }

    public override var backdrop: Drawing? {
        let size = bounds.size
        guard size.width > 0 else { return nil }
        let radius = progressViewStyle == 0 ? Self.height / 2 : 0
        let track = CGRect(x: 0, y: (size.height - Self.height) / 2, width: size.width, height: Self.height)
        return Drawing(size: size) { drawing in
            var whole = DrawingPath()
            whole.addRoundedRect(track, radius: radius)
            drawing.fill(
                whole, trackTintColor ?? (progressViewStyle == 0 ? Color.systemFill : Color(white: 0, alpha: 0)))
            var done = DrawingPath()
            done.addRoundedRect(
                CGRect(x: 0, y: track.minY, width: size.width * shownProgress, height: Self.height), radius: radius)
            drawing.fill(done, progressTintColor ?? tintColor)
        }
    }
}
