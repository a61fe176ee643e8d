import Foundation

/// A key path into a layer's animatable properties, as animations name them (`position.x`,
/// `transform.rotation.z`, `strokeEnd`): a base property and the components of it the path
/// reaches. A transform's components are its flat translation, rotation and scales, so that a
/// rotation animates by its angle (a whole turn included), as Core Animation's does.
public struct LayerKeyPath: Equatable {
    let name: String
    let base: Property
    /// Which of the base's components the path reaches.
    let indices: [Int]

    /// The properties animations reach, with their number of components.
    public enum Property: String, CaseIterable, Sendable {
        case position, bounds, opacity, cornerRadius, borderWidth, zPosition
        case shadowOpacity, shadowRadius, shadowOffset
        case backgroundColor, borderColor, shadowColor
        case lineWidth, strokeStart, strokeEnd, lineDashPhase, fillColor, strokeColor
        case transform

        var componentCount: Int {
            switch self {
            case .position, .shadowOffset: 2
            case .bounds, .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor: 4
            case .transform: 5
            default: 1
            }
        }

        /// Only shape layers have these.
        var isShapeProperty: Bool {
            [.lineWidth, .strokeStart, .strokeEnd, .lineDashPhase, .fillColor, .strokeColor].contains(self)
        }
    }

    var componentCount: Int { indices.count }

    /// The key paths that reach part of a property.
    private static let parts: [String: (Property, [Int])] = [
        "position.x": (.position, [0]), "position.y": (.position, [1]),
        "bounds.origin": (.bounds, [0, 1]), "bounds.origin.x": (.bounds, [0]), "bounds.origin.y": (.bounds, [1]),
        "bounds.size": (.bounds, [2, 3]), "bounds.size.width": (.bounds, [2]), "bounds.size.height": (.bounds, [3]),
        "shadowOffset.width": (.shadowOffset, [0]), "shadowOffset.height": (.shadowOffset, [1]),
        "transform.translation": (.transform, [0, 1]), "transform.translation.x": (.transform, [0]),
        "transform.translation.y": (.transform, [1]), "transform.rotation": (.transform, [2]),
        "transform.rotation.z": (.transform, [2]), "transform.scale": (.transform, [3, 4]),
        "transform.scale.x": (.transform, [3]), "transform.scale.y": (.transform, [4]),
    ]

    init?(_ name: String) {
        self.name = name
        if let property = Property(rawValue: name) {
            base = property
            indices = Array(0..<property.componentCount)
        } else if let (property, indices) = Self.parts[name] {
            base = property
            // `transform.scale` takes one number for both scales.
            self.indices = name == "transform.scale" ? [3] : indices
        } else {
            return nil
        }
    }

    /// Writes `values` (this path's components) into the base property's `components`.
    func write(_ values: [Double], into components: inout [Double]) {
        if name == "transform.scale", let scale = values.first {
            components[3] = scale
            components[4] = scale
            return
        }
        for (index, value) in zip(indices, values) { components[index] = value }
    }

    /// This path's components of the base property's `components`.
    func read(_ components: [Double]) -> [Double] { indices.map { components[$0] } }

    var valueDescription: String {
        switch (base, componentCount) {
        case (.transform, 5): "a CATransform3D"
        case (.position, 2): "a CGPoint"
        case (.bounds, 4): "a CGRect"
        case (.bounds, 2) where name.hasSuffix("origin"): "a CGPoint"
        case (_, 2): "a CGSize"
        case (_, 4): "a colour"
        default: "a number"
        }
    }

    /// A transform's flat part as translation, rotation and scales.
    static func components(of transform: CATransform3D) -> [Double] {
        AnimatedValue(transform.affine).components
    }

    /// The transform those components make.
    static func transform(of components: [Double]) -> CATransform3D {
        CATransform3D(affine: AnimatedValue.numbers(components).transform)
    }
}
