import Foundation
import ObjectBridge

/// `UICollectionLayoutListConfiguration`: a table-like section of a compositional layout, one
/// full-width self-sizing row per item, with the header, footer, separators and backgrounds
/// of its appearance.
public final class ListConfiguration: BridgeObject {
    /// `UICollectionLayoutListAppearance`.
    public enum Appearance: Int, CaseIterable, Sendable {
        case plain = 0
        case grouped, insetGrouped, sidebar, sidebarPlain

        /// Whether rows sit on a grouped background, in sections apart.
        var isGrouped: Bool { self == .grouped || self == .insetGrouped || self == .sidebar }
        /// Whether the rows are inset from the sides, their section's ends rounded.
        var isInset: Bool { self == .insetGrouped || self == .sidebar }
        var isSidebar: Bool { self == .sidebar || self == .sidebarPlain }
    }

    /// `UICollectionLayoutListHeaderMode` and `…FooterMode`.
    public enum SupplementaryMode: Int, Sendable {
        case none = 0
        case supplementary, firstItemInSection
    }

    public private(set) var appearance: Appearance
    public var showsSeparators = true
    public var headerMode = SupplementaryMode.none
    public var footerMode = SupplementaryMode.none
    /// The list's background; nil for its appearance's.
    public var backgroundColor: Color? { didSet { replaceOwned(oldValue, with: backgroundColor) } }
    /// `function(indexPath)` returning a `UISwipeActionsConfiguration` or nil.
    public var leadingSwipeActionsProvider: ScriptBlock?
    public var trailingSwipeActionsProvider: ScriptBlock?

    /// A row's height before its cell has measured itself: UITableView's standard row.
    static let estimatedRowHeight = 44.0
    /// The space a grouped section keeps above and below its rows when it has no header or
    /// footer: half of UITableView's grouped gap of 35 points between sections.
    static let groupedSectionSpacing = 17.5
    /// The corner radius of an inset grouped section's ends (UIKit publishes none; this
    /// follows screenshots).
    static let insetCornerRadius = 10.0

    public init(appearance: Appearance) {
        self.appearance = appearance
        showsSeparators = !appearance.isSidebar
    }

    /// `initWithAppearance`: the appearance and its defaults.
    func setAppearance(_ appearance: Appearance) {
        self.appearance = appearance
        showsSeparators = !appearance.isSidebar
    }

    /// The background the list is drawn on: the script's, else the appearance's.
    var shownBackgroundColor: Color {
        backgroundColor ?? (appearance.isGrouped ? Color.systemGroupedBackground : Color.systemBackground)
    }

    /// The section that lays out a list in `environment`: rows of the full content width,
    /// estimated at the standard height, with the mode's header and footer.
    func section(in environment: CollectionLayoutEnvironment) throws -> CollectionLayoutSection {
        let fullWidth = try CollectionLayoutDimension(.fractionalWidth, 1)
        let estimated = try CollectionLayoutDimension(.estimated, Self.estimatedRowHeight)
        let rowSize = try CollectionLayoutSize(width: fullWidth, height: estimated)
        let row = try CollectionLayoutGroup(
            axis: .vertical, layoutSize: rowSize, subitems: [CollectionLayoutItem(layoutSize: rowSize)])
        let section = CollectionLayoutSection(group: row)
        section.list = copy()
        let side = appearance.isInset ? View.systemSideMargin(forWidth: environment.container.contentSize.width) : 0
        let spacing = appearance.isGrouped ? Self.groupedSectionSpacing : 0
        section.contentInsets = DirectionalEdgeInsets(
            top: headerMode == .supplementary ? 0 : spacing, leading: side,
            bottom: footerMode == .supplementary ? 0 : spacing, trailing: side)
        var boundaries: [BoundarySupplementaryItem] = []
        if headerMode == .supplementary {
            boundaries.append(try boundaryItem(FlowLayout.headerKind, alignment: .top))
        }
        if footerMode == .supplementary {
            boundaries.append(try boundaryItem(FlowLayout.footerKind, alignment: .bottom))
        }
        section.setBoundarySupplementaryItems(boundaries)
        return section
    }

    private func boundaryItem(_ kind: String, alignment: BoundarySupplementaryItem.Alignment) throws
        -> BoundarySupplementaryItem
    {
        let size = try CollectionLayoutSize(
            width: try CollectionLayoutDimension(.fractionalWidth, 1),
            height: try CollectionLayoutDimension(.estimated, Self.estimatedRowHeight))
        let item = try BoundarySupplementaryItem(layoutSize: size, elementKind: kind, alignment: alignment)
        item.pinToVisibleBounds = appearance == .plain && alignment == .top
        return item
    }

    func copy() -> ListConfiguration {
        let copy = ListConfiguration(appearance: appearance)
        copy.showsSeparators = showsSeparators
        (copy.headerMode, copy.footerMode) = (headerMode, footerMode)
        copy.backgroundColor = backgroundColor
        (copy.leadingSwipeActionsProvider, copy.trailingSwipeActionsProvider) =
            (leadingSwipeActionsProvider, trailingSwipeActionsProvider)
        return copy
    }
}

/// Where a list row is in its section, which its cell draws from: its separators and, in an
/// inset section, its rounded ends.
public struct ListPlacement: Equatable, Sendable {
    public var appearance: ListConfiguration.Appearance
    public var isFirst: Bool
    public var isLast: Bool
    public var showsSeparators: Bool
}
