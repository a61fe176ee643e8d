import Foundation

/// A `.xib` or `.storyboard` document as Xcode writes it (document version 3.0): its elements,
/// indexed by id, read once and instantiated any number of times.
public final class IBDocument {
    public enum Kind: Sendable {
        case xib, storyboard
    }

    /// The largest document read: Xcode's biggest storyboards are a few megabytes.
    public static let maximumSize = 32 << 20

    public let kind: Kind
    /// The file's name as errors and warnings give it.
    public let file: String
    let root: IBElement
    /// Elements with an `id`, which connections and constraints refer to.
    let elements: [String: IBElement]

    /// Reads `data`; an error naming the file, line and element when it is not an Interface
    /// Builder document Rebound can read.
    public init(data: Data, file: String) throws {
        guard data.count <= Self.maximumSize else {
            throw InterfaceBuilderError(
                "the document is \(data.count) bytes, over the limit of \(Self.maximumSize)", file: file)
        }
        let root = try IBDocumentReader.read(data, file: file)
        guard root.name == "document" else {
            throw InterfaceBuilderError(
                "<\(root.name)> is not an Interface Builder document (its root element is <document>)", file: file,
                line: root.line)
        }
        switch root["type"] {
        case "com.apple.InterfaceBuilder3.CocoaTouch.XIB": kind = .xib
        case "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB": kind = .storyboard
        case let other:
            throw InterfaceBuilderError(
                "<document>: type \(other.map { "\"\($0)\"" } ?? "(none)") is not an iOS xib or storyboard "
                    + "(com.apple.InterfaceBuilder3.CocoaTouch.XIB or ….Storyboard.XIB)", file: file, line: root.line)
        }
        if let version = root["version"], version != "3.0" {
            throw InterfaceBuilderError(
                "<document>: version \(version) is not 3.0, which Xcode 8 and later write; open and save the "
                    + "document in a recent Xcode", file: file, line: root.line)
        }
        var elements: [String: IBElement] = [:]
        for element in root.descendants {
            guard let id = element.id, !element.has("reference") else { continue }
            if let earlier = elements[id], Self.definesObject(earlier) {
                guard !Self.definesObject(element) else {
                    throw InterfaceBuilderError(
                        "<\(element.name)>: id \"\(id)\" is also the id of <\(earlier.name)> on line \(earlier.line)",
                        file: file, line: element.line)
                }
                continue
            }
            elements[id] = element
        }
        // Xcode refuses to build a storyboard whose segue leads nowhere; so does Rebound, at
        // load rather than when the segue is first performed.
        for segue in root.descendants where segue.name == "segue" {
            guard let destination = segue["destination"], elements[destination] == nil else { continue }
            throw InterfaceBuilderError(
                "<segue>: its destination \"\(destination)\" is not the id of anything in the document",
                file: file, line: segue.line)
        }
        self.file = file
        self.root = root
        self.elements = elements
    }

    /// Whether an element stands for an object (not a connection, a constraint or editor data,
    /// whose ids Xcode also writes).
    static func definesObject(_ element: IBElement) -> Bool {
        !["outlet", "outletCollection", "action", "segue", "constraint"].contains(element.name)
    }

    private var warned: Set<String> = []
    /// The kinds of unknown parts warned of (`<label>'s attribute foo`), each once a document.
    private var warnedKinds: Set<String> = []
    /// The parts checked for what Rebound does not know: the document, or a storyboard's scenes.
    private var checkedParts: Set<ObjectIdentifier> = []
    /// Prototypes (cells, headers), checked on their own as each is first made.
    private var prototypes: Set<ObjectIdentifier> = []

    /// `element` is a prototype: the check of the part that holds it leaves it out.
    func checkLater(_ element: IBElement) { prototypes.insert(ObjectIdentifier(element)) }

    func warnOnce(_ message: String, _ environment: UIEnvironment) {
        guard warned.insert(message).inserted else { return }
        environment.warn(message)
    }

    /// After `part` is first instantiated (a xib's root, a storyboard scene's controller once
    /// its view loaded): a warning for every kind of element and attribute under it that
    /// decoding did not read and Rebound does not know (`IBVocabulary` lists what it leaves out
    /// on purpose). Each kind (`<label>`'s attribute `foo`) is told once for the document, at
    /// its first place, with how many more there are in this part: a document of many alike
    /// views is a few warnings.
    func warnOfUnreadParts(under part: IBElement, _ environment: UIEnvironment) {
        guard checkedParts.insert(ObjectIdentifier(part)).inserted else { return }
        var unknown: [(kind: String, first: String, count: Int)] = []
        var places: [String: Int] = [:]
        visitParts(under: part, skipping: prototypes) { found in
            guard found.disposition == .unknown, !found.warnedAlready else { return }
            if let index = places[found.kind] {
                unknown[index].count += 1
            } else {
                places[found.kind] = unknown.count
                unknown.append((found.kind, "\(file):\(found.line): \(found.warning)", 1))
            }
        }
        for (kind, first, count) in unknown where warnedKinds.insert(kind).inserted {
            warnOnce(first + (count > 1 ? " (and \(count - 1) more like it)" : ""), environment)
        }
    }

    /// What the whole document used, as far as decoding went: each kind of element and
    /// attribute, whether it was read, left out on purpose or unknown, and how many times.
    var usage: InterfaceBuilderUsage {
        var usage = InterfaceBuilderUsage(file: file)
        visitParts(under: root, skipping: []) { usage.count($0.kind, $0.disposition) }
        return usage
    }

    /// One element or attribute met under a part, and how decoding treated it.
    private struct PartFound {
        let kind: String
        let disposition: InterfaceBuilderUsage.Disposition
        let line: Int
        /// An element decoding has no class for, which it warned of as it met it.
        var warnedAlready = false
        /// A setting Rebound knows but does not model, given a value that changes something.
        var unmodelled = false

        /// What a warning says of it.
        var warning: String {
            unmodelled
                ? "\(kind.dropLast(Self.unmodelledMark.count)) is a setting Rebound does not model; UIKit's default is kept"
                : "\(kind) is not something Rebound knows; it is left out"
        }

        /// How the report marks an unmodelled setting's kind.
        static let unmodelledMark = " (not modelled)"
    }

    /// Visits the elements under `part` that decoding read, their attributes, and the
    /// children it did not read (whose own children are not visited).
    private func visitParts(under part: IBElement, skipping: Set<ObjectIdentifier>, _ visit: (PartFound) -> Void) {
        var pending = [part]
        while let element = pending.popLast() {
            for child in element.children where !skipping.contains(ObjectIdentifier(child)) {
                let kind = "<\(child.name)> in <\(element.name)>"
                if child.hasNoClass {
                    visit(PartFound(kind: kind, disposition: .unknown, line: child.line, warnedAlready: true))
                } else if child.wasRead {
                    if element !== root { visit(PartFound(kind: kind, disposition: .read, line: child.line)) }
                    pending.append(child)
                } else if element.wasRead, element !== root {
                    let disposition: InterfaceBuilderUsage.Disposition =
                        IBVocabulary.leavesOut(element: child.name, key: child.key) ? .ignored : .unknown
                    let keyed = child.key.map { "<\(child.name) key=\"\($0)\"> in <\(element.name)>" } ?? kind
                    visit(PartFound(kind: keyed, disposition: disposition, line: child.line))
                }
            }
            guard element.wasRead, element !== root else { continue }
            for attribute in element.attributeNames {
                var kind = "<\(element.name)>'s attribute \(attribute)"
                guard !element.wasAttributeRead(attribute) else {
                    visit(PartFound(kind: kind, disposition: .read, line: element.line))
                    continue
                }
                let value = element.peek(attribute) ?? ""
                let leftOut = IBVocabulary.leavesOut(attribute: attribute, value: value, of: element.name)
                // A setting Rebound does not model is unknown only for the values that change something.
                let unmodelled = !leftOut && IBVocabulary.isUnmodelledSetting(attribute, of: element.name)
                if unmodelled { kind += "=\(Self.shown(value))\(PartFound.unmodelledMark)" }
                visit(
                    PartFound(
                        kind: kind, disposition: leftOut ? .ignored : .unknown, line: element.line,
                        unmodelled: unmodelled))
            }
        }
    }

    /// A document's value as a report shows it: quoted when it is a short plain word, as
    /// Xcode's values are; another value (long, or with quotes or control characters) is not
    /// repeated, so that a document cannot write into the terminal or grow every report.
    static func shown(_ value: String) -> String {
        let plain = value.count <= 40 && value.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0 != "\"" }
        return plain ? "\"\(value)\"" : "(another value)"
    }

    /// A xib's top-level objects and placeholders, in order.
    var objects: [IBElement] { root.list("objects") }

    /// A storyboard's scenes.
    var scenes: [IBElement] { root.list("scenes") }
}
