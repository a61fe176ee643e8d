import Foundation
import ObjectBridge

/// `CALayer`: the drawing attributes of a view that live on its layer.
public final class Layer: BridgeObject {
    public var borderWidth = 0.0
    public var borderColor: Color? { didSet { replaceOwned(oldValue, with: borderColor) } }
    public var cornerRadius = 0.0
    public var transform = CATransform3D.identity
    public var zPosition = 0.0
    public var opacity = 1.0
    public var masksToBounds = false

}
