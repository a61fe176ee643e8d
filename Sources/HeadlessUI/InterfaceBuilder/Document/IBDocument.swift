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
    /// decoding did not read, which Rebound does not know (Xcode's editor data aside). Each kind
    /// (`<label>`'s attribute `foo`) is told once for the document, at its first place, with how
    /// many more there are in this part: a document of many alike views is a few warnings.
    func warnOfUnreadParts(under part: IBElement, _ environment: UIEnvironment) {
        guard checkedParts.insert(ObjectIdentifier(part)).inserted else { return }
        var unknown: [(kind: String, first: String, count: Int)] = []
        var places: [String: Int] = [:]
        func note(_ kind: String, at line: Int, _ text: String) {
            if let index = places[kind] {
                unknown[index].count += 1
            } else {
                places[kind] = unknown.count
                unknown.append((kind, "\(file):\(line): \(text)", 1))
            }
        }
        var pending = [part]
        while let element = pending.popLast() {
            for child in element.children where !prototypes.contains(ObjectIdentifier(child)) {
                if child.wasRead {
                    pending.append(child)
                } else if element.wasRead, element !== root, !Self.editorElements.contains(child.name) {
                    note(
                        "<\(child.name)> in <\(element.name)>", at: child.line,
                        "<\(child.name)> in <\(element.name)> is not something Rebound knows; it is left out")
                }
            }
            guard element.wasRead, element !== root else { continue }
            let unread = element.unreadAttributes.filter {
                !Self.editorAttributes.contains($0) && !Self.unmodelledAttributes.contains($0)
            }
            for attribute in unread.sorted() {
                note(
                    "<\(element.name)>'s attribute \(attribute)", at: element.line,
                    "<\(element.name)>'s attribute \(attribute) is not something Rebound knows; it is left out")
            }
        }
        for (kind, first, count) in unknown where warnedKinds.insert(kind).inserted {
            warnOnce(first + (count > 1 ? " (and \(count - 1) more like it)" : ""), environment)
        }
    }

    /// Elements that only Xcode's editor reads.
    static let editorElements: Set<String> = [
        "dependencies", "point", "simulatedMetricsContainer", "freeformSimulatedSizeMetrics",
        "simulatedStatusBarMetrics",
        "simulatedNavigationBarMetrics", "simulatedScreenMetrics", "simulatedOrientationMetrics",
        "inferredMetricsTieBreakers",
        "device", "resources", "variation", "designable", "viewLayoutGuide", "modalPageSheetSize", "modalFormSheetSize",
    ]

    /// Attributes that only Xcode's editor reads.
    static let editorAttributes: Set<String> = [
        "userLabel", "misplaced", "ambiguous", "fixedFrame", "symbolic", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight", "customModule", "customModuleProvider", "sceneMemberID", "verifyAmbiguity",
        "clearsContextBeforeDrawing", "adjustsLetterSpacingToFitWidth", "minimumFontSize",
        "minimumScaleFactor", "baselineAdjustment", "colorMatched", "id", "key", "adjustsImageWhenHighlighted",
        "adjustsImageWhenDisabled", "springLoaded", "pointerInteraction", "tableViewCell", "collectionViewCell",
    ]

    /// Attributes of UIKit properties whose effect Rebound does not model, which Xcode writes on
    /// most cells and views: read without a warning, listed in docs/script-api.md. A view's
    /// margins are its own (`layoutMargins`), not widened by the safe area or the superview's.
    static let unmodelledAttributes: Set<String> = [
        "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "indentationWidth", "indentationLevel",
        "hidesAccessoryWhenEditing", "shouldIndentWhileEditing",
    ]

    /// A xib's top-level objects and placeholders, in order.
    var objects: [IBElement] { root.list("objects") }

    /// A storyboard's scenes.
    var scenes: [IBElement] { root.list("scenes") }
}
