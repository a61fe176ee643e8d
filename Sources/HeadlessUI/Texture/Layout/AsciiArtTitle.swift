import Foundation

/// An element's name in `asciiArtString` and layout dumps, kept in parts so that a layout
/// can hold it cheaply and format it only when it is shown.
public struct AsciiArtTitle: Sendable {
    let name: String
    let debugName: String?
    /// A ratio spec's ratio, shown after the name as Texture shows it.
    var ratio: Double?

    init(scriptClass: String?, textureName: String, debugName: String?) {
        name = scriptClass ?? textureName
        self.debugName = debugName
    }

    /// Its class, then its debug name in parentheses (and a ratio spec's ratio).
    public var text: String {
        let named = debugName.map { "\(name) (\($0))" } ?? name
        return ratio.map { named + String(format: " (%.1f)", $0) } ?? named
    }
}
