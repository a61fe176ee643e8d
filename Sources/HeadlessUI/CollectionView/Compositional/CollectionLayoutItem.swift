import Foundation
import ObjectBridge

/// `NSCollectionLayoutItem`: one cell's place in a group, its size resolved against the
/// group's, with `edgeSpacing` around it (which counts in the group's sums), its frame then
/// shrunk by `contentInsets` (which do not).
public class CollectionLayoutItem: BridgeObject {
    public let layoutSize: CollectionLayoutSize
    public var contentInsets = DirectionalEdgeInsets.zero
    public var edgeSpacing: CollectionLayoutEdgeSpacing? { didSet { replaceOwned(oldValue, with: edgeSpacing) } }
    /// Views attached to each of its cells (`itemWithLayoutSize_supplementaryItems`).
    public let supplementaryItems: [CollectionLayoutSupplementaryItem]

    /// Whether a cell of this item, or of any item of this group, sizes itself along a side.
    var estimatesWidth: Bool { layoutSize.widthDimension.kind == .estimated }
    var estimatesHeight: Bool { layoutSize.heightDimension.kind == .estimated }

    func estimates(along axis: LayoutAxis) -> Bool { axis == .horizontal ? estimatesWidth : estimatesHeight }

    public init(layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        super.init()
        adopt(layoutSize)
        for item in supplementaryItems { adopt(item) }
    }
}

/// One cell an instance of a group lays out: its frame, its item, and the z-index a custom
/// group gave it.
struct GroupCell {
    var frame: CGRect
    let item: CollectionLayoutItem
    var zIndex = 0
}

/// `NSCollectionLayoutGroup`: items in a row (horizontal) or a column (vertical), repeated
/// until the group is full, or `count` equal items that share it.
public final class CollectionLayoutGroup: CollectionLayoutItem {
    public typealias Axis = LayoutAxis

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

    /// Whether a script places the cells of this group or of one inside it (a custom group).
    var asksItemProvider: Bool {
        itemProvider != nil || subitems.contains { ($0 as? CollectionLayoutGroup)?.asksItemProvider == true }
    }

    /// One instance of the group laid out in `frame`: its first `limit` cells in order, each
    /// shrunk by its item's content insets, and the length they take along its axis. Subitems'
    /// sizes resolve against the group's; a cell that `measured` its size (by its index in the
    /// instance) takes it along the group's axis when its item estimates it. A subitem that
    /// cannot fit is an error naming its size and the group's.
    func layOut(in frame: CGRect, limit: Int = .max, measured: (Int) -> CGSize? = { _ in nil }) throws -> (
        cells: [GroupCell], length: Double
    ) {
        if let itemProvider, let item = subitems.first {
            let cells = try customItems(itemProvider, in: frame, as: item).prefix(limit)
            return (Array(cells), axis.along(frame.size))
        }
        let length = axis.along(frame.size)
        let fixedSpacing = interItemSpacing?.spacing ?? 0
        var slots =
            try count.map { try countedSlots($0, along: length, in: frame.size, spacing: fixedSpacing) }
            ?? repeatedSubitems(along: length, in: frame.size, spacing: fixedSpacing)
        for index in slots.indices where !(slots[index].item is CollectionLayoutGroup) {
            guard let size = measured(index), slots[index].item.estimates(along: axis) else { continue }
            let insets = slots[index].item.contentInsets
            slots[index].size = axis.resizing(
                slots[index].size, along: axis.along(size) + axis.before(insets) + axis.after(insets))
        }
        // A group that sizes itself along its axis has no leftover to share.
        let leftover =
            layoutSize.dimension(along: axis).kind == .estimated
            ? 0 : length - slots.reduce(0) { $0 + $1.length(along: axis) } - fixedSpacing * Double(slots.count - 1)
        let flexibleEdges = slots.reduce(0) { $0 + $1.flexibleEdges(along: axis) }
        var spacing = fixedSpacing
        if flexibleEdges == 0, interItemSpacing?.isFlexible == true, slots.count > 1 {
            spacing += max(0, leftover) / Double(slots.count - 1)
        }
        let share = flexibleEdges > 0 ? max(0, leftover) / Double(flexibleEdges) : 0
        var offset = 0.0
        var cells: [GroupCell] = []
        for slot in slots where cells.count < limit {
            let (before, after) = slot.edges(along: axis, share: share)
            let across = slot.offsetAcross(axis, in: axis.across(frame.size))
            let place = axis.rect(
                along: axis.start(frame) + offset + before, across: axis.other.start(frame) + across, size: slot.size)
            if let group = slot.item as? CollectionLayoutGroup {
                let base = cells.count
                cells += try group.layOut(in: group.contentInsets.inset(place), limit: limit - base) {
                    measured(base + $0)
                }.cells
            } else {
                cells.append(GroupCell(frame: slot.item.contentInsets.inset(place), item: slot.item))
            }
            offset += before + axis.along(slot.size) + after + spacing
        }
        return (cells, max(0, offset - spacing))
    }

    /// `count` equal items that share the group less their spacing; their own dimension along
    /// the axis is ignored.
    private func countedSlots(_ count: Int, along length: Double, in groupSize: CGSize, spacing: Double) throws
        -> [Slot]
    {
        guard let item = subitems.first else { return [] }
        let edges = Slot(item: item, size: .zero).length(along: axis)
        let share = max(0, (length - spacing * Double(count - 1)) / Double(count) - edges)
        let size = axis.resizing(item.layoutSize.resolved(in: groupSize), along: share)
        return Array(repeating: Slot(item: item, size: size), count: count)
    }

    /// A custom group's cells: the provider's frames, from the group's origin.
    private func customItems(_ provider: ScriptBlock, in frame: CGRect, as item: CollectionLayoutItem) throws
        -> [GroupCell]
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
        return items.map {
            GroupCell(frame: $0.frame.offsetBy(dx: frame.minX, dy: frame.minY), item: item, zIndex: $0.zIndex)
        }
    }

    /// The subitems in turn, again and again, while the next one fits.
    private func repeatedSubitems(along length: Double, in groupSize: CGSize, spacing: Double) throws -> [Slot] {
        var result: [Slot] = []
        var used = 0.0
        // A rounding error must not drop an item that fills the group exactly.
        let tolerance = 0.001
        while true {
            for item in subitems {
                let slot = Slot(item: item, size: item.layoutSize.resolved(in: groupSize))
                let along = slot.length(along: axis)
                let needed = used + (result.isEmpty ? 0 : spacing) + along
                guard needed <= length + tolerance, along > 0 || !result.isEmpty else {
                    guard !result.isEmpty else {
                        throw ScriptValueError(
                            "NSCollectionLayoutGroup: its item (\(slot.size.width) x \(slot.size.height)) does not fit "
                                + "in the group (\(groupSize.width) x \(groupSize.height))")
                    }
                    return result
                }
                guard result.count < Self.maximumItems else {
                    throw ScriptValueError(
                        "NSCollectionLayoutGroup: more than \(Self.maximumItems) items of \(slot.size.width) x "
                            + "\(slot.size.height) fit in the group (\(groupSize.width) x \(groupSize.height))")
                }
                result.append(slot)
                used = needed
                // Items of no length would repeat forever: one instance is the group.
                if along <= 0 { return result }
            }
        }
    }

    /// A subitem's place in one instance of the group: its item and its size, with the item's
    /// edge spacing around it.
    private struct Slot {
        let item: CollectionLayoutItem
        var size: CGSize

        /// Its length along `axis`, its edge spacing at the least.
        func length(along axis: LayoutAxis) -> Double {
            let (before, after) = edges(along: axis, share: 0)
            return before + axis.along(size) + after
        }

        /// How many of its edges along `axis` are flexible.
        func flexibleEdges(along axis: LayoutAxis) -> Int {
            [item.edgeSpacing?.before(axis), item.edgeSpacing?.after(axis)].count { $0??.isFlexible == true }
        }

        /// The space before and after it along `axis`, flexible edges each taking `share` more.
        func edges(along axis: LayoutAxis, share: Double) -> (before: Double, after: Double) {
            func space(_ spacing: CollectionLayoutSpacing?) -> Double {
                guard let spacing else { return 0 }
                return spacing.spacing + (spacing.isFlexible ? share : 0)
            }
            return (space(item.edgeSpacing?.before(axis)), space(item.edgeSpacing?.after(axis)))
        }

        /// Where it starts across a group `thickness` thick whose items run along `axis`: after
        /// its edge spacing, pushed away from a flexible edge, centred between two.
        func offsetAcross(_ axis: LayoutAxis, in thickness: Double) -> Double {
            let before = item.edgeSpacing?.before(axis.other)
            let after = item.edgeSpacing?.after(axis.other)
            let free = max(0, thickness - axis.across(size) - (before?.spacing ?? 0) - (after?.spacing ?? 0))
            switch (before?.isFlexible == true, after?.isFlexible == true) {
            case (true, true): return (before?.spacing ?? 0) + free / 2
            case (true, false): return (before?.spacing ?? 0) + free
            default: return before?.spacing ?? 0
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
