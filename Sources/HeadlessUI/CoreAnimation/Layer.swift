import Foundation
import ObjectBridge

/// `CALayer`. A view's layer shares its view's geometry, opacity (the view's alpha) and
/// background colour, and keeps the drawing attributes that live on the layer (border, corner
/// radius, shadow). A layer made by a script has all of these itself and draws them, with its
/// sublayers, in the view or layer it is added to. Animations (`addAnimation_forKey`) change
/// what the screen shows, never the model: `presentationLayer` and pictures show the animated
/// values.
public class Layer: BridgeObject {
    public var borderWidth = 0.0
    public var borderColor: Color? { didSet { replaceOwned(oldValue, with: borderColor) } }
    public var cornerRadius = 0.0
    public var masksToBounds = false
    public var zPosition = 0.0
    public var isHidden = false
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var shadowColor: Color? = Color(white: 0, alpha: 1) {
        didSet { replaceOwned(oldValue, with: shadowColor) }
    }
    public var shadowOpacity = 0.0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius = 3.0
    public var shadowPath: DrawingPath?
    /// `contents`: an image drawn in the bounds as `contentsGravity` places it.
    public var contents: Image? { didSet { replaceOwned(oldValue, with: contents) } }
    public var contentsGravity = "resize"
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
    /// Applied to the sublayers (a view's: its subviews too) about the anchor point, after
    /// their own transforms: where a perspective for them all is set.
    public var sublayerTransform = CATransform3D.identity
    /// Whether the back shows when the layer is turned away from the viewer.
    public var isDoubleSided = true
    /// The view whose layer this is; it clears this when it goes away (not weak: see
    /// `View.superview`).
    public internal(set) unowned(unsafe) var view: View?
    public private(set) var sublayers: [Layer] = []
    @WeakObjectReference public private(set) var superlayer: Layer? = nil
    /// For a sublayer of a view's layer: the subview it was added above, as UIKit orders a
    /// view's sublayers among its subviews' layers (nil: under every subview).
    @WeakObjectReference public internal(set) var aboveSubview: View? = nil
    /// The animations running, in the order they were added (see Layer+Animations).
    var animations: [RunningAnimation] = []
    /// A presentation layer's copy of its view's geometry as shown; nil for a model layer.
    private(set) var shown: Geometry?
    /// A presentation layer's model layer.
    @WeakObjectReference private(set) var model: Layer? = nil

    private var ownBounds = CGRect.zero
    private var ownPosition = CGPoint.zero
    private var ownOpacity = 1.0
    private var ownBackgroundColor: Color?

    /// The geometry a layer takes from its view.
    struct Geometry {
        var position: CGPoint
        var bounds: CGRect
        var frame: CGRect
        var opacity: Double
        var backgroundColor: Color?
    }

    public required override init() {
        super.init()
        if let shadowColor { adopt(shadowColor) }  // a default value sets off no didSet
    }

    /// A copy of `view`'s layer with its presentation values.
    convenience init(presenting view: View) {
        self.init()
        copyAttributes(of: view.layer)
        shown = Geometry(
            position: view.presentationCenter, bounds: view.presentationBounds, frame: view.presentationFrame,
            opacity: view.presentationAlpha, backgroundColor: view.presentationBackgroundColor)
        model = view.layer
    }

    /// The attributes a presentation copy shares with its model, as presented now.
    func copyAttributes(of other: Layer) {
        (borderWidth, cornerRadius, masksToBounds) = (other.borderWidth, other.cornerRadius, other.masksToBounds)
        (storedTransform, zPosition, isHidden) = (other.storedTransform, other.zPosition, other.isHidden)
        (sublayerTransform, isDoubleSided) = (other.sublayerTransform, other.isDoubleSided)
        (anchorPoint, shadowOpacity, shadowOffset) = (other.anchorPoint, other.shadowOpacity, other.shadowOffset)
        (shadowRadius, shadowPath, contentsGravity) = (other.shadowRadius, other.shadowPath, other.contentsGravity)
        (borderColor, shadowColor, contents) = (other.borderColor, other.shadowColor, other.contents)
    }

    // MARK: Geometry

    /// What its view has (nothing for a layer of no view).
    var geometry: Geometry {
        if let shown { return shown }
        guard let view else {
            return Geometry(
                position: ownPosition, bounds: ownBounds, frame: ownFrame, opacity: ownOpacity,
                backgroundColor: ownBackgroundColor)
        }
        return Geometry(
            position: view.center, bounds: view.bounds, frame: view.frame, opacity: view.alpha,
            backgroundColor: view.backgroundColor)
    }

    /// A standalone layer's frame: its bounds placed by its position and anchor point, and, when
    /// it is transformed, the box around the transformed bounds.
    private var ownFrame: CGRect {
        View.frame(
            center: CGPoint(
                x: ownPosition.x + (0.5 - anchorPoint.x) * ownBounds.width,
                y: ownPosition.y + (0.5 - anchorPoint.y) * ownBounds.height),
            bounds: ownBounds, transform: storedTransform.affine)
    }

    public var bounds: CGRect {
        get { geometry.bounds }
        set {
            if let view { view.setBounds(newValue) } else { ownBounds = newValue }
        }
    }

    public var position: CGPoint {
        get { geometry.position }
        set {
            if let view { view.setCenter(newValue) } else { ownPosition = newValue }
        }
    }

    public var frame: CGRect {
        get { geometry.frame }
        set {
            if let view {
                view.frame = newValue
                return
            }
            ownBounds.size = newValue.size
            ownPosition = CGPoint(
                x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// The layer's opacity: its view's alpha, for a view's layer.
    public var opacity: Double {
        get { shown?.opacity ?? view?.alpha ?? ownOpacity }
        set {
            if let view { view.alpha = newValue } else { ownOpacity = newValue }
        }
    }

    public var backgroundColor: Color? {
        get { geometry.backgroundColor }
        set {
            if let view {
                view.backgroundColor = newValue
            } else {
                replaceOwned(ownBackgroundColor, with: newValue)
                ownBackgroundColor = newValue
            }
        }
    }

    // MARK: Sublayers

    /// Adds `layer` at `index` among the sublayers (taking it from its old superlayer).
    func insertSublayer(_ layer: Layer, at index: Int) throws {
        var ancestor: Layer? = self
        while let current = ancestor {
            guard current !== layer else {
                throw ScriptValueError("a layer cannot be added to itself or to one of its own sublayers")
            }
            ancestor = current.superlayer
        }
        guard layer.view == nil else {
            throw ScriptValueError("a view's layer is added with its view (addSubview), not as a sublayer")
        }
        adopt(layer)
        layer.removeFromSuperlayer()
        let position = min(max(index, 0), sublayers.count)
        sublayers.insert(layer, at: position)
        layer.superlayer = self
        // Above the subviews there are now, unless it goes under the sublayers already there.
        layer.aboveSubview = position == 0 && sublayers.count > 1 ? sublayers[1].aboveSubview : view?.subviews.last
        view?.window?.application.displayPending = true
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer, let index = parent.sublayers.firstIndex(where: { $0 === self }) else { return }
        parent.sublayers.remove(at: index)
        superlayer = nil
        aboveSubview = nil
        parent.abandon(self)
    }

    /// The view this layer shows in: its own view's, or its nearest ancestor's.
    var hostView: View? {
        var layer: Layer? = self
        while let current = layer {
            if let view = current.view { return view }
            layer = current.superlayer
        }
        return nil
    }

    /// A new layer of the same class, with this one's presented values: what
    /// `presentationLayer` returns for a standalone layer.
    func presentationCopy() -> Layer {
        let copy = Self()
        copy.copyAttributes(of: self)
        copy.ownBounds = presentedBounds
        copy.ownPosition = presentedPosition
        copy.ownOpacity = presentedNumber(.opacity)
        copy.ownBackgroundColor = presentedColor(.backgroundColor)
        copy.storedTransform = presentedTransform
        copy.model = self
        copyPresentedAttributes(to: copy)
        return copy
    }

    /// What a subclass adds to a presentation copy (a shape layer's stroke end, as shown).
    func copyPresentedAttributes(to copy: Layer) {
        copy.cornerRadius = presentedNumber(.cornerRadius)
        copy.borderWidth = presentedNumber(.borderWidth)
        copy.borderColor = presentedColor(.borderColor)
        copy.shadowOpacity = presentedNumber(.shadowOpacity)
        copy.shadowRadius = presentedNumber(.shadowRadius)
        copy.zPosition = presentedNumber(.zPosition)
    }

    /// A subclass's own animatable properties (a shape layer's stroke end) as components; nil
    /// for a property the layer does not have.
    func ownComponents(of property: LayerKeyPath.Property) -> [Double]? { nil }

    /// A subclass's own colour property (a shape layer's stroke colour); nil when unset.
    func ownColor(of property: LayerKeyPath.Property) -> Color? { nil }

    /// What a subclass draws as its content (a shape, a gradient, text) in `bounds`, as shown
    /// now, after the background and the contents image.
    func drawOwnContent(in bounds: CGRect, into drawing: inout Drawing) {}

    /// The outline a subclass's shadow takes when it has no `shadowPath` (a shape layer's path).
    var ownShadowShape: DrawingPath? { nil }

    var isPresentation: Bool { model != nil }
    var modelLayer: Layer { model ?? self }
}
