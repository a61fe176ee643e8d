import Foundation
import ObjectBridge

/// Gesture recognizers from their elements: what Xcode's inspector writes for each kind.
extension NibInstantiation {
    func decodeGestureRecognizer(_ element: IBElement, _ recognizer: GestureRecognizer) throws {
        if let enabled = try bool(element, "enabled") { recognizer.isEnabled = enabled }
        if let cancels = try bool(element, "cancelsTouchesInView") { recognizer.cancelsTouchesInView = cancels }
        switch recognizer {
        case let tap as TapRecognizer:
            if let taps = try count(element, "numberOfTapsRequired") { tap.numberOfTapsRequired = taps }
            if let touches = try count(element, "numberOfTouchesRequired") { tap.numberOfTouchesRequired = touches }
        case let swipe as SwipeRecognizer:
            if let direction = try named(element, "direction", ["right": 1, "left": 2, "up": 4, "down": 8]) {
                swipe.direction = direction
            }
            if let touches = try count(element, "numberOfTouchesRequired") { swipe.numberOfTouchesRequired = touches }
        case let press as LongPressRecognizer:
            if let duration = try number(element, "minimumPressDuration") {
                press.minimumPressDuration = max(0, duration)
            }
            if let movement = try number(element, "allowableMovement") { press.allowableMovement = max(0, movement) }
            try warnUnlessDefault(element, "numberOfTapsRequired", 0, "taps before a long press")
            try warnUnlessDefault(element, "numberOfTouchesRequired", 1, "a long press with more fingers than one")
        case let pan as PanRecognizer:
            if let touches = try count(element, "minimumNumberOfTouches") { pan.minimumNumberOfTouches = touches }
            if let touches = try count(element, "maximumNumberOfTouches") { pan.maximumNumberOfTouches = touches }
            if let edges = element.keyed("edges"), let edgePan = pan as? ScreenEdgePanRecognizer {
                edgePan.edges = try rectEdges(edges)
            }
        default: break
        }
    }

    /// `<rectEdge>` or `<extendedEdge>`: the edges it says YES to (`UIRectEdge`: top 1, left 2,
    /// bottom 4, right 8); none when it names none.
    func rectEdges(_ element: IBElement) throws -> Int {
        var edges = 0
        for (name, bit) in [("top", 1), ("left", 2), ("bottom", 4), ("right", 8)] where try bool(element, name) == true
        {
            edges |= bit
        }
        return edges
    }

    /// A count of taps or fingers: 1 or more.
    private func count(_ element: IBElement, _ attribute: String) throws -> Int? {
        guard let value = try integer(element, attribute) else { return nil }
        guard value >= 1 else { throw problem(element, "\(attribute)=\"\(value)\" is not 1 or more") }
        return value
    }

    /// Reads a setting Rebound does not model, warning when the document changes it.
    private func warnUnlessDefault(_ element: IBElement, _ attribute: String, _ standard: Int, _ what: String) throws {
        guard let value = try integer(element, attribute), value != standard else { return }
        warnOnce(element, "\(attribute)=\"\(value)\": \(what) is not modelled; UIKit's default \(standard) is kept")
    }
}
