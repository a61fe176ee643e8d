import Foundation
import ObjectBridge

/// NSAttributedString's document methods for RTF and plain text (`NSRTFTextDocumentType`,
/// `NSPlainTextDocumentType`).
extension AttributedText.Script {
    /// The document attribute names and types, in `UIKit.NSAttributedString`.
    static let documentNames: [(String, String)] = [
        ("NSDocumentTypeDocumentAttribute", "DocumentType"), ("NSRTFTextDocumentType", "NSRTF"),
        ("NSPlainTextDocumentType", "NSPlainText"), ("NSCharacterEncodingDocumentAttribute", "CharacterEncoding"),
    ]

    static func documentMethods(_ c: NativeClassBuilder<AttributedText>, _ environment: UIEnvironment) {
        // Foundation's document attributes come back after the text. Data that cannot be
        // read is an error naming the byte, where Foundation gives nil and an NSError.
        c.method("initWithData_options_documentAttributes_error") {
            (text: AttributedText, input: DataBytes, options: TextAttributes?, _: AnyScriptValue, _: AnyScriptValue)
                -> (AttributedText, TextAttributes) in
            let type = options?["DocumentType"]?.value as? String
            let isRTF = type.map { $0 == "NSRTF" } ?? input.data.starts(with: Array("{\\rtf".utf8))
            let read =
                isRTF
                ? try AttributedText.reading(rtf: input.data, file: "the RTF data", environment)
                : AttributedText(String(decoding: input.data, as: UTF8.self))
            try text.reset(read)
            return (text, ["DocumentType": AnyScriptValue(isRTF ? "NSRTF" : "NSPlainText")])
        }
        c.method("dataFromRange_documentAttributes_error") {
            (text: AttributedText, range: NSRange, attributes: TextAttributes?, _: AnyScriptValue) -> DataObject in
            let part = try text.substring(range)
            guard (attributes?["DocumentType"]?.value as? String ?? "NSRTF") == "NSRTF" else {
                return DataObject(Data(part.string.utf8))
            }
            return DataObject(part.rtfData())
        }
    }
}
