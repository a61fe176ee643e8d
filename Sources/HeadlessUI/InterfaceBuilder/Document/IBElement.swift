import Foundation

/// One element of an Interface Builder document: its name, attributes, children, and the line
/// it starts on, which every error and warning about it names.
final class IBElement {
    let name: String
    /// The attributes in a list, not a dictionary: an element has a handful, which a scan finds
    /// sooner than hashing does (a 200-view nib looks up thousands).
    private let attributes: [(name: String, value: String)]
    let line: Int
    fileprivate(set) var children: [IBElement] = []
    /// The text inside a `textElements` element.
    var text = ""
    /// Elements whose value is their text: Xcode writes a string that way when it is long or
    /// has line breaks.
    static let textElements: Set<String> = ["string", "mutableString"]
    /// Which attributes decoding asked for, and whether decoding used the element at all: what
    /// is left is what Rebound does not know, which the document warns of once.
    private var attributeWasRead: [Bool]
    private(set) var wasRead = false
    /// Decoding met it but has no class for it, and warned so: an unknown part.
    private(set) var hasNoClass = false

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes.map { ($0.key, $0.value) }
        attributeWasRead = Array(repeating: false, count: attributes.count)
        self.line = line
    }

    func append(_ child: IBElement) { children.append(child) }

    subscript(_ attribute: String) -> String? {
        guard let index = attributes.firstIndex(where: { $0.name == attribute }) else { return nil }
        attributeWasRead[index] = true
        return attributes[index].value
    }

    /// Counts every attribute as read: the element is one Rebound takes as a whole, or leaves.
    func readAllAttributes() { attributeWasRead = attributeWasRead.map { _ in true } }

    /// The value of `attribute`, without counting it as read.
    func peek(_ attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }

    /// Whether the element has `attribute`, without counting it as read.
    func has(_ attribute: String) -> Bool { attributes.contains { $0.name == attribute } }

    /// The attributes' names, and whether decoding asked for one.
    var attributeNames: [String] { attributes.map(\.name) }

    func wasAttributeRead(_ name: String) -> Bool {
        attributes.indices.contains { attributes[$0].name == name && attributeWasRead[$0] }
    }

    /// Marks the element as used by decoding, and returns it.
    @discardableResult func read() -> IBElement {
        wasRead = true
        return self
    }

    /// Marks the element as one decoding has no class for (it warned of it).
    func markClassless() { hasNoClass = true }

    /// A string property: the attribute, or the `<string key=…>` (or `<mutableString>`) child
    /// Xcode writes for a long or many-line value.
    func string(_ key: String) -> String? {
        if let value = self[key] { return value }
        return children.first { IBElement.textElements.contains($0.name) && $0.key == key }?.read().text
    }

    /// The element's `id`, or its document's placeholder id (`-1`, File's Owner).
    var id: String? { self["id"] }

    /// The element's `key` attribute: which property of its parent it is the value of.
    var key: String? { self["key"] }

    /// The first child named `name`, with `key` when one is given.
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0.key == key) }?.read()
    }

    /// The children of the first child named `name` (`subviews`, `constraints`, `connections`).
    func list(_ name: String) -> [IBElement] { child(name)?.children.map { $0.read() } ?? [] }

    /// The child that holds `key`, whatever its element name (`<color key="textColor">`); nil
    /// for `<nil key="textColor"/>`, Xcode's way of saying the property keeps UIKit's default.
    func keyed(_ key: String) -> IBElement? {
        children.first { $0.key == key && $0.name != "nil" }?.read()
    }

    /// Every element under this one, this one first, parents before children.
    var descendants: [IBElement] {
        var found: [IBElement] = []
        var pending = [self]
        while let element = pending.popLast() {
            found.append(element)
            pending.append(contentsOf: element.children.reversed())
        }
        return found
    }
}
