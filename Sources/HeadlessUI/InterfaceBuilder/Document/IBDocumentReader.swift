import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an Interface Builder document's XML with Foundation's `XMLParser` (libxml2) into
/// elements, refusing what a document written by Xcode never holds and what would make a
/// hostile one expensive: a DTD (so no entity is declared, expanded or fetched), nesting past
/// `maximumDepth`, more than `maximumElements` elements, an attribute longer than
/// `maximumAttributeLength`, or a start tag with more than `maximumAttributes` attributes
/// (counted on the bytes before libxml2 sees them: it checks each new attribute's name against
/// the tag's others, so their cost grows with the square of their number). The caller bounds
/// the file's size.
final class IBDocumentReader: NSObject, XMLParserDelegate {
    static let maximumDepth = 200
    static let maximumElements = 400_000
    static let maximumAttributeLength = 1 << 20
    static let maximumAttributes = 1_000

    private let file: String
    private var stack: [IBElement] = []
    private var root: IBElement?
    private var count = 0
    private var failure: InterfaceBuilderError?

    private init(file: String) { self.file = file }

    /// The document's root element; an error naming the file and line when the data is not
    /// well-formed XML or breaks a limit.
    static func read(_ data: Data, file: String) throws -> IBElement {
        // The checks below read the bytes as the text libxml2 will decode: only UTF-8 is let through.
        if let problem = encodingProblem(in: data) {
            throw InterfaceBuilderError(
                "\(problem); Interface Builder documents are UTF-8, and Rebound reads no other encoding",
                file: file, line: 1)
        }
        if let declaration = declarationLine(in: data) {
            throw InterfaceBuilderError(
                "the document declares a DTD or entities (<!DOCTYPE or <!ENTITY); Interface Builder documents "
                    + "have none, and Rebound does not read them", file: file, line: declaration)
        }
        if let crowded = crowdedTag(in: data) {
            throw InterfaceBuilderError(
                "a start tag has more than \(maximumAttributes) attributes; Interface Builder documents have a few",
                file: file, line: crowded)
        }
        let reader = IBDocumentReader(file: file)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let failure = reader.failure { throw failure }
        guard parsed, let root = reader.root else {
            let reason = parser.parserError.map(Self.describe) ?? "it is not well-formed XML"
            throw InterfaceBuilderError("not an XML document: \(reason)", file: file, line: max(parser.lineNumber, 1))
        }
        return root
    }

    /// Why the data is not UTF-8 text as libxml2 would decode it, if it is not: a byte-order mark
    /// of UTF-16 or UTF-32, a NUL byte (what UTF-16 without a mark has), or an XML declaration
    /// that names another encoding (libxml2 would decode the rest by it, through iconv).
    static func encodingProblem(in data: Data) -> String? {
        let marks: [(bytes: [UInt8], name: String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32"), ([0xFE, 0xFF], "UTF-16"),
            ([0xFF, 0xFE], "UTF-16"),
        ]
        if let mark = marks.first(where: { data.starts(with: $0.bytes) }) {
            return "the document is \(mark.name) (its first bytes say so)"
        }
        if data.contains(0) { return "the document holds a NUL byte, so it is not UTF-8 text" }
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard start.starts(with: Data("<?xml".utf8)), let end = start.firstRange(of: Data("?>".utf8)) else {
            return nil
        }
        let declaration = String(decoding: start[start.startIndex..<end.lowerBound], as: UTF8.self)
        guard let found = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression)
        else { return nil }
        let named = declaration[found].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first ?? ""
        guard !["utf-8", "utf8"].contains(named.lowercased()) else { return nil }
        return "the document declares the encoding \"\(named.prefix(40))\""
    }

    /// The line of the first `<!DOCTYPE` or `<!ENTITY` in the data, if there is one.
    private static func declarationLine(in data: Data) -> Int? {
        for marker in ["<!DOCTYPE", "<!ENTITY"] {
            guard let range = data.range(of: Data(marker.utf8)) else { continue }
            return data[data.startIndex..<range.lowerBound].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        return nil
    }

    /// The line of the first start tag with more than `maximumAttributes` attributes, if there
    /// is one: its `=` signs outside quoted values, counted in one pass over the bytes.
    static func crowdedTag(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes -> Int? in
            var (line, tagLine, inTag, quote, attributes) = (1, 1, false, UInt8(0), 0)
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "\n") { line += 1 }
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if inTag {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                    case UInt8(ascii: "="):
                        attributes += 1
                        if attributes > maximumAttributes { return tagLine }
                    case UInt8(ascii: ">"): inTag = false
                    default: break
                    }
                } else if byte == UInt8(ascii: "<"), index + 1 < bytes.count,
                    !"/!?".utf8.contains(bytes[index + 1])
                {
                    (inTag, tagLine, attributes) = (true, line, 0)
                }
            }
            return nil
        }
    }

    private func fail(_ parser: XMLParser, _ problem: String) {
        guard failure == nil else { return }
        failure = InterfaceBuilderError(problem, file: file, line: parser.lineNumber)
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        count += 1
        guard stack.count < Self.maximumDepth else {
            return fail(parser, "<\(name)> is nested more than \(Self.maximumDepth) elements deep")
        }
        guard count <= Self.maximumElements else {
            return fail(parser, "the document has more than \(Self.maximumElements) elements")
        }
        if let long = attributes.first(where: { $0.value.utf8.count > Self.maximumAttributeLength }) {
            return fail(
                parser,
                "<\(name)>'s attribute \(long.key) is \(long.value.utf8.count) bytes long, over the limit of "
                    + "\(Self.maximumAttributeLength)")
        }
        let element = IBElement(name: name, attributes: attributes, line: parser.lineNumber)
        if let parent = stack.last {
            parent.append(element)
        } else if root == nil {
            root = element
        }
        stack.append(element)
    }

    /// Text is kept only where Xcode writes a value as text, `<string key="text">` (a long or
    /// many-line text), bounded as an attribute is.
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, let element = stack.last, IBElement.textElements.contains(element.name) else { return }
        guard element.text.utf8.count + string.utf8.count <= Self.maximumAttributeLength else {
            return fail(parser, "<\(element.name)>'s text is over the limit of \(Self.maximumAttributeLength) bytes")
        }
        element.text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
        guard failure == nil else { return }
        failure = InterfaceBuilderError(
            "not well-formed XML: \(Self.describe(error))", file: file, line: max(parser.lineNumber, 1))
    }

    /// libxml2's problem in words, for the errors a hand-edited document most often has (its
    /// codes, from libxml2's `xmlerror.h`; Foundation's own enumeration of them is numbered
    /// differently on Linux).
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        let words: [Int: String] = [
            4: "the document is empty", 5: "there is content after the root element ends",
            26: "an entity is used that is not declared", 38: "an attribute value holds a '<'",
            39: "an attribute value does not start with a quote", 41: "an attribute has no value",
            42: "an attribute is given twice", 68: "a name is missing", 73: "a '>' is missing",
            76: "an end tag does not match its start tag", 77: "the document ends inside a tag",
        ]
        return (words[code].map { "\($0), " } ?? "") + "libxml2 error \(code)"
    }
}
