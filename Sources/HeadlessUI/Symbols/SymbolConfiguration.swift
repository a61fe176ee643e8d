import Foundation
import ObjectBridge

/// `UIImageSymbolConfiguration`: how a system image is drawn. Each part is unspecified until
/// given; applying one configuration to another keeps the other's parts where this one's are
/// unspecified, as `configurationByApplyingConfiguration` does.
public final class SymbolConfiguration: BridgeObject {
    /// `UIImageSymbolWeight`: 0 unspecified, ultraLight 1 to black 9 (regular is 4).
    public enum Weight {
        static let members: [(String, Int)] = [
            ("Unspecified", 0), ("UltraLight", 1), ("Thin", 2), ("Light", 3), ("Regular", 4), ("Medium", 5),
            ("Semibold", 6), ("Bold", 7), ("Heavy", 8), ("Black", 9),
        ]
        static let regular = 4
    }

    /// `UIImageSymbolScale`: -1 default, 0 unspecified, 1 small, 2 medium, 3 large.
    public enum Scale {
        static let members: [(String, Int)] = [
            ("Default", -1), ("Unspecified", 0), ("Small", 1), ("Medium", 2), ("Large", 3),
        ]
        /// A small or large symbol's size against a medium one's. Apple publishes no ratio:
        /// these are Rebound's reading of SF Symbols' small and large scales.
        static func factor(_ scale: Int) -> Double { scale == 1 ? 0.8 : scale == 3 ? 1.3 : 1 }
    }

    /// How the colours are used: one tint (the view's), hierarchical (the given colour, the
    /// icon font having one layer), or a palette (its first colour).
    public enum Colors {
        case hierarchical(Color)
        case palette([Color])
    }

    public private(set) var pointSize: Double?
    public private(set) var weight = 0
    public private(set) var scale = 0
    public private(set) var textStyle: TextStyle?
    public private(set) var colors: Colors?

    public override init() {}

    init(pointSize: Double? = nil, weight: Int = 0, scale: Int = 0, textStyle: TextStyle? = nil) throws {
        if let pointSize, !(pointSize.isFinite && pointSize > 0 && pointSize <= 1_000) {
            throw ScriptValueError(
                "UIImageSymbolConfiguration: point size \(pointSize) is not a size (above 0, to 1000)")
        }
        guard Weight.members.contains(where: { $0.1 == weight }) else {
            throw ScriptValueError("UIImageSymbolConfiguration: \(weight) is not a UIImageSymbolWeight (0 to 9)")
        }
        guard Scale.members.contains(where: { $0.1 == scale }) else {
            throw ScriptValueError("UIImageSymbolConfiguration: \(scale) is not a UIImageSymbolScale (-1 to 3)")
        }
        (self.pointSize, self.weight, self.scale, self.textStyle) = (pointSize, weight, scale, textStyle)
    }

    init(colors: Colors) {
        self.colors = colors
        super.init()
        for color in colors.all { adopt(color) }
    }

    /// `configurationByApplyingConfiguration`: `other`'s specified parts over these.
    func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
        guard let other else { return self }
        let combined = SymbolConfiguration()
        combined.pointSize = other.pointSize ?? pointSize
        combined.textStyle = other.pointSize == nil ? other.textStyle ?? textStyle : nil
        combined.weight = other.weight != 0 ? other.weight : weight
        combined.scale = other.scale != 0 ? other.scale : scale
        combined.colors = other.colors ?? colors
        for color in combined.colors?.all ?? [] { combined.adopt(color) }
        return combined
    }

    /// The medium-scale size of the symbol's font: the given size, the text style's in
    /// `category`, else the body style's default 17 points, as UIKit's unspecified configuration.
    func fontSize(in category: ContentSizeCategory) -> Double {
        pointSize ?? textStyle?.pointSize(in: category) ?? 17
    }

    /// The colour the symbol is drawn in whatever the view's tint, if the configuration gives one.
    var ownColor: Color? {
        switch colors {
        case .hierarchical(let color): color
        case .palette(let colors): colors.first
        case nil: nil
        }
    }
}

extension SymbolConfiguration.Colors {
    var all: [Color] {
        switch self {
        case .hierarchical(let color): [color]
        case .palette(let colors): colors
        }
    }
}
