import Foundation
import ObjectBridge

/// How a layout manager draws: glyphs and their backgrounds into the current context, and a
/// text view's lines through the script's own drawing methods when its subclass has them.
extension LayoutManager {
    /// `drawGlyphsForGlyphRange_atPoint`: the glyphs of `range` where their lines set them,
    /// the containers' origin at `point`.
    func drawGlyphs(in range: NSRange, at point: CGPoint) throws {
        guard let context = environment.graphics.top else { return }
        let defaults = AttributedText.drawingDefaults(environment)
        for (fragment, span) in try pieces(of: range) {
            let shownLength = fragment.line.text.utf16.count
            let whole = span.first == 0 && span.last >= shownLength
            let line =
                whole
                ? fragment.line
                : TextKitLayout.oneLine(
                    try laidOutText.substring(
                        NSRange(location: fragment.characters.location + span.first, length: span.last - span.first)),
                    defaults)
            let layout = RichTextLayout(
                line: line, size: CGSize(width: span.end - span.start, height: fragment.usedRect.height))
            let origin = CGPoint(x: point.x + fragment.usedRect.minX + span.start, y: point.y + fragment.usedRect.minY)
            context.record(.richText(layout, origin: origin))
        }
    }

    /// `drawBackgroundForGlyphRange_atPoint`: the background colours of the glyphs of `range`,
    /// each the height of its line's used rect, the containers' origin at `point`.
    func drawBackground(in range: NSRange, at point: CGPoint) throws {
        guard let context = environment.graphics.top else { return }
        for command in try backgroundCommands(in: range, at: point) { context.record(command) }
    }

    /// What `drawBackground` draws.
    func backgroundCommands(in range: NSRange, at point: CGPoint) throws -> [DrawingCommand] {
        let end = min(range.location + range.length, laidOutText.length)
        guard range.location < end else { return [] }
        var commands: [DrawingCommand] = []
        for run in laidOutText.runs(in: NSRange(location: range.location, length: end - range.location)) {
            guard let color = run.attributes["NSBackgroundColor"]?.value as? Color else { continue }
            var path = DrawingPath()
            for (fragment, span) in try pieces(of: run.range) {
                path.addRect(
                    CGRect(
                        x: point.x + fragment.usedRect.minX + span.start, y: point.y + fragment.usedRect.minY,
                        width: span.end - span.start, height: fragment.usedRect.height))
            }
            commands += [.save, .fillColor(DrawingColor(color)), .fill(path, evenOdd: false), .restore]
        }
        return commands
    }

    /// Whether a script subclass draws glyphs or backgrounds its own way.
    var drawsWithScripts: Bool {
        hasOverride(Self.drawGlyphsMethod) || hasOverride(Self.drawBackgroundMethod)
    }

    static let drawGlyphsMethod = "drawGlyphsForGlyphRange_atPoint"
    static let drawBackgroundMethod = "drawBackgroundForGlyphRange_atPoint"

    /// Draws `container`'s lines into the current context as a text view does, its origin at
    /// `point`: the backgrounds, then the glyphs, each through the script's method when it has one.
    func drawLines(of container: TextContainer, at point: CGPoint) throws {
        let characters = try characterRange(of: container)
        guard characters.length > 0 else { return }
        let glyphs = try glyphRange(forCharacterRange: characters)
        if try !runOverride(Self.drawBackgroundMethod, glyphs, point) { try drawBackground(in: characters, at: point) }
        if try !runOverride(Self.drawGlyphsMethod, glyphs, point) { try drawGlyphs(in: characters, at: point) }
    }
}
