import Foundation
import ObjectBridge

/// Texture's interface states for a list's item nodes: a node is in the preload range
/// within 2.5 screens of the visible rect, in the display range within one, and visible on
/// screen (Texture's full range tuning). Nodes are told as they enter and leave each range:
/// `didEnterPreloadState`, `didEnterDisplayState`, `didEnterVisibleState` and their exits.
final class InterfaceStateTracker {
    struct States: OptionSet, Hashable {
        let rawValue: Int
        static let preload = States(rawValue: 1)
        static let display = States(rawValue: 2)
        static let visible = States(rawValue: 4)
    }

    static let preloadScreens = 2.5
    static let displayScreens = 1.0

    private(set) var states: [IndexPathValue: States] = [:]

    func reset() { states = [:] }

    /// Works out each item's states from `frames`, which gives the items whose frames meet a
    /// rect, and tells the nodes whose states changed, entries in order preload, display,
    /// visible, and exits in reverse. The ranges reach ahead and behind along the scrolling axis.
    func update(
        visible: CGRect, vertical: Bool, frames: (CGRect) throws -> [(path: IndexPathValue, frame: CGRect)],
        nodes: (IndexPathValue) -> CellNode?
    ) throws {
        func grown(_ screens: Double) -> CGRect {
            vertical
                ? visible.insetBy(dx: 0, dy: -visible.height * screens)
                : visible.insetBy(dx: -visible.width * screens, dy: 0)
        }
        let (preload, display) = (grown(Self.preloadScreens), grown(Self.displayScreens))
        var next: [IndexPathValue: States] = [:]
        for (path, frame) in try frames(preload) {
            var found: States = .preload
            if frame.intersects(display) { found.insert(.display) }
            if frame.intersects(visible) { found.insert(.visible) }
            next[path] = found
        }
        let changed = Set(states.keys).union(next.keys).filter { states[$0] != next[$0] }.sorted()
        let old = states
        states = next
        for path in changed {
            guard let node = nodes(path) else { continue }
            let (before, after) = (old[path] ?? [], next[path] ?? [])
            for (state, name) in [(States.visible, "Visible"), (.display, "Display"), (.preload, "Preload")]
            where before.contains(state) && !after.contains(state) {
                _ = try node.runOverride("didExit\(name)State")
            }
            for (state, name) in [(States.preload, "Preload"), (.display, "Display"), (.visible, "Visible")]
            where after.contains(state) && !before.contains(state) {
                _ = try node.runOverride("didEnter\(name)State")
            }
        }
    }
}

/// `ASBatchContext`: handed to the delegate when a batch fetch begins; the delegate calls
/// `completeBatchFetching` when its new items are in.
public final class BatchContext: BridgeObject {
    public private(set) var isFetching = true
    var onCompletion: (() -> Void)?

    public func completeBatchFetching(_ didComplete: Bool) {
        guard isFetching else { return }
        isFetching = false
        onCompletion?()
    }

    public func cancelBatchFetching() { completeBatchFetching(false) }
}
