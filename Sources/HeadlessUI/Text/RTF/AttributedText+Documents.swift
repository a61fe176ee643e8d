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
            try read(input.data, into: text, options, file: "the RTF data", environment)
        }
        // A program's file, as the bundle's URLForResource_withExtension gives it.
        c.method("initWithFileURL_options_documentAttributes_error") {
            (text: AttributedText, url: URLObject, options: TextAttributes?, _: AnyScriptValue, _: AnyScriptValue)
                -> (AttributedText, TextAttributes) in
            guard let file = try environment.programFile(url.url.path) else {
                throw ScriptValueError("\(url.url.lastPathComponent) is not one of the program's files")
            }
            let size = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            guard size <= RTFReader.maximumBytes else {
                throw ScriptValueError(
                    "\(file.lastPathComponent) is \(size) bytes, over the \(RTFReader.maximumBytes) limit")
            }
            return try read(try Data(contentsOf: file), into: text, options, file: file.lastPathComponent, environment)
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

    /// Gives `text` what `data` holds: RTF when the options say so or it begins as RTF does,
    /// else UTF-8 text; with the document's attributes.
    private static func read(
        _ data: Data, into text: AttributedText, _ options: TextAttributes?, file: String, _ environment: UIEnvironment
    ) throws -> (AttributedText, TextAttributes) {
        let type = options?["DocumentType"]?.value as? String
        let isRTF = type.map { $0 == "NSRTF" } ?? data.starts(with: Array("{\\rtf".utf8))
        let read =
            isRTF
            ? try AttributedText.reading(rtf: data, file: file, environment)
            : AttributedText(String(decoding: data, as: UTF8.self))
        try text.reset(read)
        return (text, ["DocumentType": AnyScriptValue(isRTF ? "NSRTF" : "NSPlainText")])
    }
}
