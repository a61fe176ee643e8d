import Foundation
import ObjectBridge

/// `CALayer`: the drawing attributes of a view that live on its layer. A view's layer shares
/// its geometry and opacity (the view's alpha); its `presentationLayer` is a copy with what
/// the screen shows while animations run.
public final class Layer: BridgeObject {
    public var borderWidth = 0.0
    public var borderColor: Color? { didSet { replaceOwned(oldValue, with: borderColor) } }
    public var cornerRadius = 0.0
    /// The layer's transform, which is its view's: setting either sets both, as in UIKit (the
    /// view's is the flat part, what the screen shows; the rest is kept and read back).
    public var transform: CATransform3D {
        get { storedTransform }
        set {
            storedTransform = newValue
            view?.setTransform(newValue.affine)
        }
    }
    /// Kept in step with the view's transform by the view (see `View.transform`).
    var storedTransform = CATransform3D.identity
    public var zPosition = 0.0
    public var masksToBounds = false
    /// The view whose layer this is; it clears this when it goes away (not weak: see
    /// `View.superview`).
    public internal(set) unowned(unsafe) var view: View?
    /// A presentation layer's copy of its view's geometry as shown; nil for a model layer.
    private(set) var shown: Geometry?
    private var ownOpacity = 1.0

    /// The geometry a layer takes from its view.
    struct Geometry {
        var position: CGPoint
        var bounds: CGRect
        var frame: CGRect
        var opacity: Double
        var backgroundColor: Color?
    }

    public override init() {}

    /// A copy of `view`'s layer with its presentation values.
    init(presenting view: View) {
        let model = view.layer
        (borderWidth, borderColor, cornerRadius) = (model.borderWidth, model.borderColor, model.cornerRadius)
        (storedTransform, zPosition, masksToBounds) = (model.transform, model.zPosition, model.masksToBounds)
        shown = Geometry(
            position: view.presentationCenter, bounds: view.presentationBounds, frame: view.presentationFrame,
            opacity: view.presentationAlpha, backgroundColor: view.presentationBackgroundColor)
        super.init()
        if let borderColor { adopt(borderColor) }
    }

    /// The layer's opacity: its view's alpha, for a view's layer.
    public var opacity: Double {
        get { shown?.opacity ?? view?.alpha ?? ownOpacity }
        set {
            if let view { view.alpha = newValue } else { ownOpacity = newValue }
        }
    }

    /// What its view has (nothing for a layer of no view).
    var geometry: Geometry {
        if let shown { return shown }
        guard let view else {
            return Geometry(position: .zero, bounds: .zero, frame: .zero, opacity: ownOpacity, backgroundColor: nil)
        }
        return Geometry(
            position: view.center, bounds: view.bounds, frame: view.frame, opacity: view.alpha,
            backgroundColor: view.backgroundColor)
    }
}
