import Foundation
import ObjectBridge

/// A list view's views waiting to be handed out again, by queue (a reuse identifier, or a kind
/// with one). The list view owns them while they wait, so their script fields live on.
struct ReuseQueues<Element: View> {
    private var queues: [String: [Element]] = [:]

    /// A waiting view of `key`, which `owner` no longer keeps.
    mutating func take(_ key: String, from owner: BridgeObject) -> Element? {
        guard let view = queues[key]?.popLast() else { return nil }
        owner.abandon(view)
        return view
    }

    /// Puts `view` in the queue `key`, kept by `owner`.
    mutating func put(_ view: Element, in key: String, keptBy owner: BridgeObject) {
        owner.adopt(view)
        queues[key, default: []].append(view)
    }
}
