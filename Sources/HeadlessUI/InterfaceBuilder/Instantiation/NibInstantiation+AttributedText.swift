import Foundation
import ObjectBridge

/// `<attributedString>`: Xcode writes rich text as fragments, each with its attributes. Each
/// fragment becomes a run: its font, colours, paragraph style, kern, underline and
/// strikethrough, and baseline offset. Other attributes stay unknown parts.
extension NibInstantiation {
    /// The fragments in one pass, however many a document has.
    func attributedText(_ element: IBElement) throws -> AttributedText {
        var string = ""
        var runs: [AttributedText.AttributeRun] = []
        for fragment in element.children where fragment.name == "fragment" {
            let content = fragment.read().string("content") ?? ""
            let attributes = try fragment.child("attributes").map(runAttributes) ?? [:]
            string += content
            runs.append(AttributedText.AttributeRun(length: content.utf16.count, attributes: attributes))
        }
        return AttributedText(string: string, runs: AttributedText.merged(runs))
    }

    /// A fragment's `<attributes>`, by their keys.
    private func runAttributes(_ element: IBElement) throws -> TextAttributes {
        var attributes: TextAttributes = [:]
        for child in element.children {
            guard let key = child.key else { continue }
            switch (child.name, key) {
            case ("font", "NSFont"): attributes[key] = AnyScriptValue(try attributeFont(child))
            case ("color", _): attributes[key] = try color(child).map(AnyScriptValue.init)
            case ("paragraphStyle", "NSParagraphStyle"): attributes[key] = AnyScriptValue(try paragraphStyle(child))
            case ("real", "NSKern"), ("real", "NSBaselineOffset"):
                attributes[key] = try number(child, "value").map(AnyScriptValue.init)
            case ("integer", "NSUnderline"), ("integer", "NSStrikethrough"):
                attributes[key] = try integer(child, "value").map(AnyScriptValue.init)
            default: continue
            }
            child.read()
        }
        return attributes
    }

    /// `<paragraphStyle key="NSParagraphStyle" alignment= lineBreakMode= lineSpacing= …>`.
    private func paragraphStyle(_ element: IBElement) throws -> ParagraphStyle {
        let style = MutableParagraphStyle()
        if let alignment = try named(element, "alignment", Self.textAlignments) { style.alignment = alignment }
        if let mode = try named(element, "lineBreakMode", Self.paragraphLineBreakModes) { style.lineBreakMode = mode }
        for (name, path) in ParagraphStyle.Script.lengths {
            guard let value = try number(element, name) else { continue }
            do {
                try style.setLength(name, path, value)
            } catch let error as ScriptValueError {
                throw problem(element, error.problem)
            }
        }
        return style
    }

    /// `NSLineBreakMode` by the names Xcode writes in a paragraph style.
    static let paragraphLineBreakModes: [String: Int] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4,
        "truncatingMiddle": 5,
    ]

    /// `<font key="NSFont" …>`: a named face (`name`), or the system font (`metaFont="system"`,
    /// bold when its name says so) at `size` (`pointSize` in older documents).
    private func attributeFont(_ element: IBElement) throws -> Font {
        guard let size = try number(element, "size") ?? number(element, "pointSize"), size > 0, size <= 1000 else {
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
