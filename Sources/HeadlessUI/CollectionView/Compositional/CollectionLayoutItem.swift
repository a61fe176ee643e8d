import Foundation
import ObjectBridge

/// `NSCollectionLayoutItem`: one cell's place in a group, its size resolved against the
/// group's, its frame then shrunk by `contentInsets` (which do not change the group's sums).
public class CollectionLayoutItem: BridgeObject {
    public let layoutSize: CollectionLayoutSize
    public var contentInsets = DirectionalEdgeInsets.zero
    /// Views attached to each of its cells (`itemWithLayoutSize_supplementaryItems`).
    public let supplementaryItems: [CollectionLayoutSupplementaryItem]

    /// Whether a cell of this item, or of any item of this group, sizes itself along a side.
    var estimatesWidth: Bool { layoutSize.widthDimension.kind == .estimated }
    var estimatesHeight: Bool { layoutSize.heightDimension.kind == .estimated }

    public init(layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        super.init()
        adopt(layoutSize)
        for item in supplementaryItems { adopt(item) }
    }
}

/// `NSCollectionLayoutGroup`: items in a row (horizontal) or a column (vertical), repeated
/// until the group is full, or `count` equal items that share it.
public final class CollectionLayoutGroup: CollectionLayoutItem {
    public enum Axis: Sendable { case horizontal, vertical }

    /// The most items one group instance lays out: more is a script's mistake (a sliver of an
    /// item), which would otherwise have the host lay out forever.
    static let maximumItems = 10_000

    public let axis: Axis
    public let subitems: [CollectionLayoutItem]
    /// With `subitem:count:`, the number of equal items.
    public let count: Int?
    public var interItemSpacing: CollectionLayoutSpacing? {
        didSet { replaceOwned(oldValue, with: interItemSpacing) }
    }

    /// A custom group's `function(environment)`, which returns the group's items
    /// (`NSCollectionLayoutGroupCustomItem`s): each a cell's frame in the group.
    public private(set) var itemProvider: ScriptBlock?

    /// `customGroupWithLayoutSize_itemProvider`: cells where the provider puts them, each
    /// instance of the group asking it again.
    public convenience init(layoutSize: CollectionLayoutSize, itemProvider: ScriptBlock) throws {
        let whole = try CollectionLayoutSize(
            width: try CollectionLayoutDimension(.fractionalWidth, 1),
            height: try CollectionLayoutDimension(.fractionalHeight, 1))
        try self.init(axis: .horizontal, layoutSize: layoutSize, subitems: [CollectionLayoutItem(layoutSize: whole)])
        self.itemProvider = itemProvider
    }

    public init(axis: Axis, layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem], count: Int? = nil)
        throws
    {
        guard !subitems.isEmpty else { throw ScriptValueError("NSCollectionLayoutGroup: a group needs subitems") }
        if let count, !(1...Self.maximumItems).contains(count) {
            throw ScriptValueError(
                "NSCollectionLayoutGroup: count must be from 1 to \(Self.maximumItems), got \(count)")
        }
        (self.axis, self.subitems, self.count) = (axis, subitems, count)
        super.init(layoutSize: layoutSize)
        for item in subitems { adopt(item) }
    }

    override var estimatesWidth: Bool { super.estimatesWidth || subitems.contains(where: \.estimatesWidth) }
    override var estimatesHeight: Bool { super.estimatesHeight || subitems.contains(where: \.estimatesHeight) }

    /// The frames of the cells of one instance of the group laid out in `frame`, in cell order,
    /// each shrunk by its item's content insets; subitems' sizes resolve against the group's.
    /// A subitem that cannot fit is an error naming its size and the group's.
    func layOut(in frame: CGRect) throws -> [(frame: CGRect, item: CollectionLayoutItem)] {
        if let itemProvider, let item = subitems.first { return try customItems(itemProvider, in: frame, as: item) }
        let groupSize = frame.size
        let length = axis == .horizontal ? groupSize.width : groupSize.height
        let sizes: [(item: CollectionLayoutItem, size: CGSize)]
        let fixedSpacing = interItemSpacing?.spacing ?? 0
        if let count, let item = subitems.first {
            // Equal items share the group; their own dimension along the axis is ignored.
            let share = max(0, (length - fixedSpacing * Double(count - 1)) / Double(count))
            let size = item.layoutSize.resolved(in: groupSize)
            let shared =
                axis == .horizontal
                ? CGSize(width: share, height: size.height) : CGSize(width: size.width, height: share)
            sizes = Array(repeating: (item, shared), count: count)
        } else {
            sizes = try repeatedSubitems(along: length, in: groupSize, spacing: fixedSpacing)
        }
        let used = sizes.reduce(0) { $0 + (axis == .horizontal ? $1.size.width : $1.size.height) }
        let gaps = Double(max(0, sizes.count - 1))
        var spacing = fixedSpacing
        if interItemSpacing?.isFlexible == true, gaps > 0 { spacing = max(fixedSpacing, (length - used) / gaps) }
        var offset = 0.0
        var frames: [(frame: CGRect, item: CollectionLayoutItem)] = []
        for (item, size) in sizes {
            let origin =
                axis == .horizontal
                ? CGPoint(x: frame.minX + offset, y: frame.minY) : CGPoint(x: frame.minX, y: frame.minY + offset)
            let slot = CGRect(origin: origin, size: size)
            if let group = item as? CollectionLayoutGroup {
                frames += try group.layOut(in: group.contentInsets.inset(slot))
            } else {
                frames.append((item.contentInsets.inset(slot), item))
            }
            offset += (axis == .horizontal ? size.width : size.height) + spacing
        }
        return frames
    }

    /// A custom group's cells: the provider's frames, from the group's origin.
    private func customItems(_ provider: ScriptBlock, in frame: CGRect, as item: CollectionLayoutItem) throws
        -> [(frame: CGRect, item: CollectionLayoutItem)]
    {
        guard let bridge else { throw ScriptValueError("a custom group cannot run its provider without the bridge") }
        let environment = CollectionLayoutEnvironment(
            container: CollectionLayoutContainer(contentSize: frame.size), traits: TraitCollection(unspecified: ()))
        let items = try bridge.call(
            provider, named: "the custom group's item provider", environment, returning: [GroupCustomItem].self)
        guard !items.isEmpty, items.count <= Self.maximumItems else {
            throw ScriptValueError(
                "NSCollectionLayoutGroup: the custom group's item provider returned \(items.count) items (1 to "
                    + "\(Self.maximumItems) expected)")
        }
        return items.map { ($0.frame.offsetBy(dx: frame.minX, dy: frame.minY), item) }
    }

    /// The subitems in turn, again and again, while the next one fits.
    private func repeatedSubitems(along length: Double, in groupSize: CGSize, spacing: Double) throws
        -> [(item: CollectionLayoutItem, size: CGSize)]
    {
        var result: [(item: CollectionLayoutItem, size: CGSize)] = []
        var used = 0.0
        // A rounding error must not drop an item that fills the group exactly.
        let tolerance = 0.001
        while true {
            for item in subitems {
                let size = item.layoutSize.resolved(in: groupSize)
                let along = axis == .horizontal ? size.width : size.height
                let needed = used + (result.isEmpty ? 0 : spacing) + along
                guard needed <= length + tolerance, along > 0 || !result.isEmpty else {
                    guard !result.isEmpty else {
                        throw ScriptValueError(
                            "NSCollectionLayoutGroup: its item (\(size.width) x \(size.height)) does not fit in the "
                                + "group (\(groupSize.width) x \(groupSize.height))")
                    }
                    return result
                }
                guard result.count < Self.maximumItems else {
                    throw ScriptValueError(
                        "NSCollectionLayoutGroup: more than \(Self.maximumItems) items of \(size.width) x "
                            + "\(size.height) fit in the group (\(groupSize.width) x \(groupSize.height))")
                }
                result.append((item, size))
                used = needed
                // Items of no length would repeat forever: one instance is the group.
                if along <= 0 { return result }
            }
        }
    }
}

/// `NSCollectionLayoutGroupCustomItem`: where a custom group puts one cell.
public final class GroupCustomItem: BridgeObject {
    public let frame: CGRect
    public let zIndex: Int

    public init(frame: CGRect, zIndex: Int = 0) {
        (self.frame, self.zIndex) = (frame, zIndex)
    }
}
