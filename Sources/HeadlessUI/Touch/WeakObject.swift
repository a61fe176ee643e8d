import Foundation
import ObjectBridge

/// A weak reference to a bridged object (targets are weak, as in UIKit).
struct WeakObject {
    @WeakObjectReference var object: BridgeObject? = nil
}
