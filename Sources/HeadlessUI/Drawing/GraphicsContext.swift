import Foundation
import ObjectBridge

/// `CGContextRef`: where drawing goes while a view draws itself (`drawRect`) or an image
/// context is open. It records Core Graphics' calls into a `Drawing` and keeps the current
/// path, which (as in CG) is not part of the graphics state and is used up by a fill, a stroke
/// or a clip.
public final class GraphicsContext: BridgeObject {
    public private(set) var drawing: Drawing
    /// Pixels per point of an image context's image.
    let scale: Double
    /// Whether `UIGraphicsBeginImageContext` opened it (only those make images).
    let isImageContext: Bool
    var path = DrawingPath()

    init(size: CGSize, scale: Double, isImageContext: Bool) {
        drawing = Drawing(size: size)
        self.scale = scale
        self.isImageContext = isImageContext
    }

    func record(_ command: DrawingCommand) { drawing.commands.append(command) }

    /// The current path, which the call that uses it empties.
    func takePath() -> DrawingPath {
        defer { path = DrawingPath() }
        return path
    }
}

/// UIKit's stack of graphics contexts (`UIGraphicsGetCurrentContext` is its top). A context
/// on it is held natively, so its Lua side (fields a script put on it) is anchored while it is.
final class GraphicsStack {
    private var entries: [(context: GraphicsContext, anchor: ObjectAnchor?)] = []

    var top: GraphicsContext? { entries.last?.context }

    func push(_ context: GraphicsContext, bridge: ObjectBridge?) throws {
        entries.append((context, try bridge.map { try $0.anchor(context) }))
    }

    func pop() { _ = entries.popLast() }

    /// Takes `context` off, with whatever was pushed over it and not popped.
    func remove(_ context: GraphicsContext) {
        if let index = entries.lastIndex(where: { $0.context === context }) { entries.removeSubrange(index...) }
    }
}

/// `CGGradientRef`: colours at locations.
public final class Gradient: BridgeObject {
    let stops: GradientStops

    init(colors: [Color], locations: [Double]?) throws {
        guard colors.count >= 1 else { throw ScriptValueError("a gradient needs at least one colour") }
        if let locations, locations.count != colors.count {
            throw ScriptValueError(
                "a gradient of \(colors.count) colours needs as many locations, got \(locations.count)")
        }
        let spread = colors.count == 1 ? [0.0] : colors.indices.map { Double($0) / Double(colors.count - 1) }
        let places = locations ?? spread
        guard places.allSatisfy({ $0.isFinite }) else {
            throw ScriptValueError("a gradient's locations must be numbers from 0 to 1")
        }
        stops = GradientStops(stops: zip(places, colors).map { (min(1, max(0, $0)), DrawingColor($1)) })
    }
}

/// `CGColorSpaceRef`: device RGB is the only space here (sRGB, as a UIKit context's).
public final class ColorSpace: BridgeObject {}
