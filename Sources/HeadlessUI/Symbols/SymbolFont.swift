import Foundation

/// The icon font system images draw with: Material Design Icons, from Debian's
/// fonts-materialdesignicons-webfont (Apache 2.0). Its glyphs are found by the names its own
/// style sheet gives them (`.mdi-heart:before { content: "\F2D1"; }`), so that the name map
/// reads as names and follows the package.
struct SymbolFont: Sendable {
    /// The font's family, as Pango finds it among the text engine's fonts.
    static let family = "Material Design Icons"
    static let fontDirectory = "/usr/share/fonts/truetype/materialdesignicons-webfont"
    static let styleSheetPath = "/usr/share/fonts-materialdesignicons-webfont/css/materialdesignicons.css"
    /// The style sheet is a file on the machine, not the user's: still, a damaged one must not
    /// hold the host. Debian's is 85 KB with some 1,650 names.
    static let maximumStyleSheetBytes = 4 << 20
    static let maximumGlyphs = 50_000

    /// Each glyph's character, by the icon font's name.
    let glyphs: [String: Character]

    /// The installed font's glyphs, read once; the error says which package to install.
    static let installed: Result<SymbolFont, UIError> = Result {
        let url = URL(fileURLWithPath: styleSheetPath)
        let size = (try? FileManager.default.attributesOfItem(atPath: styleSheetPath)[.size] as? Int) ?? nil
        guard let size else {
            throw UIError(
                "system images need the icon font's names in \(styleSheetPath): install Debian's "
                    + "fonts-materialdesignicons-webfont")
        }
        guard size <= maximumStyleSheetBytes else {
            throw UIError("\(styleSheetPath) is \(size) bytes, over \(maximumStyleSheetBytes): not read")
        }
        do {
            return SymbolFont(styleSheet: try String(contentsOf: url, encoding: .utf8))
        } catch {
            throw UIError("\(styleSheetPath) could not be read: \(error.localizedDescription)")
        }
    }.mapError { $0 as? UIError ?? UIError("\($0)") }

    /// The names and code points of a style sheet: each `.mdi-NAME:before` rule's `content`.
    init(styleSheet: String) {
        var glyphs: [String: Character] = [:]
        var name: Substring?
        for line in styleSheet.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix(".mdi-"), let end = trimmed.range(of: ":before") {
                name = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<end.lowerBound]
            } else if let current = name, trimmed.hasPrefix("content: \"\\") {
                let hex = trimmed.dropFirst("content: \"\\".count).prefix { $0.isHexDigit }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    glyphs[String(current)] = Character(scalar)
                }
                name = nil
                if glyphs.count >= Self.maximumGlyphs { break }
            }
        }
        self.glyphs = glyphs
    }
}
