import Foundation
import ObjectBridge

/// `UIRefreshControl`: a spinner in the 60 points above a scroll view's content, stretching
/// as the content is pulled further. Its spokes appear one by one as the pull grows; a pull of
/// 120 points while dragging begins refreshing and sends ValueChanged. While it refreshes, the
/// scroll view's top inset grows by 60 points, so the released content rests under the turning
/// spinner; `endRefreshing` gives the inset back and eases the content up. The 120 points are
/// Rebound's: Apple does not publish UIKit's.
public final class RefreshControl: Control {
    public private(set) var isRefreshing = false
    /// A plain-text title under the spinner (`attributedTitle` gives its string).
    public var title: String? { didSet { titleLabel.text = title } }
    let spinner: ActivityIndicatorView
    let titleLabel: Label
    /// The inset it added to its scroll view while refreshing, and whether that waits for the
    /// drag to end (so the content does not jump under the finger).
    private var addedInset = 0.0
    private var insetPending = false

    static let height = 60.0
    static let triggerDistance = 120.0

    init(touches: TouchDispatcher, engine: TextEngine) {
        spinner = ActivityIndicatorView(clock: touches.clock)
        titleLabel = Label(engine: engine)
        titleLabel.font = Font.system(12, text: engine)
        titleLabel.textColor = Color.secondaryLabel
        titleLabel.textAlignment = 1
        super.init(touches: touches)
        autoresizingMask = 2  // as wide as its scroll view, as that changes
        spinner.autoresizingMask = 1 | 4  // centred across
        titleLabel.autoresizingMask = 2
        spinner.hidesWhenStopped = false
        spinner.visibleSpokes = 0
        try? addSubview(spinner)  // cannot fail: new views are nobody's ancestors
        try? addSubview(titleLabel)
    }

    var scrollView: ScrollView? { superview as? ScrollView }

    /// How far the content is pulled down past its resting top.
    private func pull(in scrollView: ScrollView) -> Double {
        max(0, -scrollView.contentOffset.y - (scrollView.adjustedContentInset.top - addedInset))
    }

    /// The content moved: follow it, show the spokes the pull has earned, and begin refreshing
    /// when a finger pulled far enough.
    func scrollViewDidScroll(_ scrollView: ScrollView) throws {
        place(in: scrollView)
        let pull = pull(in: scrollView)
        if !isRefreshing {
            spinner.visibleSpokes = min(
                ActivityIndicatorView.spokes, Int(pull / Self.triggerDistance * Double(ActivityIndicatorView.spokes)))
            if scrollView.isDragging && pull >= Self.triggerDistance && isEnabled {
                begin(deferringInset: true)
                try sendActions(for: .valueChanged)
            }
        }
    }

    /// Above the content's own top (past the script's insets, not the safe area's: it is
    /// revealed below a navigation bar), as tall as the pull once it is past 60 points.
    func place(in scrollView: ScrollView) {
        let height = max(Self.height, pull(in: scrollView))
        let top = -(scrollView.contentInset.top - addedInset) - height
        frame = CGRect(x: 0, y: top, width: scrollView.bounds.size.width, height: height)
        let side = spinner.side
        let titleHeight = title == nil ? 0 : titleLabel.sizeThatFits(CGSize(width: frame.width, height: 0)).height
        let spinnerTop = (Self.height - side - titleHeight) / 2 + (height - Self.height) / 2
        spinner.frame = CGRect(x: (frame.width - side) / 2, y: spinnerTop, width: side, height: side)
        titleLabel.frame = CGRect(x: 0, y: spinnerTop + side, width: frame.width, height: titleHeight)
    }

    /// The finger lifted: the inset a pull earned now holds the content.
    func dragEnded() {
        guard insetPending, let scrollView else { return }
        insetPending = false
        addInset(to: scrollView)
    }

    /// `beginRefreshing`: the spinner turns and the inset grows, without the ValueChanged a
    /// pull sends, as in UIKit.
    func beginRefreshing() { begin(deferringInset: false) }

    private func begin(deferringInset: Bool) {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.visibleSpokes = ActivityIndicatorView.spokes
        spinner.startAnimating()
        guard let scrollView else { return }
        if deferringInset { insetPending = true } else { addInset(to: scrollView) }
    }

    private func addInset(to scrollView: ScrollView) {
        addedInset = Self.height
        scrollView.contentInset.top += addedInset
    }

    /// `endRefreshing`: the spinner stops and the inset goes; content resting under the spinner
    /// eases back up.
    func endRefreshing() throws {
        guard isRefreshing else { return }
        isRefreshing = false
        insetPending = false
        spinner.stopAnimating()
        spinner.visibleSpokes = 0
        guard let scrollView, addedInset > 0 else { return }
        scrollView.contentInset.top -= addedInset
        addedInset = 0
        let top = scrollView.offsetRange.minimum.y
        if !scrollView.isDragging && scrollView.contentOffset.y < top {
            try scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
        }
    }

    /// Leaving its scroll view, however it leaves, it takes its inset with it.
    public override func removeFromSuperview() {
        if let scrollView {
            scrollView.contentInset.top -= addedInset
            addedInset = 0
            insetPending = false
            if scrollView.refreshControl === self { scrollView.refreshControl = nil }
        }
        super.removeFromSuperview()
    }
}
