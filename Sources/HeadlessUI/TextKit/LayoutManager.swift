import Foundation
import ObjectBridge

/// `NSLayoutManager`: lays a text storage's characters out in its text containers, in order.
/// Its storage owns it; it owns its containers. An edit of the storage invalidates the layout
/// from the first changed character on.
public final class LayoutManager: BridgeObject {
    static let delegateProtocol = ProtocolDescription(
        "NSLayoutManagerDelegate", required: [],
        optional: TextKitLayout.SpacingKind.allCases.map(\.rawValue))

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
    /// The glyphs of the current layout, once asked for (see `GlyphMap`).
    var shapedGlyphs: GlyphMap?
    /// The text the line fragments hold, as it was laid out.
    private(set) var laidOutText = AttributedText("")
    /// The edits since the last layout, as one (in the text as it is now): what the next layout
    /// lays out again, keeping the lines after it.
    private var pendingEdit: (firstChanged: Int, changedEnd: Int, delta: Int)?
    /// Whether the next layout starts afresh (a container changed, or nothing was laid out).
    private var keepsNoEarlierLayout = true
    /// How many lines the last layout set, the rest kept from the one before.
    private(set) var linesSetByLastLayout = 0
    unowned let environment: UIEnvironment

    init(environment: UIEnvironment) {
        self.environment = environment
    }

    /// Lays the text out again if an edit or a container's change made it out of date. The
    /// text is set from its start.
    func ensureLayout() throws {
        guard let firstInvalid = firstInvalidCharacter else { return }
        guard let storage = textStorage else {
            lineFragments = []
            return
        }
        let text = try storage.contents()
        let earlier = pendingEdit.map {
            TextKitLayout.Earlier(
                fragments: lineFragments, firstChanged: min(firstInvalid, $0.firstChanged),
                changedEnd: $0.changedEnd, delta: $0.delta)
        }
        let layout = try TextKitLayout(
            text: text, containers: textContainers, engine: environment.text,
            defaults: AttributedText.drawingDefaults(environment), earlier: earlier,
            askSpacing: { [unowned self] kind, glyph, proposed in
                try delegate?.ask(
                    kind.rawValue, of: Self.delegateProtocol.name, self, glyph, proposed, returning: Double.self)
            })
        lineFragments = layout.fragments
        linesSetByLastLayout = layout.linesSet
        // A copy: the storage itself here would keep the storage, which keeps this manager.
        laidOutText = text.copied()
        characterOffsetCache = [:]
        shapedGlyphs = nil
        firstInvalidCharacter = nil
        pendingEdit = nil
        keepsNoEarlierLayout = false
    }

    /// The text views of the containers draw again (those whose lines scripts draw hold a
    /// drawing of them).
    private func markTextViewsForDisplay() {
        for container in textContainers { container.textView?.setNeedsDisplay() }
    }

    /// The layout of everything is out of date: nothing of the earlier one can be kept.
    private func invalidateAll() {
        firstInvalidCharacter = 0
        markTextViewsForDisplay()
        pendingEdit = nil
        keepsNoEarlierLayout = true
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
        invalidateAll()
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
        invalidateAll()
    }

    /// The storage processed an edit of `range` (as the text is now): the layout from its
    /// first character on is out of date.
    func textStorageEdited(mask: Int, range: NSRange, changeInLength: Int) {
        guard range.location != NSNotFound else { return }
        invalidateLayout(of: range, changeInLength: changeInLength)
    }

    /// The characters in `range` (as the text is now, `changeInLength` longer than it was) are
    /// to be laid out again (`invalidateLayoutForCharacterRange_actualCharacterRange` too).
    func invalidateLayout(of range: NSRange, changeInLength: Int = 0) {
        let start = max(range.location, 0)
        firstInvalidCharacter = min(firstInvalidCharacter ?? start, start)
        markTextViewsForDisplay()
        if keepsNoEarlierLayout { return }
        let end = start.addingReportingOverflow(max(range.length, 0))
        let changedEnd = end.overflow ? Int.max : end.partialValue
        guard let pending = pendingEdit else {
            pendingEdit = (start, changedEnd, changeInLength)
            return
        }
        // Where the earlier edit's end is now.
        let earlierEnd =
            pending.changedEnd <= start ? pending.changedEnd : max(pending.changedEnd &+ changeInLength, changedEnd)
        let (delta, overflow) = pending.delta.addingReportingOverflow(changeInLength)
        guard !overflow else { return invalidateAll() }
        pendingEdit = (min(pending.firstChanged, start), max(earlierEnd, changedEnd), delta)
    }

    /// A container's shape or size changed: its text, and the text after it, are laid out again.
    func textContainerChanged(_ container: TextContainer) {
        invalidateAll()
    }
}
