import Foundation
import ObjectBridge

/// `UICollectionViewController`: a view controller whose view is a collection view, and which
/// is its data source and delegate unless told otherwise.
public final class CollectionViewController: ViewController {
    /// The layout `initWithCollectionViewLayout` gave, until the view loads with it (a flow
    /// layout when none was given).
    var layout: CollectionViewLayout? { didSet { replaceOwned(oldValue, with: layout) } }

    override func loadView() throws {
        let view = CollectionView(
            layout: layout ?? FlowLayout(), touches: environment.touches, engine: environment.text)
        view.frame = environment.screen.bounds
        view.dataSource = self
        view.delegate = self
        try setView(view)
    }
}
