import Foundation
import ObjectBridge

/// `UICollectionViewCompositionalLayout`: sections described by `NSCollectionLayoutSection`s,
/// one for every section or one per section from a script's section provider, laid out by
/// `CompositionalEngine` (vertically).
public final class CompositionalLayout: CollectionViewLayout {
    enum Source {
        case section(CollectionLayoutSection)
        /// `function(sectionIndex, environment)` returning the section's description.
        case provider(ScriptBlock)
    }

    /// Nil until an initializer gives it: such a layout has no sections to lay out.
    private(set) var source: Source?
    public private(set) var configuration = CompositionalConfiguration()
    private var engine: CompositionalEngine?
    /// The sizes shown cells of estimated dimensions preferred since the last full layout.
    private var measuredSizes: [IndexPathValue: CGSize] = [:]
    /// The last preparation's sections' descriptions (a provider's answers), kept for the
    /// attributes' pinned headers.
    private var preparedSections: [CollectionLayoutSection] = []

    override init() {
        super.init()
        adopt(configuration)
    }

    func setSource(_ source: Source, configuration: CompositionalConfiguration? = nil) {
        if case .section(let old) = self.source { abandon(old) }
        if case .section(let section) = source { adopt(section) }
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
            counts: counts, size: size, interSectionSpacing: configuration.interSectionSpacing, measured: measuredSizes
        ) { index in
            let section = try self.section(at: index, environment: environment)
            described.append(section)
            return section
        }
        for old in preparedSections { abandon(old) }
        preparedSections = described
        for section in described { adopt(section) }
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

    override func attributesForElements(in rect: CGRect) -> [LayoutAttributes] {
        guard let engine else { return [] }
        var found = engine.cells(in: rect).map { cell in
            let attributes = LayoutAttributes(indexPath: cell.path, category: .cell)
            attributes.frame = cell.frame
            return attributes
        }
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

    /// The index, in its section, of the group instance that holds the item.
    public func groupIndex(ofItemAt path: IndexPathValue) -> Int? {
        guard let engine, engine.sections.indices.contains(path.section) else { return nil }
        return engine.sections[path.section].groups.firstIndex { $0.cells.contains(path.item) }
    }

    override func attributesForItem(at path: IndexPathValue) -> LayoutAttributes? {
        guard let frame = engine?.cell(path) else { return nil }
        let attributes = LayoutAttributes(indexPath: path, category: .cell)
        attributes.frame = frame
        return attributes
    }

    override func attributesForSupplementaryView(ofKind kind: String, at path: IndexPathValue) -> LayoutAttributes? {
        supplementaryAttributes(in: path.section).first { $0.kind == kind && $0.indexPath == path }
    }

    /// A section's headers and footers; each kind's items are numbered from 0 in the section.
    /// A pinned header stays below the top of the visible area while its section is under it.
    private func supplementaryAttributes(in section: Int) -> [LayoutAttributes] {
        guard let engine, engine.sections.indices.contains(section) else { return [] }
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
                let top = collectionView.bounds.minY + collectionView.adjustedContentInset.top
                frame.origin.y = min(max(frame.minY, top), placed.frame.maxY - frame.height)
            }
            attributes.frame = frame
            attributes.zIndex = item.zIndex
            return attributes
        }
    }

    // MARK: Self-sizing

    /// A full invalidation (a reload, new counts) forgets what cells measured; one that names
    /// items (a cell's preferred size) keeps it.
    override func record(_ context: InvalidationContext?) {
        guard let context, !context.invalidateEverything, !context.invalidateDataSourceCounts else {
            measuredSizes = [:]
            return
        }
    }

    private func selfSizes(_ path: IndexPathValue) -> Bool {
        guard let engine, engine.sections.indices.contains(path.section) else { return false }
        return engine.sections[path.section].selfSizing
    }

    override func wantsPreferredAttributes(at path: IndexPathValue) -> Bool {
        selfSizes(path) && measuredSizes[path] == nil
    }

    override func notePreferred(_ preferred: LayoutAttributes, original: LayoutAttributes) {
        guard preferred.category == .cell, selfSizes(original.indexPath) else { return }
        measuredSizes[original.indexPath] = preferred.size
    }

    override func shouldInvalidateLayout(forPreferred preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
        preferred.category == .cell && selfSizes(original.indexPath) && preferred.size != original.size
    }

    /// A cell keeps the width its group gives it unless that is estimated, and fits its height.
    override func fittingPriorities(for attributes: LayoutAttributes) -> (horizontal: Double, vertical: Double) {
        let width = estimatesWidth(at: attributes.indexPath) ? LayoutPriority.fittingSizeLevel : LayoutPriority.required
        return (width, LayoutPriority.fittingSizeLevel)
    }

    private func estimatesWidth(at path: IndexPathValue) -> Bool {
        guard preparedSections.indices.contains(path.section) else { return true }
        return preparedSections[path.section].group.estimatesWidth
    }

    /// A new size lays everything out again (fractions of the height depend on it). Pinned
    /// headers need no invalidation: their frames follow the bounds each time they are asked.
    override func shouldInvalidateLayout(forBoundsChange bounds: CGRect) -> Bool {
        guard let current = collectionView?.bounds.size else { return false }
        return bounds.width != current.width || bounds.height != current.height
    }
}

/// `UICollectionViewCompositionalLayoutConfiguration`: what applies to the whole layout.
public final class CompositionalConfiguration: BridgeObject {
    public var interSectionSpacing = 0.0
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
