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
