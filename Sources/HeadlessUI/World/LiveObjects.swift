import Foundation
import ObjectBridge

/// Objects of the world of one kind, held weakly, so that a save can reach the ones whose
/// script code it may have changed: Texture nodes, compositional layouts whose section
/// providers may call the saved module, and diffable data sources whose cell providers may.
struct LiveObjects<Object: BridgeObject> {
    private var objects: [WeakObjectReference<Object>] = []
    /// When the list next drops the objects that died: at twice its size after the last drop.
    private var pruneAt = 64

    mutating func track<Tracked: AnyObject>(_ object: Tracked) -> Tracked {
        guard let kept = object as? Object else { return object }
        if objects.count >= pruneAt {
            objects.removeAll { $0.wrappedValue == nil }
            pruneAt = max(64, objects.count * 2)
        }
        objects.append(WeakObjectReference(wrappedValue: kept))
        return object
    }

    var all: [Object] { objects.compactMap(\.wrappedValue) }
}

extension UIWorld {
    /// After a save: every node of a script class lays out again at its next pass, collection
    /// and table nodes measure their items again where they are, and compositional layouts
    /// describe their sections again, and diffable data sources configure their visible cells
    /// again (the registrations' handlers may be new); snapshots and scroll positions stay.
    public func layOutAgainAfterSave() {
        let nodes = environment.liveNodes.all
        for node in nodes where node.scriptClass != nil { node.setNeedsLayout() }
        for case let list as ListNode in nodes { list.itemsNeedLayout() }
        for layout in environment.liveLayouts.all { layout.invalidate() }
        for source in environment.liveDataSources.all {
            do { try source.reconfigureVisibleCells() } catch {
                bridge.report(error, during: "configuring a diffable data source's cells after the save")
            }
        }
    }
}
