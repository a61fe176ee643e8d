import Foundation
import ObjectBridge

/// `UICollectionView`, headless: asks its data source for sections, items and cells, asks its
/// layout where they go, and keeps exactly the cells of the visible rect, recycling the others
/// through reuse queues. Its layout pass runs in `layoutSubviews`, which the host's layout
/// pass reaches after every event.
public final class CollectionView: ScrollView, ItemTouchTarget {
    public private(set) var layout: CollectionViewLayout
    @WeakObjectReference public var dataSource: BridgeObject? = nil
    /// What native code shows in the view instead of a script's data source (a Texture
    /// collection node, which owns the view).
    weak var nativeContent: (any CollectionViewContent)?
    /// While a diffable data source reconfigures an item, its cell (`reusing`).
    var reconfiguring: (path: IndexPathValue, cell: CollectionViewCell)?
    private(set) var cellSources: [String: ReuseSource<ReusableView>] = [:]
    /// Supplementary view classes by kind, then reuse identifier.
    private(set) var supplementarySources: [String: [String: ReuseSource<ReusableView>]] = [:]
    private var queues = ReuseQueues<ReusableView>()
    /// The cells on screen, by index path.
    public private(set) var visibleCells: [IndexPathValue: CollectionViewCell] = [:]
    /// The supplementary views on screen, by kind and index path.
    private(set) var visibleSupplementaryViews: [SupplementaryKey: ReusableView] = [:]
    /// The decoration views on screen, by kind and index path.
    private(set) var visibleDecorationViews: [SupplementaryKey: ReusableView] = [:]
    /// Cells of deleted items still on screen while an animated update fades them out, with
    /// the index paths they had.
    var leavingCells: [ObjectIdentifier: (cell: CollectionViewCell, path: IndexPathValue)] = [:]
    /// During the layout pass of an animated update: the items that were inserted, which fade in.
    var appearing: Set<IndexPathValue>?
    /// Decoration kinds the layout gave attributes for without a registered class, warned about once.
    private var warnedDecorationKinds: Set<String> = []
    /// Section and item counts as last read from the data source.
    private var counts: [Int]?
    /// The updates of the batch being recorded.
    var batch: PendingUpdates?
    /// Index paths the layout gave attributes for though they do not exist, warned about once.
    private var warnedPaths: Set<IndexPathValue> = []
    /// The attributes of the element the layout pass is asking the data source for, which
    /// dequeuing applies to the view it hands out.
    var attributesBeingShown: LayoutAttributes?

    public var allowsSelection = true
    public var allowsMultipleSelection = false
    /// iOS 14's editing mode: list cells show their editing accessories.
    public var isEditing = false { didSet { for cell in visibleCells.values { cell.setEditing(isEditing) } } }
    /// The list row pulled aside to show its swipe actions (`CollectionView+Swipes`).
    var swipe: RowSwipe?
    unowned let engine: TextEngine
    /// The long press that opens the delegate's context menus on items.
    private var contextMenus: ItemContextMenus?
    /// Selected items, in the order they were selected.
    public internal(set) var selectedPaths: [IndexPathValue] = []

    init(layout: CollectionViewLayout, touches: TouchDispatcher, engine: TextEngine) {
        self.engine = engine
        self.layout = layout
        super.init(touches: touches)
        backgroundColor = Color(white: 0, alpha: 1)  // UIKit's collection views are black until told otherwise
        adopt(layout)
        layout.collectionView = self
        // UIKit highlights and selects with a recognizer of its own.
        addGestureRecognizer(ItemTouchRecognizer(list: self, dispatcher: touches))
        addGestureRecognizer(RowSwipeRecognizer(table: self, dispatcher: touches))
        addGestureRecognizer(OrthogonalScrollRecognizer(collection: self, dispatcher: touches))
        contextMenus = ItemContextMenus(list: self, touches: touches, text: engine)
    }

    func setLayout(_ new: CollectionViewLayout) {
        guard new !== layout else { return }
        layout.collectionView = nil
        replaceOwned(layout, with: new)
        layout = new
        new.collectionView = self
        new.invalidate()
    }

    /// The layout has the last word on where a flick comes to rest (before the delegate).
    override func restingTarget(proposed: CGPoint, velocity: CGPoint) throws -> CGPoint {
        let range = offsetRange
        let target = try layout.targetContentOffset(forProposed: proposed, velocity: velocity)
        return CGPoint(
            x: min(max(target.x, range.minimum.x), range.maximum.x),
            y: min(max(target.y, range.minimum.y), range.maximum.y))
    }

    /// `scrollToItemAtIndexPath_atScrollPosition_animated`: the item placed as `position`
    /// says on each axis (as little movement as shows it when it names none).
    func scrollToItem(at path: IndexPathValue, position: Int, animated: Bool) throws {
        if layout.isInvalid { try layoutIfNeeded() }
        guard let frame = try layout.attributes(forItemAt: path)?.frame else {
            throw ScriptValueError("the layout has no item \(path.item) in section \(path.section) to scroll to")
        }
        func placement(_ start: Int, _ center: Int, _ end: Int, _ axis: String) throws -> Placement {
            switch position & (start | center | end) {
            case 0: return .visible
            case start: return .start
            case center: return .center
            case end: return .end
            default: throw ScriptValueError("the scroll position combines more than one \(axis) position")
            }
        }
        let offset = offset(
            showing: frame, horizontal: try placement(1 << 3, 1 << 4, 1 << 5, "horizontal"),
            vertical: try placement(1 << 0, 1 << 1, 1 << 2, "vertical"))
        try setContentOffset(offset, animated: animated)
    }

    /// UIKit asks the layout on every bounds change, scrolling included.
    override func boundsWillChange(to newBounds: CGRect) {
        do {
            if try layout.shouldInvalidate(forBoundsChange: newBounds) { layout.invalidate() }
        } catch {
            bridge?.report(error, during: "shouldInvalidateLayoutForBoundsChange")
        }
    }

    // MARK: The data source

    /// The most items (and sections) a collection view holds: a count above it is a script's
    /// mistake, which would otherwise have the host allocate and lay out forever.
    public static let maximumItems = 10_000_000

    /// The number of items of each section, asked once per reload.
    func sectionCounts() throws -> [Int] {
        if let counts { return counts }
        if let nativeContent {
            counts = try nativeContent.sectionCounts(in: self)
            return counts ?? []
        }
        guard dataSource != nil else { return [] }
        let result = try readSectionCounts(
            sectionsMethod: "numberOfSectionsInCollectionView", itemsMethod: "collectionView_numberOfItemsInSection",
            elements: "items",
            limit: Self.maximumItems,
            sections: { try askDataSource("numberOfSectionsInCollectionView", returning: Int.self) },
            items: { try askDataSource("collectionView_numberOfItemsInSection", $0, returning: Int.self) })
        counts = result
        return result
    }

    /// The data source's answer to `method` (asked with the collection view first), or nil.
    private func askDataSource<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        try dataSource?.ask(method, of: "UICollectionViewDataSource", self, repeat each arguments, returning: R.self)
    }

    /// The delegate's answer to `method` (asked with the collection view first), or nil.
    func askDelegate<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        try delegate?.ask(method, of: "UICollectionViewDelegate", self, repeat each arguments, returning: R.self)
    }

    func invalidateCounts() { counts = nil }
    func restoreCounts(_ old: [Int]) { counts = old }

    /// Moves visible cells and the selection to their items' new index paths; returns the
    /// cells of deleted or reloaded items, which leave as the update animates. The
    /// supplementary views go back to the queues.
    func remapItems(_ updates: PendingUpdates) throws -> [(path: IndexPathValue, cell: CollectionViewCell)] {
        var moved: [IndexPathValue: CollectionViewCell] = [:]
        var leaving: [(path: IndexPathValue, cell: CollectionViewCell)] = []
        for (path, cell) in visibleCells {
            if let new = updates.newPath(for: path) { moved[new] = cell } else { leaving.append((path, cell)) }
        }
        visibleCells = moved
        selectedPaths = selectedPaths.compactMap { updates.newPath(for: $0) }
        // Headers and footers are asked for again: sections may have moved under them.
        let supplementary = visibleSupplementaryViews
        visibleSupplementaryViews = [:]
        for (key, view) in supplementary { try endDisplaying(view, key) }
        return leaving
    }

    func reloadData() throws {
        counts = nil
        warnedPaths = []
        selectedPaths = []
        let (cells, supplementary, leaving) = (visibleCells, visibleSupplementaryViews, leavingCells)
        visibleCells = [:]
        visibleSupplementaryViews = [:]
        leavingCells = [:]
        for (_, entry) in leaving { recycle(entry.cell) }
        for (path, cell) in cells { try endDisplaying(cell, at: path) }
        for (key, view) in supplementary { try endDisplaying(view, key) }
        layout.invalidate()
    }

    /// A cell goes off screen: back to its queue, and the delegate hears of it.
    func endDisplaying(_ cell: CollectionViewCell, at path: IndexPathValue) throws {
        recycle(cell)
        _ = try askDelegate(
            "collectionView_didEndDisplayingCell_forItemAtIndexPath", cell, path, returning: AnyScriptValue.self)
    }

    private func endDisplaying(_ view: ReusableView, _ key: SupplementaryKey) throws {
        recycle(view)
        _ = try askDelegate(
            "collectionView_didEndDisplayingSupplementaryView_forElementOfKind_atIndexPath", view, key.kind,
            key.path, returning: AnyScriptValue.self)
    }

    // MARK: Reuse

    func register(_ cls: ClassObject, forCellWithReuseIdentifier identifier: String) throws {
        guard cls.isSubclass(ofClassNamed: "UICollectionViewCell") else {
            throw ScriptValueError("\(cls.name) is not a UICollectionViewCell class")
        }
        cellSources[identifier] = .registered(cls)
    }

    func register(_ cls: ClassObject, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String)
        throws
    {
        guard cls.isSubclass(ofClassNamed: "UICollectionReusableView") else {
            throw ScriptValueError("\(cls.name) is not a UICollectionReusableView class")
        }
        supplementarySources[kind, default: [:]][identifier] = .registered(cls)
    }

    /// A storyboard's prototype cell (no `kind`) or supplementary view for `identifier`.
    func registerPrototype(kind: String?, identifier: String, _ make: @escaping () throws -> ReusableView) {
        if let kind {
            supplementarySources[kind, default: [:]][identifier] = .prototype(make)
        } else {
            cellSources[identifier] = .prototype(make)
        }
    }

    /// The storyboard's prototypes this view would make, to be made once each.
    var prototypeMakers: [() throws -> ReusableView] {
        (Array(cellSources.values) + supplementarySources.values.flatMap(\.values)).compactMap(\.prototypeMaker)
    }

    func dequeue(
        queue key: String, identifier: String, source: ReuseSource<ReusableView>?, attributes: LayoutAttributes?,
        what: String
    ) throws -> ReusableView {
        let view: ReusableView
        if let recycled = queues.take(key, from: self) {
            try recycled.prepareForReuse()
            view = recycled
        } else {
            let made: ReusableView
            switch source {
            case nil: throw ScriptValueError("no \(what)")
            case .prototype(let make): made = try make()
            case .registered(let cls):
                guard let bridge,
                    let instance = try bridge.instantiate(
                        cls, initializer: "initWithFrame", attributes?.frame ?? .zero) as? ReusableView
                else {
                    throw ScriptValueError("\(cls.name):initWithFrame did not return a reusable view")
                }
                made = instance
            }
            made.reuseIdentifier = identifier
            made.reuseQueue = key
            view = made
        }
        if let attributes { try view.apply(attributes.copy()) }
        return view
    }

    /// A recycled view forgets its attributes: whatever it shows next gets them applied.
    func recycle(_ view: ReusableView) {
        view.removeFromSuperview()
        view.layoutAttributes = nil
        guard let key = view.reuseQueue else { return }
        queues.put(view, in: key, keptBy: self)
    }

    // MARK: The visible cells

    public override func layoutSubviews() {
        do {
            try updateVisibleCells()
            try nativeContent?.collectionViewDidLayOut(self)
        } catch {
            bridge?.report(error, during: "UICollectionView's layoutSubviews")
        }
    }

    override func didScroll() throws { try nativeContent?.collectionViewDidScroll(self) }

    /// Shows the cells of the visible rect. A self-sizing cell that prefers another size has
    /// the layout invalidated; the pass then runs again for what the layout makes of it.
    func updateVisibleCells() throws {
        for _ in 0..<Self.selfSizingPasses {
            guard try placeVisibleCells() else { return }
        }
    }

    /// A bound on the passes one layout makes: each one measures every cell that came into view.
    private static let selfSizingPasses = 32

    /// Prepares the layout when it is invalid, asks it for the visible rect, and makes the
    /// visible cells match: new ones from the data source, gone ones to the reuse queues,
    /// attributes applied where they changed. True when a cell's preferred attributes
    /// invalidated the layout.
    private func placeVisibleCells() throws -> Bool {
        let counts = try sectionCounts()
        if layout.isInvalid {
            layout.isInvalid = false
            try layout.prepare()
            try setLaidOutContentSize(layout.contentSize())
        }
        let all = try layout.attributes(in: bounds)
        // A script subclass's attributes carry fields in their userdata, which must outlive
        // the pass: the cells get copies of them, and the scripts they run collect garbage.
        let anchors = try all.filter { $0.scriptClass != nil }.compactMap { try bridge?.anchor($0) }
        defer { withExtendedLifetime(anchors) {} }
        let visible = all.filter { attributes in
            guard attributes.category == .cell else { return false }
            let path = attributes.indexPath
            guard path.section < counts.count, path.item < counts[path.section] else {
                guard warnedPaths.insert(path).inserted else { return false }
                let has =
                    path.section < counts.count
                    ? "\(counts[path.section]) items in section \(path.section)" : "\(counts.count) sections"
                bridge?.report(
                    .warning,
                    "the layout gave attributes for item \(path.item) of section \(path.section), which "
                        + "does not exist (the collection view has \(has)); it is left out")
                return false
            }
            return true
        }
        var invalidated = try showSupplementaryViews(
            all.filter { $0.category == .supplementaryView && $0.indexPath.section < counts.count })
        try showDecorationViews(all.filter { $0.category == .decorationView })
        let wanted = Set(visible.map(\.indexPath))
        for (path, cell) in visibleCells where !wanted.contains(path) {
            visibleCells[path] = nil
            try endDisplaying(cell, at: path)
        }
        for attributes in visible {
            let path = attributes.indexPath
            let cell: CollectionViewCell
            var isNew = false
            if let shown = visibleCells[path] {
                cell = shown
            } else {
                isNew = true
                guard
                    let made = try fromDataSource(
                        attributes,
                        {
                            if let nativeContent { return try nativeContent.cell(in: self, at: path) }
                            return try askDataSource(
                                "collectionView_cellForItemAtIndexPath", path, returning: CollectionViewCell?.self)
                                ?? nil
                        })
                else {
                    throw ScriptValueError(
                        "collectionView_cellForItemAtIndexPath returned no cell for item \(path.item) of section \(path.section)"
                    )
                }
                cell = made
                visibleCells[path] = cell
                try addSubview(cell)
                if let appearing, appearing.contains(path) {
                    let initial = try layout.initialAttributes(forAppearingItemAt: path, final: attributes)
                    try AnimationScope.run(group: nil) { try cell.apply(initial) }
                }
                _ = try askDelegate(
                    "collectionView_willDisplayCell_forItemAtIndexPath", cell, path, returning: AnyScriptValue.self)
            }
            try cell.setSelected(selectedPaths.contains(path))
            cell.setEditing(isEditing)
            try applyIfChanged(attributes, to: cell)
            if layout.wantsPreferredAttributes(at: path)
                || (isNew && cell.hasOverride("preferredLayoutAttributesFittingAttributes"))
            {
                let preferred = try cell.preferredAttributes(fitting: attributes.copy())
                if try layout.cellPrefers(preferred, over: attributes) { invalidated = true }
            }
        }
        return invalidated && layout.isInvalid
    }

    /// Supplementary views for `wanted` from the data source, as cells are shown. True when a
    /// self-sizing one's preferred size invalidated the layout.
    private func showSupplementaryViews(_ wanted: [LayoutAttributes]) throws -> Bool {
        var invalidated = false
        let keys = Set(wanted.map { SupplementaryKey(kind: $0.kind ?? "", path: $0.indexPath) })
        for (key, view) in visibleSupplementaryViews where !keys.contains(key) {
            visibleSupplementaryViews[key] = nil
            try endDisplaying(view, key)
        }
        for attributes in wanted {
            let key = SupplementaryKey(kind: attributes.kind ?? "", path: attributes.indexPath)
            if visibleSupplementaryViews[key] == nil {
                guard
                    let made = try fromDataSource(
                        attributes,
                        {
                            if let nativeContent {
                                return try nativeContent.supplementaryView(in: self, ofKind: key.kind, at: key.path)
                            }
                            return try askDataSource(
                                "collectionView_viewForSupplementaryElementOfKind_atIndexPath", key.kind, key.path,
                                returning: ReusableView?.self) ?? nil
                        })
                else { continue }
                visibleSupplementaryViews[key] = made
                try addSubview(made)
                _ = try askDelegate(
                    "collectionView_willDisplaySupplementaryView_forElementKind_atIndexPath", made, key.kind, key.path,
                    returning: AnyScriptValue.self)
            }
            guard let view = visibleSupplementaryViews[key] else { continue }
            try applyIfChanged(attributes, to: view)
            if layout.wantsPreferredAttributes(forSupplementary: attributes) {
                let preferred = try view.preferredAttributes(fitting: attributes.copy())
                if try layout.cellPrefers(preferred, over: attributes) { invalidated = true }
            }
        }
        return invalidated
    }

    /// Asks the data source for the view of `attributes`' element, which dequeuing hands out
    /// with them. Views are made and dequeued without animation, even in an animated update:
    /// what they show then moves from where the pass puts them.
    private func fromDataSource<V>(_ attributes: LayoutAttributes, _ ask: () throws -> V?) throws -> V? {
        attributesBeingShown = attributes
        defer { attributesBeingShown = nil }
        var made: V?
        try AnimationScope.run(group: nil) { made = try ask() }
        return made
    }

    /// Decoration views for `wanted`, made by the collection view itself from the classes
    /// registered with the layout, and recycled by kind.
    private func showDecorationViews(_ wanted: [LayoutAttributes]) throws {
        let keys = Set(wanted.map { SupplementaryKey(kind: $0.kind ?? "", path: $0.indexPath) })
        for (key, view) in visibleDecorationViews where !keys.contains(key) {
            visibleDecorationViews[key] = nil
            recycle(view)
        }
        for attributes in wanted {
            let key = SupplementaryKey(kind: attributes.kind ?? "", path: attributes.indexPath)
            if let view = visibleDecorationViews[key] {
                try applyIfChanged(attributes, to: view)
                continue
            }
            guard let cls = layout.decorationClasses[key.kind] else {
                if warnedDecorationKinds.insert(key.kind).inserted {
                    bridge?.report(
                        .warning,
                        "the layout gave attributes for a decoration view of kind '\(key.kind)', but no class "
                            + "is registered for it: call registerClass_forDecorationViewOfKind on the layout")
                }
                continue
            }
            var made: ReusableView?
            try AnimationScope.run(group: nil) {
                made = try dequeue(
                    queue: "decoration\u{0}" + key.kind, identifier: key.kind, source: .registered(cls),
                    attributes: attributes,
                    what: "decoration view class is registered for the kind '\(key.kind)'")
            }
            guard let made else { continue }
            visibleDecorationViews[key] = made
            try insertSubview(made, at: 0)
        }
    }

    /// As UIKit, a view whose attributes did not change is not told them again.
    private func applyIfChanged(_ attributes: LayoutAttributes, to view: ReusableView) throws {
        if let applied = view.layoutAttributes, try applied.equals(attributes) { return }
        try view.apply(attributes.copy())
        if attributes.category == .cell, swipe?.path == attributes.indexPath { try placeSwipe() }
    }
}
