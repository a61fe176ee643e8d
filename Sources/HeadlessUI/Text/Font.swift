import Foundation
import ObjectBridge

/// `UIFont`: a face of the engine's fonts at a size in points. The system font is DejaVu Sans.
public final class Font: BridgeObject {
    /// The name scripts gave or UIKit would report (`DejaVuSans-Bold`, `DejaVu Sans`).
    public let name: String
    /// Pango's description of the face (`DejaVu Sans Bold`).
    public let face: String
    public let pointSize: Double
    unowned let text: TextEngine

    init(name: String, face: String, pointSize: Double, text: TextEngine) {
        self.name = name
        self.face = face
        self.pointSize = pointSize
        self.text = text
    }

    static let systemFamily = "DejaVu Sans"

    static func system(_ size: Double, _ style: String = "", text: TextEngine) -> Font {
        let face = style.isEmpty ? systemFamily : "\(systemFamily) \(style)"
        let name = style.isEmpty ? "DejaVuSans" : "DejaVuSans-\(style)"
        return Font(name: name, face: face, pointSize: size, text: text)
    }

    var ascender: Double { text.metrics(of: face, size: pointSize).ascent }
    var descender: Double { -text.metrics(of: face, size: pointSize).descent }
    var lineHeight: Double { text.metrics(of: face, size: pointSize).height }

    func withSize(_ size: Double) -> Font { Font(name: name, face: face, pointSize: size, text: text) }

    /// A point size from a script: finite and not negative.
    static func size(_ value: Double) throws -> Double {
        guard value.isFinite, value >= 0 else {
            throw ScriptValueError("font size must be a finite number from 0, got \(value)")
        }
        return value
    }

}
