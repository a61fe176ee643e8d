import Foundation

/// JSON for people to read (a package's manifest, a layout file): sorted keys, indented, no
/// escaped slashes, and empty arrays and objects written `[]` and `{}`, where Foundation's
/// encoder spreads them over three lines.
public enum PrettyJSON {
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        // A newline inside a string is escaped, so a bracket, blank lines and its partner can
        // only be an empty array or object.
        let compact = text.replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
            .replacingOccurrences(of: #"\{\n\s*\n\s*\}"#, with: "{}", options: .regularExpression)
        return Data(compact.utf8)
    }
}
