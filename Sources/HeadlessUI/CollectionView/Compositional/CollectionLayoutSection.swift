import Foundation
import ObjectBridge

/// `NSCollectionLayoutSection`: a group repeated along the scrolling axis, one instance after
/// another, until the section's cells are placed, inside `contentInsets`, with headers and
/// footers around it.
public final class CollectionLayoutSection: BridgeObject {
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`: how a section whose groups run
    /// across, in a row of its own, comes to rest after a drag.
    public enum OrthogonalScrolling: Int, CaseIterable, Sendable {
        case none = 0
        case continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    public let group: CollectionLayoutGroup
    public var orthogonalScrollingBehavior = OrthogonalScrolling.none
    /// `function(visibleItems, contentOffset, environment)`, run whenever the section's shown
    /// cells are asked for: it may change their attributes (a card's scale as it scrolls).
    public var visibleItemsInvalidationHandler: ScriptBlock?
    public var interGroupSpacing = 0.0
    public var contentInsets = DirectionalEdgeInsets.zero
    public private(set) var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
    public private(set) var decorationItems: [DecorationItem] = []
    /// Set for a list section (`sectionWithListConfiguration_layoutEnvironment`): what its
    /// rows' cells draw.
    public internal(set) var list: ListConfiguration? { didSet { replaceOwned(oldValue, with: list) } }

    public init(group: CollectionLayoutGroup) {
        self.group = group
        super.init()
        adopt(group)
    }

    func setBoundarySupplementaryItems(_ items: [BoundarySupplementaryItem]) {
        for old in boundarySupplementaryItems { abandon(old) }
        boundarySupplementaryItems = items
        for item in items { adopt(item) }
    }

    func setDecorationItems(_ items: [DecorationItem]) {
        for old in decorationItems { abandon(old) }
        decorationItems = items
        for item in items { adopt(item) }
    }
}

/// `NSCollectionLayoutDecorationItem`: a section's background, a view of a class registered on
/// the layout for its kind (`registerClass_forDecorationViewOfKind`), behind the section's
/// content: from below its headers to above its footers, across the whole width, shrunk by
/// its own `contentInsets`.
public final class DecorationItem: BridgeObject {
    public let elementKind: String
    public var contentInsets = DirectionalEdgeInsets.zero
    public var zIndex = -1

    public init(elementKind: String) { self.elementKind = elementKind }
}

/// `NSCollectionLayoutBoundarySupplementaryItem`: a header or footer of a section, on the
/// section's edge before or after its content along the scrolling axis (top or bottom in a
/// vertical layout, leading or trailing in a horizontal one), sized against the section's
/// size inside its insets. With `pinToVisibleBounds`, a header stays in view while its
/// section scrolls by.
public final class BoundarySupplementaryItem: BridgeObject {
    /// `NSRectAlignment`: where the item sits on its section's boundary.
    public enum Alignment: Int, CaseIterable, Sendable {
        case none = 0
        case top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

        /// Whether the item comes before its section's content along `axis` (a header: the top
        /// edge in a vertical layout, the leading edge in a horizontal one), or after it.
        func isBefore(_ axis: LayoutAxis) -> Bool {
            axis == .vertical
                ? [.top, .topLeading, .topTrailing].contains(self)
                : [.leading, .topLeading, .bottomLeading].contains(self)
        }

        func isAfter(_ axis: LayoutAxis) -> Bool {
            axis == .vertical
                ? [.bottom, .bottomLeading, .bottomTrailing].contains(self)
                : [.trailing, .topTrailing, .bottomTrailing].contains(self)
        }
    }

    public let layoutSize: CollectionLayoutSize
    public let elementKind: String
    public let alignment: Alignment
    public var pinToVisibleBounds = false
    public var zIndex = 1

    /// Refuses an alignment on neither edge of a section along `axis`.
    func check(along axis: LayoutAxis) throws {
        guard !alignment.isBefore(axis), !alignment.isAfter(axis) else { return }
        let (edges, layout) = axis == .vertical ? ("top or bottom", "vertical") : ("leading or trailing", "horizontal")
        throw ScriptValueError(
            "NSCollectionLayoutBoundarySupplementaryItem \"\(elementKind)\": alignment \(alignment.rawValue) is not "
                + "on a \(edges) edge, where a \(layout) layout's headers and footers go")
    }

    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: Alignment) throws {
        guard alignment != .none else {
            throw ScriptValueError(
                "NSCollectionLayoutBoundarySupplementaryItem: alignment 0 (none) is not on a boundary")
        }
        (self.layoutSize, self.elementKind, self.alignment) = (layoutSize, elementKind, alignment)
        super.init()
        adopt(layoutSize)
    }
}
