import Foundation

/// `ASRelativeLayoutSpec`: its child placed at the start, centre or end of each axis; the spec
/// fills the range's finite maximum unless a sizing option shrinks it to the child.
public class RelativeLayoutSpec: LayoutSpec {
    /// `ASRelativeLayoutSpecPosition`.
    public enum Position: Int, Sendable {
        case none = 0
        case start, center, end

        var proportion: Double {
            switch self {
            case .none, .start: 0
            case .center: 0.5
            case .end: 1
            }
        }
    }

    /// `ASRelativeLayoutSpecSizingOption`, a bit set.
    public struct SizingOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let minimumWidth = SizingOptions(rawValue: 1)
        public static let minimumHeight = SizingOptions(rawValue: 2)
    }

    public var horizontalPosition = Position.none
    public var verticalPosition = Position.none
    public var sizingOptions: SizingOptions = []

    public override class var textureName: String { "ASRelativeLayoutSpec" }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let child = try requiredChild()
        let parentSize = Self.parentSize(range)
        let childMinimum = CGSize(
            width: horizontalPosition == .none ? range.min.width : 0,
            height: verticalPosition == .none ? range.min.height : 0)
        let sublayout = try child.layout(
            fitting: SizeRange(min: childMinimum, max: range.max), parentSize: parentSize, in: pass)
        var size = range.clamp(
            CGSize(
                width: parentSize.width.isFinite ? parentSize.width : sublayout.size.width,
                height: parentSize.height.isFinite ? parentSize.height : sublayout.size.height))
        size = range.clamp(
            CGSize(
                width: sizingOptions.contains(.minimumWidth) ? min(size.width, sublayout.size.width) : size.width,
                height: sizingOptions.contains(.minimumHeight) ? min(size.height, sublayout.size.height) : size.height))
        sublayout.position = CGPoint(
            x: pass.roundPixel((size.width - sublayout.size.width) * horizontalPosition.proportion),
            y: pass.roundPixel((size.height - sublayout.size.height) * verticalPosition.proportion))
        return NodeLayout(element: self, size: size, sublayouts: [sublayout])
    }
}

/// `ASCenterLayoutSpec`: a relative spec that centres its child on the axes its centering
/// options name.
public final class CenterLayoutSpec: RelativeLayoutSpec {
    /// `ASCenterLayoutSpecCenteringOptions`, a bit set.
    public struct CenteringOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let x = CenteringOptions(rawValue: 1)
        public static let y = CenteringOptions(rawValue: 2)
    }

    public var centeringOptions: CenteringOptions = [] {
        didSet {
            horizontalPosition = centeringOptions.contains(.x) ? .center : .none
            verticalPosition = centeringOptions.contains(.y) ? .center : .none
        }
    }

    public override class var textureName: String { "ASCenterLayoutSpec" }
}
