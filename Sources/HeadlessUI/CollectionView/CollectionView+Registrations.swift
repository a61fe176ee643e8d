import Foundation
import ObjectBridge

/// What cell registrations and diffable data sources ask of a collection view.
extension CollectionView {
    func hasCellSource(_ identifier: String) -> Bool { cellSources[identifier] != nil }

    func hasSupplementarySource(_ kind: String, _ identifier: String) -> Bool {
        supplementarySources[kind]?[identifier] != nil
    }

    /// Runs `body` (a cell provider) so that dequeuing a cell for `path` hands back `cell`, as
    /// a diffable data source's reconfigure does.
    func reusing(_ cell: CollectionViewCell, at path: IndexPathValue, _ body: () throws -> Void) rethrows {
        reconfiguring = (path, cell)
        defer { reconfiguring = nil }
        try body()
    }

    // MARK: Dequeuing

    /// A recycled cell (after `prepareForReuse`) or a new one (made with `initWithFrame` of
    /// its item's frame), with the item's layout attributes applied, as UIKit hands it out.
    func dequeueCell(_ identifier: String, for path: IndexPathValue) throws -> CollectionViewCell {
        if let reconfiguring, reconfiguring.path == path { return reconfiguring.cell }
        let attributes = try attributesBeingShown(for: path, kind: nil) ?? layout.attributes(forItemAt: path)
        guard
            let cell = try dequeue(
                queue: identifier, identifier: identifier, source: cellSources[identifier], attributes: attributes,
                what: "cell class is registered for the reuse identifier '\(identifier)'") as? CollectionViewCell
        else { throw ScriptValueError("the cell registered for '\(identifier)' is not a UICollectionViewCell") }
        return cell
    }

    func dequeueSupplementaryView(ofKind kind: String, _ identifier: String, for path: IndexPathValue) throws
        -> ReusableView
    {
        let attributes =
            try attributesBeingShown(for: path, kind: kind)
            ?? layout.attributes(forSupplementaryViewOfKind: kind, at: path)
        return try dequeue(
            queue: kind + "\u{0}" + identifier, identifier: identifier, source: supplementarySources[kind]?[identifier],
            attributes: attributes,
            what: "supplementary view class is registered for the kind '\(kind)' and reuse identifier '\(identifier)'")
    }

    /// The layout pass's attributes when they are those of the element asked for.
    private func attributesBeingShown(for path: IndexPathValue, kind: String?) -> LayoutAttributes? {
        guard let shown = attributesBeingShown, shown.indexPath == path, shown.kind == kind else { return nil }
        return shown
    }

}
