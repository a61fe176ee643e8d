import Foundation
import LuaRuntime
import ObjectBridge

/// `UICollectionViewFlowLayout`: lines of items, with UIKit's placement rules
/// (`FlowLayoutEngine`), sizes and spacings from its properties or from the collection view's
/// delegate (`UICollectionViewDelegateFlowLayout`).
public final class FlowLayout: CollectionViewLayout {
    public var itemSize = CGSize(width: 50, height: 50)
    public var minimumLineSpacing = 10.0
    public var minimumInteritemSpacing = 10.0
    public var sectionInset = UIEdgeInsets.zero
    public var headerReferenceSize = CGSize.zero
    public var footerReferenceSize = CGSize.zero
    /// Non-zero turns self-sizing on: items not shown yet have this size, shown ones the size
    /// their cells prefer. `automaticSize` estimates with `itemSize`.
    public var estimatedItemSize = CGSize.zero
    /// The sizes shown cells preferred since the last full layout.
    private var preferredSizes: [IndexPathValue: CGSize] = [:]
    var scrollDirection = FlowLayoutEngine.Direction.vertical
    private var engine = FlowLayoutEngine()
    /// What the invalidations since the last preparation cover.
    private var pending = PendingInvalidation()

    /// `UICollectionViewFlowLayoutAutomaticSize`, a placeholder whose value UIKit does not
    /// document; the largest finite size cannot be a real estimate.
    static let automaticSize = CGSize(width: Double.greatestFiniteMagnitude, height: Double.greatestFiniteMagnitude)
    static let headerKind = "UICollectionElementKindSectionHeader"
    static let footerKind = "UICollectionElementKindSectionFooter"

    /// Everything, or the items and sections whose measurements the delegate is asked again.
    private struct PendingInvalidation {
        var everything = true
        var items: [Int: Set<Int>] = [:]
        var sections: Set<Int> = []
    }

    /// A context that does not invalidate the delegate metrics changes nothing here: the
    /// attributes come out of the same measurements (a script subclass adjusts them on the way
    /// out, as the tutorial's pinch does). Without items or supplementary elements named, every
    /// measurement is asked again.
    override func record(_ context: InvalidationContext?) {
        guard let context, !context.invalidateEverything, !context.invalidateDataSourceCounts else {
            pending.everything = true
            preferredSizes = [:]
            return
        }
        guard (context as? FlowInvalidationContext)?.invalidateFlowLayoutDelegateMetrics ?? true else { return }
        let items = context.invalidatedItemIndexPaths ?? []
        let supplementary = context.invalidatedSupplementaryIndexPaths.values.joined()
        guard !items.isEmpty || !supplementary.isEmpty else {
            pending.everything = true
            return
        }
        for path in items { pending.items[path.section, default: []].insert(path.item) }
        for path in supplementary { pending.sections.insert(path.section) }
    }

    override func prepareLayout() {
        do {
            try update()
        } catch {
            bridge?.report(error, during: "UICollectionViewFlowLayout's prepareLayout")
        }
        pending = PendingInvalidation(everything: false)
    }

    /// Lays out everything when the invalidations, the counts, the bounds or the screen call for
    /// it; otherwise measures again only what the invalidations named.
    private func update() throws {
        guard let collectionView else { return }
        let counts = try collectionView.sectionCounts()
        let bounds = collectionView.bounds.size
        let scale = collectionView.window?.screenScale ?? 1
        let unchanged =
            engine.direction == scrollDirection && engine.boundsSize == bounds && engine.scale == scale
            && engine.sections.map(\.measurements.itemSizes.count) == counts
        let sizing = try ItemSizing(self)
        guard !pending.everything && unchanged else {
            var next = FlowLayoutEngine(direction: scrollDirection, boundsSize: bounds, scale: scale)
            next.place(
                try counts.indices.map { section in
                    try measure(section, itemSizes: try sizing.sizes(0..<counts[section], section))
                })
            engine = next
            return
        }
        for section in pending.sections.sorted() where section < counts.count {
            engine.replace(
                section: section, with: try measure(section, itemSizes: engine.sections[section].measurements.itemSizes)
            )
        }
        for (section, items) in pending.items.sorted(by: { $0.key < $1.key }) where section < counts.count {
            var sizes: [Int: CGSize] = [:]
            for item in items.sorted() where item < counts[section] { sizes[item] = try sizing.size(item, section) }
            engine.resize(section: section, items: sizes)
        }
    }

    /// Where item sizes come from, found once per preparation: a script delegate's
    /// `collectionView_layout_sizeForItemAtIndexPath`, a Swift delegate, or `itemSize`.
    private struct ItemSizing {
        private let layout: FlowLayout
        private let native: FlowLayoutSizing?
        private let script: RepeatedCall?

        init(_ layout: FlowLayout) throws {
            self.layout = layout
            let collectionView = layout.collectionView
            native =
                (collectionView?.nativeContent as? FlowLayoutSizing) ?? (collectionView?.delegate as? FlowLayoutSizing)
            script = try collectionView.flatMap { collectionView in
                try collectionView.delegate?.repeatedCall(
                    "collectionView_layout_sizeForItemAtIndexPath", of: Self.protocolName,
                    leading: [collectionView, layout])
            }
        }

        static let protocolName = "UICollectionViewDelegateFlowLayout"

        func size(_ item: Int, _ section: Int) throws -> CGSize {
            let size =
                if let script {
                    try script.call(IndexPathValue(item: item, section: section), returning: CGSize.self)
                } else {
                    try native?.flowLayout(layout, sizeForItem: item, inSection: section)
                }
            return try checked(size, item, section)
        }

        /// The sizes of a section's `items`: a script delegate is asked about a run of items at
        /// a time.
        func sizes(_ items: Range<Int>, _ section: Int) throws -> [CGSize] {
            guard let script else { return try items.map { try size($0, section) } }
            let sizes = try script.callForEachItem(items, inSection: section, returning: CGSize.self)
            return try zip(items, sizes).map { item, size in try checked(size, item, section) }
        }

        /// A self-sized item has the size its cell preferred; one not shown yet, the delegate's
        /// size or the estimate.
        private func checked(_ size: CGSize?, _ item: Int, _ section: Int) throws -> CGSize {
            if let preferred = layout.preferredSizes[IndexPathValue(item: item, section: section)] { return preferred }
            return try size.map { try GeometryCheck.size($0, "the size of item \(item) of section \(section)") }
                ?? (layout.isSelfSizing && layout.estimatedItemSize != FlowLayout.automaticSize
                    ? layout.estimatedItemSize : layout.itemSize)
        }
    }

    /// A section's insets, spacings, header and footer, from the delegate or the properties.
    private func measure(_ section: Int, itemSizes: [CGSize]) throws -> FlowLayoutEngine.Section {
        let inset = try ask("collectionView_layout_insetForSectionAtIndex", section, returning: UIEdgeInsets.self)
        let lines = try ask(
            "collectionView_layout_minimumLineSpacingForSectionAtIndex", section, returning: Double.self)
        let items = try ask(
            "collectionView_layout_minimumInteritemSpacingForSectionAtIndex", section, returning: Double.self)
        let header = try ask("collectionView_layout_referenceSizeForHeaderInSection", section, returning: CGSize.self)
        let footer = try ask("collectionView_layout_referenceSizeForFooterInSection", section, returning: CGSize.self)
        return FlowLayoutEngine.Section(
            itemSizes: itemSizes,
            inset: try inset.map { try GeometryCheck.insets($0, "the inset of section \(section)") } ?? sectionInset,
            lineSpacing: try lines.map { try GeometryCheck.finite($0, "the line spacing of section \(section)") }
                ?? minimumLineSpacing,
            interitemSpacing: try items.map { try GeometryCheck.finite($0, "the item spacing of section \(section)") }
                ?? minimumInteritemSpacing,
            headerSize: try header.map { try GeometryCheck.size($0, "the header size of section \(section)") }
                ?? headerReferenceSize,
            footerSize: try footer.map { try GeometryCheck.size($0, "the footer size of section \(section)") }
                ?? footerReferenceSize)
    }

    /// The delegate's answer to a UICollectionViewDelegateFlowLayout method, if it gives one.
    private func ask<A: ScriptConvertible, R: ScriptConvertible>(_ method: String, _ argument: A, returning: R.Type)
        throws -> R?
    {
        guard let collectionView else { return nil }
        return try collectionView.delegate?.ask(
            method, of: ItemSizing.protocolName, collectionView, self, argument, returning: R.self)
    }

    // MARK: Self-sizing

    var isSelfSizing: Bool { estimatedItemSize != .zero }

    override func wantsPreferredAttributes(at path: IndexPathValue) -> Bool {
        isSelfSizing && preferredSizes[path] == nil
    }

    override func notePreferred(_ preferred: LayoutAttributes, original: LayoutAttributes) {
        guard isSelfSizing, preferred.category == .cell else { return }
        preferredSizes[original.indexPath] = preferred.size
    }

    override func shouldInvalidateLayout(forPreferred preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
        isSelfSizing && preferred.category == .cell && preferred.size != original.size
    }

    override func collectionViewContentSize() -> CGSize { engine.contentSize }

    override func attributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        engine.elements(in: rect).map(attributes(for:))
    }

    override func attributesForItem(at path: IndexPathValue) -> LayoutAttributes? {
        engine.cell(section: path.section, item: path.item).map(attributes(for:))
    }

    override func attributesForSupplementaryView(ofKind kind: String, at path: IndexPathValue) -> LayoutAttributes? {
        let wanted: FlowLayoutEngine.ElementKind? =
            switch kind {
            case Self.headerKind: .header
            case Self.footerKind: .footer
            default: nil
            }
        return wanted.flatMap { engine.supplementary($0, section: path.section) }.map(attributes(for:))
    }

    /// A flow layout depends on the width (vertical) or height (horizontal) only.
    override func shouldInvalidateLayout(forBoundsChange bounds: CGRect) -> Bool {
        guard let current = collectionView?.bounds.size else { return false }
        return scrollDirection == .vertical ? bounds.width != current.width : bounds.height != current.height
    }

    private func attributes(for element: FlowLayoutEngine.Element) -> LayoutAttributes {
        let path = IndexPathValue(item: element.item, section: element.section)
        let attributes: LayoutAttributes =
            switch element.kind {
            case .cell: LayoutAttributes(indexPath: path, category: .cell)
            case .header: LayoutAttributes(indexPath: path, category: .supplementaryView, kind: Self.headerKind)
            case .footer: LayoutAttributes(indexPath: path, category: .supplementaryView, kind: Self.footerKind)
            }
        attributes.frame = element.frame
        return attributes
    }

}
