import Foundation
import ObjectBridge

extension RichTextLayout {
    /// One line set by a layout manager, to draw.
    init(line: Paragraph, size: CGSize) {
        paragraphs = [line]
        self.size = size
        (lines, totalLines) = (1, 1)
    }
}

extension LayoutManager {
    /// The line fragments that hold characters of `range` (glyphs are characters here).
    func fragments(in range: NSRange) throws -> [LineFragment] {
        try ensureLayout()
        let end = range.location + range.length
        return lineFragments.filter {
            $0.characters.location < max(end, range.location + 1)
                && $0.characters.location + $0.characters.length > range.location
        }
    }

    /// The fragments `container` holds.
    func fragments(of container: TextContainer) throws -> [LineFragment] {
        try ensureLayout()
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return [] }
        return lineFragments.filter { $0.container == index }
    }

    /// `glyphRangeForTextContainer`: the glyphs of `container`'s fragments.
    func glyphRange(for container: TextContainer) throws -> NSRange {
        try glyphRange(forCharacterRange: try characterRange(of: container))
    }

    /// The characters of `container`'s fragments.
    func characterRange(of container: TextContainer) throws -> NSRange {
        let held = try fragments(of: container)
        guard let first = held.first, let last = held.last else { return NSRange(location: 0, length: 0) }
        let end = last.characters.location + last.characters.length
        return NSRange(location: first.characters.location, length: end - first.characters.location)
    }

    /// The fragment that holds character `index` (the last one past the end).
    func fragment(at index: Int) throws -> LineFragment? {
        try ensureLayout()
        return lineFragments.first {
            $0.characters.location <= index && index < $0.characters.location + $0.characters.length
        }
            ?? (index >= 0 ? lineFragments.last : nil)
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "NSLayoutManager", superclass: "NSObject", type: LayoutManager.self,
                allocate: { LayoutManager(environment: environment) }
            ) { c in
                c.property("textStorage") { (manager: LayoutManager) in manager.textStorage }
                c.property("textContainers") { (manager: LayoutManager) in manager.textContainers }
                c.method("addTextContainer") { (manager: LayoutManager, container: TextContainer) in
                    try manager.addTextContainer(container)
                }
                c.method("insertTextContainer_atIndex") {
                    (manager: LayoutManager, container: TextContainer, index: Int) in
                    try manager.insertTextContainer(container, at: index)
                }
                c.method("removeTextContainerAtIndex") { (manager: LayoutManager, index: Int) in
                    try manager.removeTextContainer(at: index)
                }
                c.property(
                    "delegate", get: { $0.delegate },
                    set: { (manager: LayoutManager, delegate: BridgeObject?) in manager.delegate = delegate })
                layoutMethods(c)
            }
        }

        /// Laying out and what the layout answers, in glyphs (see `GlyphMap`).
        private static func layoutMethods(_ c: NativeClassBuilder<LayoutManager>) {
            c.method("ensureLayoutForTextContainer") { (manager: LayoutManager, _: TextContainer) in
                try manager.ensureLayout()
            }
            c.method("invalidateLayoutForCharacterRange_actualCharacterRange") {
                (manager: LayoutManager, range: NSRange, _: AnyScriptValue) -> NSRange in
                manager.invalidateLayout(of: range)
                return range
            }
            c.property("numberOfGlyphs") { (manager: LayoutManager) in try manager.glyphMap().count }
            c.method("glyphRangeForTextContainer") { (manager: LayoutManager, container: TextContainer) in
                try manager.glyphRange(for: container)
            }
            c.method("usedRectForTextContainer") { (manager: LayoutManager, container: TextContainer) -> CGRect in
                let used = try manager.fragments(of: container).map(\.usedRect).reduce(CGRect.null) { $0.union($1) }
                return used.isNull ? .zero : used
            }
            c.method("lineFragmentRectForGlyphAtIndex_effectiveRange") {
                (manager: LayoutManager, index: Int, _: AnyScriptValue) -> (CGRect, NSRange) in
                guard let fragment = try manager.fragment(at: try manager.characterIndex(forGlyph: index)) else {
                    return (.zero, NSRange(location: 0, length: 0))
                }
                return (fragment.rect, try manager.glyphRange(forCharacterRange: fragment.characters))
            }
            c.method("lineFragmentUsedRectForGlyphAtIndex_effectiveRange") {
                (manager: LayoutManager, index: Int, _: AnyScriptValue) -> (CGRect, NSRange) in
                guard let fragment = try manager.fragment(at: try manager.characterIndex(forGlyph: index)) else {
                    return (.zero, NSRange(location: 0, length: 0))
                }
                return (fragment.usedRect, try manager.glyphRange(forCharacterRange: fragment.characters))
            }
            c.method("locationForGlyphAtIndex") { (manager: LayoutManager, index: Int) in
                try manager.location(ofGlyph: index)
            }
            c.method("boundingRectForGlyphRange_inTextContainer") {
                (manager: LayoutManager, range: NSRange, container: TextContainer) in
                try manager.boundingRect(ofCharacters: try manager.characterRange(forGlyphRange: range), in: container)
            }
            c.method("glyphIndexForPoint_inTextContainer") {
                (manager: LayoutManager, point: CGPoint, container: TextContainer) in
                try manager.glyphIndex(forCharacter: try manager.characterIndex(at: point, in: container))
            }
            c.method("characterIndexForGlyphAtIndex") { (manager: LayoutManager, index: Int) in
                try manager.characterIndex(forGlyph: index)
            }
            c.method("glyphIndexForCharacterAtIndex") { (manager: LayoutManager, index: Int) in
                try manager.glyphIndex(forCharacter: index)
            }
            c.method("glyphRangeForCharacterRange_actualCharacterRange") {
                (manager: LayoutManager, range: NSRange, _: AnyScriptValue) -> (NSRange, NSRange) in
                let glyphs = try manager.glyphRange(forCharacterRange: range)
                return (glyphs, try manager.characterRange(forGlyphRange: glyphs))
            }
            c.method("characterRangeForGlyphRange_actualGlyphRange") {
                (manager: LayoutManager, range: NSRange, _: AnyScriptValue) -> (NSRange, NSRange) in
                let characters = try manager.characterRange(forGlyphRange: range)
                return (characters, try manager.glyphRange(forCharacterRange: characters))
            }
            c.method("enumerateLineFragmentsForGlyphRange_usingBlock") {
                (manager: LayoutManager, range: NSRange, block: ScriptBlock) in
                guard let bridge = manager.bridge else { return }
                for fragment in try manager.fragments(in: try manager.characterRange(forGlyphRange: range)) {
                    let container =
                        manager.textContainers.indices.contains(fragment.container)
                        ? manager.textContainers[fragment.container] : nil
                    let stop = try bridge.call(
                        block, named: "the line fragment block", fragment.rect, fragment.usedRect, container,
                        try manager.glyphRange(forCharacterRange: fragment.characters), AnyScriptValue(nil),
                        returning: AnyScriptValue.self)
                    if stop.value as? Bool == true { return }
                }
            }
            c.method(LayoutManager.drawGlyphsMethod, overridable: true) {
                (manager: LayoutManager, range: NSRange, point: CGPoint) in
                try manager.drawGlyphs(in: try manager.characterRange(forGlyphRange: range), at: point)
            }
            c.method(LayoutManager.drawBackgroundMethod, overridable: true) {
                (manager: LayoutManager, range: NSRange, point: CGPoint) in
                try manager.drawBackground(in: try manager.characterRange(forGlyphRange: range), at: point)
            }
        }
    }
}
