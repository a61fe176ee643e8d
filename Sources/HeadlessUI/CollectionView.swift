import Foundation
import ObjectBridge

/// `UICollectionView`, headless: asks its data source for sections, items and cells, asks its
/// layout where they go, and keeps exactly the cells of the visible rect, recycling the others
/// through reuse queues. Its display pass runs in `layoutSubviews`, which the host's layout
/// pass reaches after every event.
public final class CollectionView: View {
    public private(set) var layout: CollectionViewLayout
    public weak var dataSource: BridgeObject?
    public weak var delegate: BridgeObject?
    public private(set) var contentSize = CGSize.zero
    private var cellClasses: [String: ClassObject] = [:]
    private var queues: [String: [ReusableView]] = [:]
    /// The cells on screen, by index path.
    public private(set) var visibleCells: [IndexPathObject: CollectionViewCell] = [:]
    /// Section and item counts as last read from the data source.
    private var counts: [Int]?

    init(layout: CollectionViewLayout) {
        self.layout = layout
        super.init()
        adopt(layout)
        layout.collectionView = self
        clipsToBounds = true
    }

    func setLayout(_ new: CollectionViewLayout) {
        guard new !== layout else { return }
        layout.collectionView = nil
        replaceOwned(layout, with: new)
        layout = new
        new.collectionView = self
        new.invalidate(with: nil)
    }

    public var contentOffset: CGPoint { bounds.origin }

    func setContentOffset(_ offset: CGPoint) {
        setBounds(CGRect(origin: offset, size: bounds.size))
        setNeedsLayout()
    }

    // MARK: The data source

    /// The number of items of each section, asked once per reload.
    func sectionCounts() throws -> [Int] {
        if let counts { return counts }
        guard let dataSource, let bridge else { return [] }
        let sections = try call(dataSource, "numberOfSectionsInCollectionView", bridge, returning: Int.self) ?? 1
        guard sections >= 0 else { throw ScriptValueError("numberOfSectionsInCollectionView returned \(sections)") }
        var result: [Int] = []
        for section in 0..<sections {
            guard let items = try call(dataSource, "collectionView_numberOfItemsInSection", bridge, section, returning: Int.self) else {
                throw ScriptValueError("the data source does not implement collectionView_numberOfItemsInSection")
            }
            guard items >= 0 else { throw ScriptValueError("collectionView_numberOfItemsInSection(\(section)) returned \(items)") }
            result.append(items)
        }
        counts = result
        return result
    }

    private func call<each A: ScriptConvertible, R: ScriptConvertible>(
        _ target: BridgeObject, _ method: String, _ bridge: ObjectBridge, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        guard let function = bridge.override(method, of: target) else { return nil }
        return try bridge.call(function, on: target, method: method, self, repeat each arguments, returning: R.self)
    }

    func reloadData() {
        counts = nil
        for (_, cell) in visibleCells { recycle(cell) }
        visibleCells = [:]
        layout.invalidate(with: nil)
    }

    // MARK: Reuse

    func register(_ cls: ClassObject, forCellWithReuseIdentifier identifier: String) throws {
        guard cls.isSubclass(ofClassNamed: "UICollectionViewCell") else {
            throw ScriptValueError("\(cls.name) is not a UICollectionViewCell class")
        }
        cellClasses[identifier] = cls
    }

    /// A recycled cell (after `prepareForReuse`) or a new one (after `initWithFrame`).
    func dequeueCell(_ identifier: String, for path: IndexPathObject) throws -> CollectionViewCell {
        if var queue = queues[identifier], let cell = queue.popLast() as? CollectionViewCell {
            queues[identifier] = queue
            abandon(cell)
            try cell.prepareForReuse()
            return cell
        }
        guard let cls = cellClasses[identifier] else {
            throw ScriptValueError("no cell class is registered for the reuse identifier '\(identifier)'")
        }
        guard let bridge, let cell = try bridge.instantiate(cls, initializer: "initWithFrame", CGRect.zero) as? CollectionViewCell else {
            throw ScriptValueError("\(cls.name):initWithFrame did not return a cell")
        }
        cell.reuseIdentifier = identifier
        return cell
    }

    private func recycle(_ view: ReusableView) {
        view.removeFromSuperview()
        guard let identifier = view.reuseIdentifier else { return }
        adopt(view)  // the queue keeps it, and Lua must see that it is kept
        queues[identifier, default: []].append(view)
    }

    // MARK: The display pass

    public override func layoutSubviews() {
        do {
            try displayPass()
        } catch {
            bridge?.report(.error, "UICollectionView display pass: \(error)")
        }
    }

    /// Prepares the layout when it is invalid, asks it for the visible rect, and makes the
    /// visible cells match: new ones from the data source, gone ones to the reuse queues,
    /// attributes applied to all.
    func displayPass() throws {
        let counts = try sectionCounts()
        if layout.isInvalid {
            layout.isInvalid = false
            try layout.prepare()
            contentSize = try layout.contentSize()
        }
        let visible = try layout.attributes(in: bounds).filter { attributes in
            attributes.category == .cell && attributes.indexPath.section < counts.count
                && attributes.indexPath.item < counts[attributes.indexPath.section]
        }
        let wanted = Set(visible.map(\.indexPath))
        for (path, cell) in visibleCells where !wanted.contains(path) {
            recycle(cell)
            visibleCells[path] = nil
        }
        for attributes in visible {
            let path = attributes.indexPath
            let cell: CollectionViewCell
            if let shown = visibleCells[path] {
                cell = shown
            } else {
                guard let dataSource, let bridge,
                      let made = try call(dataSource, "collectionView_cellForItemAtIndexPath", bridge, path,
                                          returning: CollectionViewCell?.self) ?? nil else {
                    throw ScriptValueError("collectionView_cellForItemAtIndexPath returned no cell for item \(path.item) of section \(path.section)")
                }
                cell = made
                visibleCells[path] = cell
                try addSubview(cell)
            }
            try cell.apply(attributes.copy())
        }
    }

    /// The visible cell at `path`, if any.
    func cell(at path: IndexPathObject) -> CollectionViewCell? { visibleCells[path] }

    /// The index path of the visible cell under `point` (content coordinates).
    func indexPath(at point: CGPoint) -> IndexPathObject? {
        visibleCells.first { $0.value.frame.contains(point) }?.key
    }
}
