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
}
