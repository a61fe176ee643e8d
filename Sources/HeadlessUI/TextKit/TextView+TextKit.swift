import Foundation
import ObjectBridge

/// A text view on TextKit (`initWithFrame_textContainer`): it shows the lines its container's
/// layout manager sets, from its text storage, and typing edits that storage (through a
/// script's primitives when it keeps its own store). Without a layout manager, the container
/// gets one and a storage holding the view's text.
extension TextView {
    func useTextKit(_ container: TextContainer) throws {
        var storage = container.layoutManager?.textStorage
        if container.layoutManager == nil {
            let manager = LayoutManager(environment: environment)
            let made = TextStorage(text)
            made.addLayoutManager(manager)
            try manager.addTextContainer(container)
            storage = made
        }
        textKitContainer = container
        container.textView = self
        textKitStorageKept = storage
        richText = storage
        try syncTextFromStorage()
    }

    /// A text view made without a container moves onto TextKit when a script asks for its
    /// text objects, as UIKit's always is on it: a container as wide as the view inside its
    /// insets (following its width), a layout manager, and a storage holding the view's text
    /// in its font and colour.
    func moveOntoTextKit() throws {
        guard textKitContainer == nil else { return }
        let container = TextContainer(
            size: CGSize(width: textKitContainerWidth, height: TextContainer.unlimitedHeight))
        container.widthTracksTextView = true
        let manager = LayoutManager(environment: environment)
        let storage = TextStorage("")
        storage.addLayoutManager(manager)
        try manager.addTextContainer(container)
        try storage.take(richText?.copied() ?? AttributedText(text, attributes: plainTextKitAttributes))
        try useTextKit(container)
    }

    /// What a text view's plain text is set in on TextKit: its font, colour and alignment.
    var plainTextKitAttributes: TextAttributes {
        var attributes: TextAttributes = [
            "NSFont": AnyScriptValue(effectiveFont), "NSColor": AnyScriptValue(textColor ?? Color.label),
        ]
        if let style = textKitParagraphStyle { attributes["NSParagraphStyle"] = AnyScriptValue(style) }
        return attributes
    }

    /// The paragraph style of the view's `textAlignment`; nil for natural alignment.
    var textKitParagraphStyle: ParagraphStyle? {
        guard textAlignment != 4 else { return nil }
        let style = ParagraphStyle()
        style.alignment = textAlignment
        return style
    }

    /// The width of a container that tracks the view's: the view's inside its insets.
    private var textKitContainerWidth: Double {
        max(0, bounds.width - textContainerInset.left - textContainerInset.right)
    }

    /// A container that tracks the view's width (or height) takes it, inside the insets.
    func fitTextKitContainer() {
        guard let container = textKitContainer else { return }
        var size = container.size
        if container.widthTracksTextView { size.width = textKitContainerWidth }
        if container.heightTracksTextView {
            size.height = max(0, bounds.height - textContainerInset.top - textContainerInset.bottom)
        }
        if size != container.size { container.size = size }
    }

    var textKitManager: LayoutManager? { textKitContainer?.layoutManager }
    var textKitStorage: TextStorage? { textKitManager?.textStorage }

    /// The view's `text` as its storage has it now (a script may have edited the storage).
    func syncTextFromStorage() throws {
        guard let storage = textKitStorage else { return }
        let string = try storage.contents().string
        if string != text { text = string }
    }

    /// How tall the container's lines are.
    var textKitHeight: Double {
        guard let manager = textKitManager, let container = textKitContainer,
            let fragments = try? manager.fragments(of: container)
        else { return 0 }
        return fragments.map { Double($0.rect.maxY) }.max() ?? 0
    }

    /// Where the container's origin is in the view: inside `textContainerInset`, scrolled.
    private var textKitOrigin: CGPoint {
        CGPoint(x: textContainerInset.left - contentOffset.x, y: textContainerInset.top - contentOffset.y)
    }

    /// The container's lines, from its top-left inside `textContainerInset`: their backgrounds,
    /// then their glyphs.
    var textKitDrawing: Drawing? {
        guard let manager = textKitManager, let container = textKitContainer,
            let fragments = try? manager.fragments(of: container), !fragments.isEmpty,
            let range = try? manager.characterRange(of: container)
        else { return nil }
        let origin = textKitOrigin
        let backgrounds = (try? manager.backgroundCommands(in: range, at: origin)) ?? []
        let selectionCommands = (try? textKitSelectionCommands()) ?? []
        return Drawing(size: bounds.size) { drawing in
            drawing.commands += backgrounds + selectionCommands
            for fragment in fragments {
                let layout = RichTextLayout(line: fragment.line, size: fragment.usedRect.size)
                drawing.commands.append(
                    .richText(
                        layout,
                        origin: CGPoint(x: origin.x + fragment.usedRect.minX, y: origin.y + fragment.usedRect.minY)))
            }
        }
    }

    /// Whether the layout manager's script subclass draws the lines: the display pass then
    /// draws them, calling its methods, as UIKit's text view does.
    var drawsTextKitWithScripts: Bool { textKitManager?.drawsWithScripts == true }

    /// Draws the container's lines through the layout manager's script methods.
    func drawTextKitWithScripts() throws {
        guard drawsTextKitWithScripts, let manager = textKitManager, let container = textKitContainer else { return }
        try manager.drawLines(of: container, at: textKitOrigin)
    }

    // MARK: Selection

    /// A tap puts the caret at the character under it, when the view is on TextKit; else at
    /// the end of the text.
    func placeCaret(at point: CGPoint) throws {
        guard let manager = textKitManager, let container = textKitContainer, !text.isEmpty else {
            selection = nil
            return
        }
        let inContainer = CGPoint(x: point.x - textKitOrigin.x, y: point.y - textKitOrigin.y)
        var index = try manager.characterIndex(at: inContainer, in: container)
        // Past the middle of a character, the caret goes after it.
        if let fragment = try manager.fragment(at: index) {
            let offsets = manager.characterOffsets(fragment)
            let k = index - fragment.characters.location
            if k + 1 < offsets.count, inContainer.x - fragment.usedRect.minX > (offsets[k] + offsets[k + 1]) / 2 {
                index += 1
            }
        }
        selection = NSRange(location: min(index, text.utf16.count), length: 0)
        try tellDelegate("textViewDidChangeSelection")
    }

    /// The caret (while editing) or the selected characters' highlight, over the lines.
    func textKitSelectionCommands() throws -> [DrawingCommand] {
        guard isEditing, let manager = textKitManager, let container = textKitContainer else { return [] }
        let selected = selectedRange
        let origin = textKitOrigin
        var drawing = Drawing(size: bounds.size)
        if selected.length > 0 {
            for fragment in try manager.fragments(in: selected) {
                let box = try manager.boundingRect(
                    ofCharacters: NSIntersectionRange(selected, fragment.characters), in: container)
                drawing.fill(box.offsetBy(dx: origin.x, dy: origin.y), tintColor.withAlpha(0.2))
            }
            return drawing.commands
        }
        let caret = try caretRect(at: selected.location, manager, container)
        drawing.fill(caret.offsetBy(dx: origin.x, dy: origin.y), tintColor)
        return drawing.commands
    }

    /// The caret before character `index` (after the last one at the end), its line's height.
    private func caretRect(at index: Int, _ manager: LayoutManager, _ container: TextContainer) throws -> CGRect {
        let length = text.utf16.count
        guard let fragment = try manager.fragment(at: min(index, max(length - 1, 0))) else {
            let height = effectiveFont.lineHeight.rounded()
            return CGRect(x: container.lineFragmentPadding, y: 0, width: TextField.caretWidth, height: height)
        }
        let offsets = manager.characterOffsets(fragment)
        let k = min(max(index - fragment.characters.location, 0), offsets.count - 1)
        return CGRect(
            x: fragment.usedRect.minX + offsets[k], y: fragment.usedRect.minY, width: TextField.caretWidth,
            height: fragment.usedRect.height)
    }
}
