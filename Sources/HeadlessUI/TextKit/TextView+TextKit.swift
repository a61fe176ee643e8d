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
        textKitStorageKept = storage
        richText = storage
        try syncTextFromStorage()
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

    /// The container's lines, from its top-left inside `textContainerInset`.
    var textKitDrawing: Drawing? {
        guard let manager = textKitManager, let container = textKitContainer,
            let fragments = try? manager.fragments(of: container), !fragments.isEmpty
        else { return nil }
        let origin = CGPoint(x: textContainerInset.left - contentOffset.x, y: textContainerInset.top - contentOffset.y)
        return Drawing(size: bounds.size) { drawing in
            for fragment in fragments {
                let layout = RichTextLayout(line: fragment.line, size: fragment.usedRect.size)
                drawing.commands.append(
                    .richText(
                        layout,
                        origin: CGPoint(x: origin.x + fragment.usedRect.minX, y: origin.y + fragment.usedRect.minY)))
            }
        }
    }
}
