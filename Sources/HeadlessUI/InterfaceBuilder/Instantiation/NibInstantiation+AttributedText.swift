import Foundation
import ObjectBridge

/// `<attributedString>`: Xcode writes rich text as fragments, each with its attributes. Until
/// Rebound models attributed text, it reads the text whole and its first fragment's font,
/// colour, alignment and line breaks (all that a one-run string has), and warns when there are more runs.
/// Other attributes (kern, underline, line heights) stay unknown parts.
extension NibInstantiation {
    /// What Rebound draws of a document's attributed string.
    struct DocumentText {
        var string = ""
        var font: Font?
        var color: Color?
        var alignment: Int?
        var lineBreakMode: Int?
    }

    func attributedText(_ element: IBElement) throws -> DocumentText {
        let fragments = element.children.filter { $0.name == "fragment" }
        var text = DocumentText()
        for fragment in fragments { text.string += fragment.read().string("content") ?? "" }
        if fragments.count > 1 {
            warnOnce(
                element,
                "attributed text with \(fragments.count) runs is drawn in its first run's font and colour: "
                    + "Rebound does not model attributed text yet")
        }
        guard let attributes = fragments.first?.child("attributes") else { return text }
        if let found = attributes.keyed("NSFont") { text.font = try attributeFont(found) }
        if let found = attributes.keyed("NSColor") { text.color = try color(found) }
        if let style = attributes.keyed("NSParagraphStyle") {
            text.alignment = try named(style, "alignment", Self.textAlignments)
            text.lineBreakMode = try named(style, "lineBreakMode", Self.paragraphLineBreakModes)
        }
        return text
    }

    /// `NSLineBreakMode` by the names Xcode writes in a paragraph style.
    static let paragraphLineBreakModes: [String: Int] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4,
        "truncatingMiddle": 5,
    ]

    /// `<font key="NSFont" …>`: a named face (`name`), or the system font (`metaFont="system"`,
    /// bold when its name says so) at `size`.
    private func attributeFont(_ element: IBElement) throws -> Font {
        guard let size = try number(element, "size"), size > 0, size <= 1000 else {
            throw problem(element, "the font's size must be a number from 0 to 1000")
        }
        if let name = element["name"] {
            if let font = Font.named(name, size: size, text: environment.text) { return font }
            warnOnce(element, "the font \"\(name)\" is not installed; the system font stands in")
        }
        let bold = element["metaFont"]?.lowercased().contains("bold") == true
        return Font.system(size, weight: bold ? 700 : 400, text: environment.text)
    }
}
