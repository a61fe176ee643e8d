import Foundation
import ObjectBridge

/// `UICollectionViewCompositionalLayout`: sections described by `NSCollectionLayoutSection`s,
/// one for every section, one per section from a script's section provider, or a list's,
/// laid out by `CompositionalEngine` along the configuration's scroll direction.
public final class CompositionalLayout: CollectionViewLayout {
    enum Source {
        case section(CollectionLayoutSection)
        /// `function(sectionIndex, environment)` returning the section's description.
        case provider(ScriptBlock)
        /// `layoutWithListConfiguration`: every section a list's, on the list's background.
        case list(ListConfiguration)
    }

    /// Nil until an initializer gives it: such a layout has no sections to lay out.
    private(set) var source: Source?
    public private(set) var configuration = CompositionalConfiguration()
    private(set) var engine: CompositionalEngine?
    /// The sizes shown views of estimated dimensions preferred since the last full layout.
    private var measured = CompositionalEngine.Measured()
    /// How far each orthogonal section's row is scrolled across, by section.
    var orthogonalOffsets: [Int: Double] = [:]
    /// The rows gliding to rest after a drag, by section, and whether their next frame is due.
    var orthogonalGlides: [Int: ScrollMotion] = [:]
    var glideFrameScheduled = false
    /// The last preparation's sections' descriptions (a provider's answers), kept for the
    /// attributes' pinned headers.
    private(set) var preparedSections: [CollectionLayoutSection] = []
    /// Whether a prepared section has a `visibleItemsInvalidationHandler`: found once a
    /// preparation, so that rect queries without one stay a binary search.
    private var hasVisibleItemsHandlers = false

    override init() {
        super.init()
        adopt(configuration)
    }

    func setSource(_ source: Source, configuration: CompositionalConfiguration? = nil) {
        replaceOwned(self.source?.object, with: source.object)
        self.source = source
        if let configuration {
            replaceOwned(self.configuration, with: configuration)
            self.configuration = configuration
        }
        invalidate()
    }

    override func prepareLayout() {
        do {
            try update()
        } catch {
            engine = nil
            bridge?.report(error, during: "UICollectionViewCompositionalLayout's prepareLayout")
        }
    }

    private func update() throws {
        guard let collectionView else { return }
        let counts = try collectionView.sectionCounts()
        let inset = collectionView.adjustedContentInset
        let size = CGSize(
            width: collectionView.bounds.width,
            height: max(0, collectionView.bounds.height - inset.top - inset.bottom))
        let environment = CollectionLayoutEnvironment(
            container: CollectionLayoutContainer(contentSize: size), traits: collectionView.traitCollection)
        var described: [CollectionLayoutSection] = []
        engine = try CompositionalEngine(
            counts: counts, size: size, axis: configuration.scrollDirection,
            interSectionSpacing: configuration.interSectionSpacing, measured: measured
        ) { index in
            let section = try self.section(at: index, environment: environment)
            described.append(section)
            return section
        }
        for old in preparedSections { abandon(old) }
        preparedSections = described
        for section in described { adopt(section) }
        hasVisibleItemsHandlers = described.contains { $0.visibleItemsInvalidationHandler != nil }
        if case .list(let list) = source { collectionView.backgroundColor = list.shownBackgroundColor }
    }

    /// The description of section `index`: the layout's one section, or the provider's answer.
    private func section(at index: Int, environment: CollectionLayoutEnvironment) throws -> CollectionLayoutSection {
        switch source {
        case nil:
            throw ScriptValueError(
                "UICollectionViewCompositionalLayout was made without a section: use initWithSection or "
                    + "initWithSectionProvider")
        case .section(let section):
            return section
        case .list(let list):
            return try list.section(in: environment)
        case .provider(let block):
            guard let bridge else { throw ScriptValueError("the section provider cannot run without the bridge") }
            guard
                let section = try bridge.call(
                    block, named: "the section provider", index, environment,
                    returning: CollectionLayoutSection?.self)
            else {
                throw ScriptValueError(
                    "UICollectionViewCompositionalLayout: the section provider returned nil for section \(index) "
                        + "(an NSCollectionLayoutSection expected)")
            }
            return section
        }
    }

    override func collectionViewContentSize() -> CGSize { engine?.contentSize ?? .zero }

    /// The axis the layout scrolls along.
    var scrollAxis: LayoutAxis { configuration.scrollDirection }

    override func attributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        guard let engine else { return [] }
        let cells = engine.cells(in: rect, scrolled: orthogonalOffset)
        var found = cells.map { cellAttributes($0.path, frame: $0.frame) }
        for cell in cells { found += itemSupplementaryAttributes(of: cell.path, on: cell.frame) }
        runVisibleItemsHandlers(on: found)
        for section in engine.sectionIndices(meeting: rect) {
            found += supplementaryAttributes(in: section).filter { $0.frame.intersects(rect) }
            for decoration in engine.sections[section].decorations where decoration.frame.intersects(rect) {
                let attributes = LayoutAttributes(
                    indexPath: IndexPathValue(item: 0, section: section), category: .decorationView,
                    kind: decoration.kind)
                attributes.frame = decoration.frame
                attributes.zIndex = decoration.zIndex
                found.append(attributes)
            }
        }
        return found
    }

    /// The list section `section` is, as last prepared; nil for other sections.
    func listConfiguration(ofSection section: Int) -> ListConfiguration? {
        preparedSections.indices.contains(section) ? preparedSections[section].list : nil
    }

    /// The index, in its section, of the group instance that holds the item.
    public func groupIndex(ofItemAt path: IndexPathValue) -> Int? {
        guard let engine, engine.sections.indices.contains(path.section) else { return nil }
        return engine.sections[path.section].groups.firstIndex { $0.cells.contains(path.item) }
    }

    override func attributesForItem(at path: IndexPathValue) -> LayoutAttributes? {
        engine?.cell(path, scrolled: orthogonalOffset).map { cellAttributes(path, frame: $0) }
    }

    /// A cell's attributes; a list row's say where it is in its section.
    private func cellAttributes(_ path: IndexPathValue, frame: CGRect) -> LayoutAttributes {
        let attributes = LayoutAttributes(indexPath: path, category: .cell)
        attributes.frame = frame
        if let engine, engine.sections.indices.contains(path.section) {
            attributes.zIndex = engine.sections[path.section].cellZIndices[path.item] ?? 0
        }
        if preparedSections.indices.contains(path.section), let list = preparedSections[path.section].list,
            let count = engine?.sections[path.section].cells.count
        {
            attributes.listPlacement = ListPlacement(
                appearance: list.appearance, isFirst: path.item == 0, isLast: path.item == count - 1,
                showsSeparators: list.showsSeparators)
        }
        return attributes
    }

    override func attributesForSupplementaryView(ofKind kind: String, at path: IndexPathValue) -> LayoutAttributes? {
        if let cell = engine?.cell(path, scrolled: orthogonalOffset),
            let attached = itemSupplementaryAttributes(of: path, on: cell).first(where: { $0.kind == kind })
        {
            return attached
        }
        return supplementaryAttributes(in: path.section).first { $0.kind == kind && $0.indexPath == path }
    }

    /// Hands each section's shown elements to its `visibleItemsInvalidationHandler`, with the
    /// row's offset (an orthogonal section's) or the collection view's, and the environment.
    private func runVisibleItemsHandlers(on attributes: [LayoutAttributes]) {
        guard hasVisibleItemsHandlers, let bridge, let collectionView else { return }
        let bySection = Dictionary(grouping: attributes, by: \.indexPath.section)
        for (section, shown) in bySection.sorted(by: { $0.key < $1.key }) {
            guard preparedSections.indices.contains(section),
                let handler = preparedSections[section].visibleItemsInvalidationHandler
            else { continue }
            let offset =
                engine?.sections[section].orthogonal == CollectionLayoutSection.OrthogonalScrolling.none
                ? collectionView.contentOffset : scrollAxis.other.point(along: orthogonalOffset(section), across: 0)
            let environment = CollectionLayoutEnvironment(
                container: CollectionLayoutContainer(contentSize: collectionView.bounds.size),
                traits: collectionView.traitCollection)
            do {
                try bridge.call(handler, shown, offset, environment)
            } catch {
                bridge.report(error, during: "the visibleItemsInvalidationHandler of section \(section)")
            }
        }
    }

    /// The supplementary items of the item at `path` (its badges), placed on its cell at `frame`;
    /// they take the item's index path, as in UIKit.
    private func itemSupplementaryAttributes(of path: IndexPathValue, on frame: CGRect) -> [LayoutAttributes] {
        guard let engine, engine.sections.indices.contains(path.section),
            let items = engine.sections[path.section].cellSupplementaries[path.item]
        else { return [] }
        return items.map { item in
            let attributes = LayoutAttributes(indexPath: path, category: .supplementaryView, kind: item.elementKind)
            attributes.frame = item.frame(on: frame)
            attributes.zIndex = item.zIndex
            return attributes
        }
    }

    /// A section's headers and footers; each kind's items are numbered from 0 in the section.
    /// A pinned header stays after the start of the visible area (its top in a vertical
    /// layout) while its section is there.
    private func supplementaryAttributes(in section: Int) -> [LayoutAttributes] {
        guard let engine, engine.sections.indices.contains(section) else { return [] }
        let axis = engine.axis
        let placed = engine.sections[section]
        var numbers: [String: Int] = [:]
        return placed.supplementary.map { item in
            let number = numbers[item.kind, default: 0]
            numbers[item.kind] = number + 1
            let attributes = LayoutAttributes(
                indexPath: IndexPathValue(item: number, section: section), category: .supplementaryView, kind: item.kind
            )
            var frame = item.frame
            if item.pinned, let collectionView {
                let inset = collectionView.adjustedContentInset
                let visible = axis.start(collectionView.bounds) + (axis == .vertical ? inset.top : inset.left)
                let start = min(max(axis.start(frame), visible), axis.end(placed.frame) - axis.along(frame.size))
                frame = axis.moving(frame, by: start - axis.start(frame))
            }
            attributes.frame = frame
            attributes.zIndex = item.zIndex
            if let list = preparedSections.indices.contains(section) ? preparedSections[section].list : nil {
                attributes.listPlacement = ListPlacement(
                    appearance: list.appearance, isFirst: true, isLast: true, showsSeparators: false)
            }
            return attributes
        }
    }

    // MARK: Self-sizing

    /// A full invalidation (a reload, new counts) forgets what views measured; one that names
    /// items (a view's preferred size) keeps it.
    override func record(_ context: InvalidationContext?) {
        guard let context, !context.invalidateEverything, !context.invalidateDataSourceCounts else {
            measured = CompositionalEngine.Measured()
            return
        }
    }

    private func selfSizes(_ path: IndexPathValue) -> Bool {
        guard let engine, engine.sections.indices.contains(path.section) else { return false }
        return engine.sections[path.section].selfSizing
    }

    /// Whether the header or footer of `key` has an estimated height.
    private func selfSizes(_ key: SupplementaryKey) -> Bool {
        guard let engine, engine.sections.indices.contains(key.path.section) else { return false }
        let items = engine.sections[key.path.section].supplementary.filter { $0.kind == key.kind }
        return items.indices.contains(key.path.item) && items[key.path.item].selfSizing
    }

    private func selfSizes(_ attributes: LayoutAttributes) -> Bool {
        switch attributes.category {
        case .cell: selfSizes(attributes.indexPath)
        case .supplementaryView: selfSizes(SupplementaryKey(kind: attributes.kind ?? "", path: attributes.indexPath))
        case .decorationView: false
        }
    }

    override func wantsPreferredAttributes(at path: IndexPathValue) -> Bool {
        selfSizes(path) && measured.cells[path] == nil
    }

    override func wantsPreferredAttributes(forSupplementary attributes: LayoutAttributes) -> Bool {
        let key = SupplementaryKey(kind: attributes.kind ?? "", path: attributes.indexPath)
        return selfSizes(key) && measured.supplementary[key] == nil
    }

    override func notePreferred(_ preferred: LayoutAttributes, original: LayoutAttributes) {
        guard selfSizes(original) else { return }
        switch preferred.category {
        case .cell: measured.cells[original.indexPath] = preferred.size
        case .supplementaryView:
            measured.supplementary[SupplementaryKey(kind: original.kind ?? "", path: original.indexPath)] =
                preferred.size
        case .decorationView: break
        }
    }

    override func shouldInvalidateLayout(forPreferred preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
        selfSizes(original) && preferred.size != original.size
    }

    /// A cell keeps the sides its group gives it and fits those it estimates; a vertical
    /// layout's cells always fit their height.
    override func fittingPriorities(for attributes: LayoutAttributes) -> (horizontal: Double, vertical: Double) {
        let path = attributes.indexPath
        guard preparedSections.indices.contains(path.section) else {
            return (LayoutPriority.fittingSizeLevel, LayoutPriority.fittingSizeLevel)
        }
        let group = preparedSections[path.section].group
        func priority(_ fits: Bool) -> Double { fits ? LayoutPriority.fittingSizeLevel : LayoutPriority.required }
        return (priority(group.estimatesWidth), priority(group.estimatesHeight || scrollAxis == .vertical))
    }

    /// A new size lays everything out again (fractions of the height depend on it). Pinned
    /// headers need no invalidation: their frames follow the bounds each time they are asked.
    override func shouldInvalidateLayout(forBoundsChange bounds: CGRect) -> Bool {
        guard let current = collectionView?.bounds.size else { return false }
        return bounds.width != current.width || bounds.height != current.height
    }
}

extension CompositionalLayout.Source {
    /// The description the layout owns.
    var object: BridgeObject? {
        switch self {
        case .section(let section): section
        case .list(let list): list
        case .provider: nil
        }
    }
}

/// `UICollectionViewCompositionalLayoutConfiguration`: what applies to the whole layout.
public final class CompositionalConfiguration: BridgeObject {
    public var interSectionSpacing = 0.0
    public var scrollDirection = LayoutAxis.vertical
}

/// `NSCollectionLayoutEnvironment`, handed to a section provider: the container's size and
/// the traits.
public final class CollectionLayoutEnvironment: BridgeObject {
    public let container: CollectionLayoutContainer
    public let traitCollection: TraitCollection

    init(container: CollectionLayoutContainer, traits: TraitCollection) {
        (self.container, traitCollection) = (container, traits)
        super.init()
        adopt(container)
    }
}

/// `NSCollectionLayoutContainer`: the size sections are laid out in (the collection view's
/// bounds less its adjusted insets, top and bottom).
public final class CollectionLayoutContainer: BridgeObject {
    public let contentSize: CGSize

    init(contentSize: CGSize) { self.contentSize = contentSize }
}
