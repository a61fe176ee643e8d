import Foundation
import ObjectBridge

/// A table view's cells and header and footer views: registered by reuse identifier, dequeued,
/// recycled, and the table's own header and footer views.
extension TableView {
    // MARK: Reuse

    func register(_ cls: ClassObject?, forCellReuseIdentifier identifier: String) throws {
        guard let cls else {
            cellSources[identifier] = nil
            return
        }
        guard cls.isSubclass(ofClassNamed: "UITableViewCell") else {
            throw ScriptValueError("\(cls.name) is not a UITableViewCell class")
        }
        cellSources[identifier] = .registered(cls)
    }

    /// The storyboard's prototype cells this table would make, to be made once each.
    var prototypeMakers: [() throws -> TableViewCell] { cellSources.values.compactMap(\.prototypeMaker) }

    /// A storyboard's prototype cell for `identifier`, made by `make` when no cell is recycled.
    func registerPrototype(forCellReuseIdentifier identifier: String, _ make: @escaping () throws -> TableViewCell) {
        cellSources[identifier] = .prototype(make)
    }

    func register(_ cls: ClassObject?, forHeaderFooterViewReuseIdentifier identifier: String) throws {
        guard let cls else {
            headerFooterClasses[identifier] = nil
            return
        }
        guard cls.isSubclass(ofClassNamed: "UITableViewHeaderFooterView") else {
            throw ScriptValueError("\(cls.name) is not a UITableViewHeaderFooterView class")
        }
        headerFooterClasses[identifier] = cls
    }

    /// A recycled cell (after `prepareForReuse`), or a new one of the registered class (made
    /// with `initWithStyle_reuseIdentifier`, default style); nil when neither is there, as in
    /// UIKit.
    func dequeueCell(_ identifier: String) throws -> TableViewCell? {
        if let recycled = cellQueues.take(identifier, from: self) {
            try recycled.prepareForReuse()
            return recycled
        }
        guard let source = cellSources[identifier], let bridge else { return nil }
        guard case .registered(let cls) = source else {
            guard case .prototype(let make) = source else { return nil }
            let made = try make()
            made.reuseIdentifier = identifier
            return made
        }
        guard
            let made = try bridge.instantiate(cls, initializer: "initWithStyle_reuseIdentifier", 0, identifier)
                as? TableViewCell
        else {
            throw ScriptValueError("\(cls.name):initWithStyle_reuseIdentifier did not return a UITableViewCell")
        }
        made.reuseIdentifier = identifier
        return made
    }

    /// `dequeueReusableCellWithIdentifier_forIndexPath`: the class must be registered, and the
    /// cell comes sized to its row.
    func dequeueCell(_ identifier: String, for path: IndexPathValue) throws -> TableViewCell {
        guard let cell = try dequeueCell(identifier) else {
            throw ScriptValueError(
                "unable to dequeue a cell with identifier \(identifier): register a class for the identifier "
                    + "with registerClass_forCellReuseIdentifier")
        }
        if let rect = try rect(forRow: path) { cell.frame = rect }
        return cell
    }

    func dequeueHeaderFooterView(_ identifier: String) throws -> TableHeaderFooterView? {
        if let recycled = headerFooterQueues.take(identifier, from: self) {
            try recycled.prepareForReuse()
            return recycled
        }
        guard let cls = headerFooterClasses[identifier], let bridge else { return nil }
        guard
            let made = try bridge.instantiate(cls, initializer: "initWithReuseIdentifier", identifier)
                as? TableHeaderFooterView
        else {
            throw ScriptValueError("\(cls.name):initWithReuseIdentifier did not return a UITableViewHeaderFooterView")
        }
        made.reuseIdentifier = identifier
        return made
    }

    func recycle(_ cell: TableViewCell) {
        cell.removeFromSuperview()
        guard let key = cell.reuseIdentifier else { return }
        cellQueues.put(cell, in: key, keptBy: self)
    }

    func recycle(_ view: View) {
        view.removeFromSuperview()
        guard let reusable = view as? TableHeaderFooterView, let key = reusable.reuseQueue ?? reusable.reuseIdentifier
        else { return }
        headerFooterQueues.put(reusable, in: key, keptBy: self)
    }

    /// A cell goes off screen: back to its queue, and the delegate hears of it.
    func endDisplaying(_ cell: TableViewCell, at path: IndexPathValue) throws {
        recycle(cell)
        _ = try askDelegate(
            "tableView_didEndDisplayingCell_forRowAtIndexPath", cell, path, returning: AnyScriptValue.self)
    }

    /// After updates: the visible cells and the selection at their rows' new index paths.
    func replaceVisibleCells(_ cells: [IndexPathValue: TableViewCell], selected: [IndexPathValue]) {
        visibleCells = cells
        selectedPaths = selected
        for (_, view) in visibleHeaders { recycle(view) }
        for (_, view) in visibleFooters { recycle(view) }
        visibleHeaders = [:]
        visibleFooters = [:]
    }

    func reloadData() throws {
        try closeSwipe()
        invalidateCounts()
        selectedPaths = []
        let (cells, leaving) = (visibleCells, leavingCells)
        visibleCells = [:]
        leavingCells = [:]
        for (_, entry) in leaving { recycle(entry.cell) }
        for (path, cell) in cells { try endDisplaying(cell, at: path) }
        for (_, view) in visibleHeaders { recycle(view) }
        for (_, view) in visibleFooters { recycle(view) }
        visibleHeaders = [:]
        visibleFooters = [:]
        setNeedsLayout()
    }

    func setTableHeaderView(_ view: View?) throws {
        tableHeaderView?.removeFromSuperview()
        tableHeaderView = view
        if let view { try addSubview(view) }
        reloadGeometry()
    }

    func setTableFooterView(_ view: View?) throws {
        tableFooterView?.removeFromSuperview()
        tableFooterView = view
        if let view { try addSubview(view) }
        reloadGeometry()
    }
}
