import Foundation
import ObjectBridge

/// `UICollectionViewCellRegistration` (and `UICollectionViewSupplementaryRegistration`, with
/// its element kind): a cell class and a configuration handler, `function(cell, indexPath,
/// item)` (`function(view, kind, indexPath)` for a supplementary view). The class is
/// registered with a collection view under a reuse identifier of its own the first time the
/// registration dequeues there.
public final class CellRegistration: BridgeObject {
    let cellClass: ClassObject
    let handler: ScriptBlock
    /// Set for a supplementary registration.
    let elementKind: String?
    /// Unique to the registration, so that no script's identifier and no other registration's
    /// can name it.
    let reuseIdentifier = "\u{0}registration " + UUID().uuidString

    /// Whether it was made inside a cell provider, where a new registration each time would
    /// defeat reuse: UIKit refuses such a registration when it dequeues.
    let madeInsideProvider: Bool

    init(cellClass: ClassObject, elementKind: String?, handler: ScriptBlock, insideProvider: Bool) {
        (self.cellClass, self.elementKind, self.handler) = (cellClass, elementKind, handler)
        madeInsideProvider = insideProvider
    }

    private func refuseIfMadeInsideProvider() throws {
        guard madeInsideProvider else { return }
        throw ScriptValueError(
            "a registration of \(cellClass.name) was made inside the data source's cell provider: a new one for "
                + "every cell defeats reuse, so UIKit refuses it. Make registrations once, before the data source "
                + "(in viewDidLoad), and dequeue with them in the provider")
    }

    /// A cell of the class, dequeued for `path` and configured by the handler with `item`.
    func dequeueCell(in view: CollectionView, at path: IndexPathValue, item: AnyScriptValue) throws
        -> CollectionViewCell
    {
        guard elementKind == nil else {
            throw ScriptValueError(
                "a supplementary registration cannot dequeue cells: use a UICollectionViewCellRegistration")
        }
        try refuseIfMadeInsideProvider()
        if !view.hasCellSource(reuseIdentifier) {
            try view.register(cellClass, forCellWithReuseIdentifier: reuseIdentifier)
        }
        let cell = try view.dequeueCell(reuseIdentifier, for: path)
        try bridge?.call(handler, cell, path, item)
        return cell
    }

    /// A supplementary view of the class, dequeued for `kind` at `path` and configured.
    func dequeueSupplementaryView(in view: CollectionView, ofKind kind: String, at path: IndexPathValue) throws
        -> ReusableView
    {
        guard let elementKind else {
            throw ScriptValueError(
                "a cell registration cannot dequeue supplementary views: use a UICollectionViewSupplementaryRegistration"
            )
        }
        guard elementKind == kind else {
            throw ScriptValueError("the registration is for '\(elementKind)' views, not '\(kind)'")
        }
        try refuseIfMadeInsideProvider()
        if !view.hasSupplementarySource(kind, reuseIdentifier) {
            try view.register(cellClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: reuseIdentifier)
        }
        let supplementary = try view.dequeueSupplementaryView(ofKind: kind, reuseIdentifier, for: path)
        try bridge?.call(handler, supplementary, kind, path)
        return supplementary
    }
}
