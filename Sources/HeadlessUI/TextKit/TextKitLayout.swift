import Foundation
import ObjectBridge

/// One line fragment a layout manager set: the characters it holds (UTF-16), its rectangle
/// and the part its text uses in its container, its baseline from its top, and its text set
/// on one line for drawing.
public struct LineFragment {
    public let container: Int
    public let characters: NSRange
    public let rect: CGRect
    public let usedRect: CGRect
    public let baseline: Double
    let line: RichTextLayout.Paragraph
}

/// TextKit's layout, one line fragment at a time: each container is asked for the room a line
/// has (`lineFragmentRectForProposedRect…`, which a script may override), and the text engine
/// breaks the paragraph's remaining text at that width, so that a shaped container is filled
/// as the device fills it.
struct TextKitLayout {
    /// A container that gives this many fragments in a row with no room moves on to the next.
    static let maximumEmptyFragments = 1000

    private(set) var fragments: [LineFragment] = []
    private let text: AttributedText
    private let containers: [TextContainer]
    private let engine: TextEngine
    private let question: RichTextLayout.Question

    init(
        text: AttributedText, containers: [TextContainer], engine: TextEngine, defaults: RichTextLayout.Defaults
    ) throws {
        (self.text, self.containers, self.engine) = (text, containers, engine)
        question = RichTextLayout.Question(
            width: nil, height: nil, maxLines: 1, defaults: defaults, style: UserInterfaceStyle.current)
        try layOut()
    }

    private mutating func layOut() throws {
        var place = Place()
        let paragraphs = RichTextLayout.paragraphRanges(text.string)
        for (number, paragraph) in paragraphs.enumerated() {
            let end = paragraph.location + paragraph.length
            let next = number + 1 < paragraphs.count ? paragraphs[number + 1].location : text.length
            var start = paragraph.location
            repeat {
                guard let fragment = try setLine(from: start, to: end, through: next, at: &place) else { return }
                fragments.append(fragment)
                start = fragment.characters.location + fragment.characters.length
            } while start < end
        }
    }

    /// Sets the next line fragment from `start` (the paragraph's text ends at `end`, its break
    /// at `next`) where the containers have room from `place`, and moves `place` on; nil once
    /// the containers are full.
    private func setLine(from start: Int, to end: Int, through next: Int, at place: inout Place) throws -> LineFragment?
    {
        let rest = try text.substring(NSRange(location: start, length: end - start))
        let style = (try? text.attributes(at: min(start, max(text.length - 1, 0))).0["NSParagraphStyle"])?
            .flatMap { $0.value as? ParagraphStyle }
        let font =
            (try? text.attributes(at: min(start, max(text.length - 1, 0))).0["NSFont"]?.value as? Font)
            ?? question.defaults.font
        var empty = 0
        while place.container < containers.count {
            let container = containers[place.container]
            let full = container.maximumNumberOfLines > 0 && place.lines >= container.maximumNumberOfLines
            var height = place.remaining.map { Double($0.height) } ?? font.lineHeight
            var room =
                full
                ? (CGRect.zero, CGRect.zero)
                : try place.remaining.map { try fragment(in: container, proposed: $0, start) }
                    ?? fragment(in: container, proposed: proposal(container, place.y, height), start)
            if place.remaining == nil, room.0.height <= 0 || place.y + height > container.size.height + 0.5 || full {
                place.nextContainer()
                continue
            }
            let padding = container.lineFragmentPadding
            let width = room.0.width - 2 * padding
            guard width > 1 else {
                empty += 1
                if empty >= Self.maximumEmptyFragments { place.nextContainer() }
                place.nextLine(height)
                continue
            }
            var line = try measure(rest, width: width, style: style)
            if line.size.height > height + 0.5 {
                // A taller line than its first font's: the container is asked again for its height.
                height = line.size.height
                room = try fragment(in: container, proposed: proposal(container, place.y, height), start)
                guard room.0.width - 2 * padding > 1 else {
                    empty += 1
                    if empty >= Self.maximumEmptyFragments { place.nextContainer() }
                    place.nextLine(height)
                    continue
                }
                line = try measure(rest, width: room.0.width - 2 * padding, style: style)
            }
            // At least one character a fragment, so that the layout always moves on.
            let first = rest.string.first.map { String($0).utf16.count } ?? 0
            let count = max(Self.utf16Count(ofFirst: line.bytes, in: rest.string), first)
            let characters = NSRange(location: start, length: start + count >= end ? next - start : count)
            let shown = try text.substring(NSRange(location: start, length: min(count, end - start)))
            let fragmentRect = CGRect(x: room.0.minX, y: place.y, width: room.0.width, height: height)
            let alignment = style?.alignment ?? 0
            let slack = max(0, width - line.size.width)
            let offset = alignment == 1 ? slack / 2 : alignment == 2 ? slack : 0
            let used = CGRect(
                x: room.0.minX + padding + offset, y: place.y, width: line.size.width, height: height)
            // The rest of the line, when the container left some, takes the next fragment.
            if room.1.width > 2 * padding + 1 {
                place.remaining = CGRect(x: room.1.minX, y: place.y, width: room.1.width, height: height)
            } else {
                place.nextLine(height)
            }
            return LineFragment(
                container: place.container, characters: characters, rect: fragmentRect, usedRect: used,
                baseline: line.baseline, line: onOneLine(shown))
        }
        return nil
    }

    /// Where the layout is: its container, the top of the line, the lines the container holds
    /// so far, and the rest of the line when it has more room beside the last fragment.
    private struct Place {
        var container = 0
        var y = 0.0
        var lines = 0
        var remaining: CGRect?

        mutating func nextLine(_ height: Double) {
            y += max(height, 1)
            lines += 1
            remaining = nil
        }

        mutating func nextContainer() {
            (container, y, lines, remaining) = (container + 1, 0, 0, nil)
        }
    }

    /// A whole line of `container`, `height` tall at `y`.
    private func proposal(_ container: TextContainer, _ y: Double, _ height: Double) -> CGRect {
        CGRect(x: 0, y: y, width: container.size.width, height: height)
    }

    /// The container's room in `proposed`: its script's answer or its own.
    private func fragment(in container: TextContainer, proposed: CGRect, _ index: Int) throws -> (CGRect, CGRect) {
        let method = "lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect"
        guard let bridge = container.bridge, let override = bridge.scriptOverride(method, of: container) else {
            let (fragment, remaining) = container.lineFragment(proposed: proposed)
            return (fragment, remaining)
        }
        let (fragment, remaining) = try bridge.call(
            override, on: container, method: method, proposed, index, 0, AnyScriptValue(nil),
            returning: (CGRect?.self, CGRect?.self))
        guard let fragment else { return (.zero, .zero) }
        return (
            try GeometryCheck.rect(fragment, "the line fragment rect"),
            try GeometryCheck.rect(remaining ?? .zero, "the remaining rect")
        )
    }

    /// The first line of `rest` wrapped at `width`.
    private func measure(_ rest: AttributedText, width: Double, style: ParagraphStyle?)
        -> (bytes: Int, size: CGSize, baseline: Double)
    {
        var asked = question
        asked.width = width
        var index = rest.string.startIndex
        var runs = RunCursor(rest)
        var paragraph = RichTextLayout.paragraph(
            rest, NSRange(location: 0, length: rest.length), style: nil, from: &index, runs: &runs, asked)
        paragraph.wrap = (style?.lineBreakMode ?? 0) == 1 ? .characters : .words
        return engine.firstLine(of: paragraph)
    }

    /// `shown` as one unwrapped line, for drawing.
    private func onOneLine(_ shown: AttributedText) -> RichTextLayout.Paragraph {
        Self.oneLine(shown, question.defaults)
    }

    /// `text` as one unwrapped line, in `defaults` where it has no attributes of its own.
    static func oneLine(_ text: AttributedText, _ defaults: RichTextLayout.Defaults) -> RichTextLayout.Paragraph {
        var index = text.string.startIndex
        var runs = RunCursor(text)
        let question = RichTextLayout.Question(
            width: nil, height: nil, maxLines: 1, defaults: defaults, style: UserInterfaceStyle.current)
        return RichTextLayout.paragraph(
            text, NSRange(location: 0, length: text.length), style: nil, from: &index, runs: &runs, question)
    }

    /// How many UTF-16 units the first `bytes` bytes of `string`'s UTF-8 hold.
    static func utf16Count(ofFirst bytes: Int, in string: String) -> Int {
        let utf8 = string.utf8
        let end = utf8.index(utf8.startIndex, offsetBy: min(max(bytes, 0), utf8.count))
        return string.utf16.distance(from: string.utf16.startIndex, to: end.samePosition(in: string.utf16) ?? end)
    }
}
