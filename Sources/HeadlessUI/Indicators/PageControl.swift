import Foundation
import ObjectBridge

/// `UIPageControl`: a row of dots, one a page, the current one in its own colour. A tap left of
/// the current dot goes back a page and right of it forward one, sending ValueChanged, as
/// UIKit's does. The dots are 7 points wide, 16 apart, in a control 37 points tall (UIKit's
/// classic metrics; see docs/uikit-metrics.md).
public final class PageControl: Control {
    public private(set) var numberOfPages = 0
    public private(set) var currentPage = 0
    public var hidesForSinglePage = false
    public var pageIndicatorTintColor: Color? { didSet { replaceOwned(oldValue, with: pageIndicatorTintColor) } }
    public var currentPageIndicatorTintColor: Color? {
        didSet { replaceOwned(oldValue, with: currentPageIndicatorTintColor) }
    }

    static let dot = 7.0
    static let pitch = 16.0
    static let height = 37.0

    override var primaryActionEvent: ControlEvents { .valueChanged }

    func setNumberOfPages(_ count: Int) throws {
        guard count >= 0, count <= 10_000 else {
            throw ScriptValueError("numberOfPages must be from 0 to 10000, got \(count)")
        }
        numberOfPages = count
        currentPage = min(currentPage, max(0, count - 1))
        invalidateIntrinsicContentSize()
    }

    /// Sets the page, kept within the pages there are, as UIKit keeps it.
    func setCurrentPage(_ page: Int) { currentPage = min(max(page, 0), max(0, numberOfPages - 1)) }

    /// `sizeForNumberOfPages`: the dots and their spacing, 37 points tall.
    static func size(forPages count: Int) -> CGSize {
        CGSize(width: count > 0 ? Double(count - 1) * pitch + dot : 0, height: height)
    }

    public override var intrinsicContentSize: CGSize { Self.size(forPages: numberOfPages) }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size(forPages: numberOfPages) }

    /// Where the current dot's centre is, with the dots centred in the bounds.
    private func dotCenter(_ page: Int) -> CGPoint {
        let width = Self.size(forPages: numberOfPages).width
        return CGPoint(
            x: (bounds.width - width) / 2 + Self.dot / 2 + Double(page) * Self.pitch, y: bounds.height / 2)
    }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside, numberOfPages > 1 else { return }
        let next = point.x < dotCenter(currentPage).x ? currentPage - 1 : currentPage + 1
        guard (0..<numberOfPages).contains(next) else { return }
        currentPage = next
        try sendActions(for: .valueChanged)
    }

    public override var backdrop: Drawing? {
        guard numberOfPages > 0, !(hidesForSinglePage && numberOfPages == 1) else { return nil }
        return Drawing(size: bounds.size) { drawing in
            for page in 0..<numberOfPages {
                let center = dotCenter(page)
                var disc = DrawingPath()
                disc.addEllipse(
                    in: CGRect(
                        x: center.x - Self.dot / 2, y: center.y - Self.dot / 2, width: Self.dot, height: Self.dot))
                let color =
                    page == currentPage
                    ? currentPageIndicatorTintColor ?? Color(white: 1, alpha: 1)
                    : pageIndicatorTintColor ?? Color(white: 1, alpha: 0.3)
                drawing.fill(disc, color)
            }
        }
    }
}

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
    var shownProgress: Double {
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
