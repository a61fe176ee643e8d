import Foundation

/// What a world needs from the layers above it, handed in when it is made: turning a drawn
/// image into pixels (`UIImagePNGRepresentation` of an image context's image) and taking a
/// layer's look for a transition to start from. Drawing is the renderer's work, which the
/// world does not import. A world made without them (the world's own tests, a check) encodes
/// no drawn image and starts a transition from the new look alone.
public struct WorldServices: Sendable {
    /// Rasterizes a drawing at a scale, with the world's fonts.
    public typealias Rasterize = @Sendable (Drawing, _ scale: Double, TextEngine) -> PremultipliedPixels?
    /// Draws a layer (a view's layer: the view) and what it holds, in its own coordinates.
    public typealias TakeLook = @Sendable (Layer, TextEngine, _ scale: Double) -> AnyObject?

    public var rasterize: Rasterize?
    public var takeLook: TakeLook?

    public init(rasterize: Rasterize? = nil, takeLook: TakeLook? = nil) {
        (self.rasterize, self.takeLook) = (rasterize, takeLook)
    }
}
