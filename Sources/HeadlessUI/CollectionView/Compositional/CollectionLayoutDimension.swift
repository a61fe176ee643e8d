import Foundation
import ObjectBridge

/// `NSCollectionLayoutDimension`: one side of a layout size, as a fraction of its
/// container's width or height, in points, or estimated in points.
public final class CollectionLayoutDimension: BridgeObject {
    public enum Kind: Equatable, Sendable {
        case fractionalWidth, fractionalHeight, absolute, estimated
    }

    public let kind: Kind
    public let dimension: Double

    /// Refuses what UIKit cannot lay out: a negative or non-finite value. A fraction over 1 is
    /// a size's to refuse, when it is of the side's own axis (a height may be 4/3 of the width).
    public init(_ kind: Kind, _ dimension: Double) throws {
        guard dimension.isFinite, dimension >= 0 else {
            throw ScriptValueError("NSCollectionLayoutDimension: \(dimension) is not a size (a number from 0 expected)")
        }
        (self.kind, self.dimension) = (kind, dimension)
    }

    /// The length in `container` (the space the dimension's owner is laid out in).
    func resolved(in container: CGSize) -> Double {
        switch kind {
        case .fractionalWidth: dimension * container.width
        case .fractionalHeight: dimension * container.height
        case .absolute, .estimated: dimension
        }
    }
}

/// `NSCollectionLayoutSize`: a width and a height dimension.
public final class CollectionLayoutSize: BridgeObject {
    public let widthDimension: CollectionLayoutDimension
    public let heightDimension: CollectionLayoutDimension

    /// Refuses a side that is more than the whole of its container along its own axis.
    public init(width: CollectionLayoutDimension, height: CollectionLayoutDimension) throws {
        for (side, dimension, axis) in [
            ("width", width, CollectionLayoutDimension.Kind.fractionalWidth), ("height", height, .fractionalHeight),
        ]
        where dimension.kind == axis && dimension.dimension > 1 {
            throw ScriptValueError(
                "NSCollectionLayoutSize: a \(side) of \(dimension.dimension) of the container's \(side) is over its "
                    + "container (from 0 to 1 expected)")
        }
        (widthDimension, heightDimension) = (width, height)
        super.init()
        adopt(width)
        adopt(height)
    }

    /// The dimension of the side along `axis`.
    func dimension(along axis: LayoutAxis) -> CollectionLayoutDimension {
        axis == .horizontal ? widthDimension : heightDimension
    }

    func resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// `NSCollectionLayoutSpacing`: the space between a group's items, fixed, or flexible (at
/// least this much, and the group's leftover space shared out between its items).
public final class CollectionLayoutSpacing: BridgeObject {
    public let spacing: Double
    public let isFlexible: Bool

    public init(_ spacing: Double, flexible: Bool) throws {
        guard spacing.isFinite, spacing >= 0 else {
            throw ScriptValueError("NSCollectionLayoutSpacing: \(spacing) is not a spacing (a number from 0 expected)")
        }
        (self.spacing, isFlexible) = (spacing, flexible)
    }
}

/// `NSCollectionLayoutEdgeSpacing`: space outside an item, on any of its edges, which counts in
/// its group's sums (unlike content insets). Along the group's axis, flexible edges share the
/// group's leftover space; across it, flexible edges push the item away from them (both of
/// them centre it).
public final class CollectionLayoutEdgeSpacing: BridgeObject {
    public let leading, top, trailing, bottom: CollectionLayoutSpacing?

    public init(
        leading: CollectionLayoutSpacing?, top: CollectionLayoutSpacing?, trailing: CollectionLayoutSpacing?,
        bottom: CollectionLayoutSpacing?
    ) {
        (self.leading, self.top, self.trailing, self.bottom) = (leading, top, trailing, bottom)
        super.init()
        for spacing in [leading, top, trailing, bottom] { spacing.map(adopt) }
    }

    /// The spacing before the item along `axis` (leading or top), and after it.
    func before(_ axis: LayoutAxis) -> CollectionLayoutSpacing? { axis == .horizontal ? leading : top }
    func after(_ axis: LayoutAxis) -> CollectionLayoutSpacing? { axis == .horizontal ? trailing : bottom }
}
