import Foundation
import ObjectBridge

/// `NSAttributedString` with one set of attributes over the whole string: what Texture's text
/// nodes take. Its font (`NSFontAttributeName`) and colour (`NSForegroundColorAttributeName`)
/// are read; others are kept. Runs of attributes come with TextKit's attributed strings.
public final class AttributedText: BridgeObject {
    public private(set) var string: String
    public private(set) var attributes: [String: AnyScriptValue]

    init(_ string: String, attributes: [String: AnyScriptValue] = [:]) {
        (self.string, self.attributes) = (string, attributes)
    }

    var font: Font? { attributes["NSFont"]?.value as? Font }
    var color: Color? { attributes["NSColor"]?.value as? Color }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "NSAttributedString", superclass: "NSObject", type: AttributedText.self,
                allocate: { AttributedText("") }
            ) { c in
                c.method("initWithString") { (text: AttributedText, string: String) -> AttributedText in
                    text.string = string
                    return text
                }
                c.method("initWithString_attributes") {
                    (text: AttributedText, string: String, attributes: [String: AnyScriptValue]?) -> AttributedText in
                    (text.string, text.attributes) = (string, attributes ?? [:])
                    return text
                }
                c.property("string") { (text: AttributedText) in text.string }
                c.property("length") { (text: AttributedText) in text.string.utf16.count }
            }
        }
    }
}
