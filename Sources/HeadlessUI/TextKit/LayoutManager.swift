import Foundation
import ObjectBridge

/// `NSLayoutManager`: lays a text storage's characters out in its text containers, in order.
/// Its storage owns it; it owns its containers. An edit of the storage invalidates the layout
/// from the first changed character on.
public final class LayoutManager: BridgeObject {
    /// The storage whose text it lays out (which owns it).
    public internal(set) weak var textStorage: TextStorage?
    public private(set) var textContainers: [TextContainer] = []
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The first character whose layout is out of date (nil: all of it is laid out).
    public private(set) var firstInvalidCharacter: Int? = 0
    /// The line fragments, in order, as the last layout set them.
    public private(set) var lineFragments: [LineFragment] = []
    /// Where each fragment's characters start along its line, by the fragment's first
    /// character, once asked (drawing glyph by glyph asks for every glyph).
    var characterOffsetCache: [Int: [Double]] = [:]
    /// The text the line fragments hold, as it was laid out.
    private(set) var laidOutText = AttributedText("")
    unowned let environment: UIEnvironment

    init(environment: UIEnvironment) {
        self.environment = environment
    }

    /// Lays the text out again if an edit or a container's change made it out of date. The
    /// text is set from its start.
    func ensureLayout() throws {
        guard firstInvalidCharacter != nil else { return }
        guard let storage = textStorage else {
            lineFragments = []
            return
        }
        let text = try storage.contents()
        lineFragments = try TextKitLayout(
            text: text, containers: textContainers, engine: environment.text,
            defaults: AttributedText.drawingDefaults(environment)
        ).fragments
        // A copy: the storage itself here would keep the storage, which keeps this manager.
        laidOutText = text.copied()
        characterOffsetCache = [:]
        firstInvalidCharacter = nil
    }

    /// `invalidateLayoutForCharacterRange_actualCharacterRange`.
    func invalidateLayout(from character: Int) {
        firstInvalidCharacter = min(firstInvalidCharacter ?? max(character, 0), max(character, 0))
    }

    func addTextContainer(_ container: TextContainer) throws {
        try insertTextContainer(container, at: textContainers.count)
    }

    func insertTextContainer(_ container: TextContainer, at index: Int) throws {
        guard (0...textContainers.count).contains(index) else {
            throw ScriptValueError(
                "index \(index) is outside the layout manager's \(textContainers.count) text containers")
        }
        container.layoutManager?.removeTextContainer(container)
        textContainers.insert(container, at: index)
        adopt(container)
        container.layoutManager = self
        firstInvalidCharacter = 0
    }

    func removeTextContainer(at index: Int) throws {
        guard textContainers.indices.contains(index) else {
            throw ScriptValueError(
                "index \(index) is outside the layout manager's \(textContainers.count) text containers")
        }
        removeTextContainer(textContainers[index])
    }

    private func removeTextContainer(_ container: TextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        textContainers.remove(at: index)
        container.layoutManager = nil
        abandon(container)
        firstInvalidCharacter = 0
    }

    /// The storage processed an edit of `range` (as the text is now): the layout from its
    /// first character on is out of date.
    func textStorageEdited(mask: Int, range: NSRange, changeInLength: Int) {
        guard range.location != NSNotFound else { return }
        firstInvalidCharacter = min(firstInvalidCharacter ?? range.location, range.location)
    }

    /// A container's shape or size changed: its text, and the text after it, are laid out again.
    func textContainerChanged(_ container: TextContainer) {
        firstInvalidCharacter = 0
    }
}
