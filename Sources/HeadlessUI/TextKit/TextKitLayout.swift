import Foundation
import ObjectBridge

/// One line fragment a layout manager set: the characters it holds (UTF-16), its rectangle
/// and the part its text uses in its container, its baseline from its top, and its text set
/// on one line for drawing.
public struct LineFragment {
    public let container: Int
    public internal(set) var characters: NSRange
    public internal(set) var rect: CGRect
    public internal(set) var usedRect: CGRect
    public let baseline: Double
    let line: RichTextLayout.Paragraph
    /// Where the layout stood when it set this fragment: a layout taken up again here starts
    /// from it.
    var place: TextKitLayout.Place

    /// The same fragment, its characters `delta` further on and `lines` lines `dy` lower (an
    /// edit before it).
    func moved(characters delta: Int, lines: Int = 0, dy: Double = 0) -> LineFragment {
        var moved = self
        moved.characters.location += delta
        moved.rect.origin.y += dy
        moved.usedRect.origin.y += dy
        moved.place.y += dy
        moved.place.lines += lines
        return moved
    }
}

/// TextKit's layout, one line fragment at a time: each container is asked for the room a line
/// has (`lineFragmentRectForProposedRect…`, which a script may override), and the text engine
/// breaks the paragraph's remaining text at that width, so that a shaped container is filled
/// as the device fills it. Paragraph styles indent, space and justify the lines; the layout
/// manager's delegate may change the spacing.
///
/// After an edit, the layout is taken up again a line before the first changed character and
/// ends once a line starts where an earlier line started, in the same place, after the change:
/// the earlier lines from there are kept, moved by the change in length.
struct TextKitLayout {
    /// A container that gives this many fragments in a row with no room moves on to the next.
    static let maximumEmptyFragments = 1000

    /// An earlier layout of the text before an edit, and what the edit changed (in the text
    /// as it is now).
    struct Earlier {
        let fragments: [LineFragment]
        let firstChanged: Int
        let changedEnd: Int
        let delta: Int
    }

    /// The spacing a layout manager's delegate may give instead of the paragraph style's:
    /// `kind` before or after the glyph at an index, in a proposed fragment rect.
    typealias SpacingAsker = (_ kind: SpacingKind, _ glyph: Int, _ proposed: CGRect) throws -> Double?

    enum SpacingKind: String, CaseIterable {
        case lineAfter = "layoutManager_lineSpacingAfterGlyphAtIndex_withProposedLineFragmentRect"
        case paragraphBefore = "layoutManager_paragraphSpacingBeforeGlyphAtIndex_withProposedLineFragmentRect"
        case paragraphAfter = "layoutManager_paragraphSpacingAfterGlyphAtIndex_withProposedLineFragmentRect"
    }

    private(set) var fragments: [LineFragment] = []
    /// How many lines were set (the rest, when any, were kept from the earlier layout).
    private(set) var linesSet = 0
    let text: AttributedText
    private let containers: [TextContainer]
    let engine: TextEngine
    let question: RichTextLayout.Question
    private let askSpacing: SpacingAsker
    let lineBreaks = LineBreaks()

    init(
        text: AttributedText, containers: [TextContainer], engine: TextEngine, defaults: RichTextLayout.Defaults,
        earlier: Earlier? = nil, askSpacing: @escaping SpacingAsker = { _, _, _ in nil }
    ) throws {
        (self.text, self.containers, self.engine, self.askSpacing) = (text, containers, engine, askSpacing)
        question = RichTextLayout.Question(
            width: nil, height: nil, maxLines: 1, defaults: defaults, style: UserInterfaceStyle.current)
        try layOut(takingUp: earlier)
    }

    private mutating func layOut(takingUp earlier: Earlier?) throws {
        var place = Place()
        var start = 0
        if let earlier, let restart = Self.restartIndex(in: earlier) {
            fragments = Array(earlier.fragments[..<restart])
            place = earlier.fragments[restart].place
            start = earlier.fragments[restart].characters.location
        }
        let paragraphs = RichTextLayout.paragraphRanges(text.string)
        var number = Self.paragraph(containing: start, in: paragraphs)
        while number < paragraphs.count {
            let paragraph = paragraphs[number]
            let end = paragraph.location + paragraph.length
            let next = number + 1 < paragraphs.count ? paragraphs[number + 1].location : text.length
            repeat {
                if let earlier, let kept = keptLines(of: earlier, from: start, at: place) {
                    fragments += kept
                    return
                }
                guard
                    let fragment = try setLine(
                        from: start, paragraph: paragraph.location, to: end, through: next, at: &place)
                else { return }
                fragments.append(fragment)
                linesSet += 1
                start = fragment.characters.location + fragment.characters.length
            } while start < end
            number += 1
        }
    }

    /// The earlier fragment to take the layout up from: the one before the fragment that holds
    /// the first changed character (a change can move a word back up), or nil for the start.
    private static func restartIndex(in earlier: Earlier) -> Int? {
        let holding = earlier.fragments.lastIndex { $0.characters.location <= earlier.firstChanged }
        guard let holding, holding > 0 else { return nil }
        return holding - 1
    }

    /// The earlier fragments from the one that started at `start` (before the edit moved it),
    /// when `start` is past the change and the fragment was set in the same place, or in a
    /// container whose lines do not depend on where they are, with the rest of the text still
    /// in it once moved: the layout from there is the same, moved.
    private func keptLines(of earlier: Earlier, from start: Int, at place: Place) -> [LineFragment]? {
        guard start >= earlier.changedEnd else { return nil }
        let old = start - earlier.delta
        var low = 0
        var high = earlier.fragments.count
        while low < high {
            let middle = (low + high) / 2
            if earlier.fragments[middle].characters.location < old { low = middle + 1 } else { high = middle }
        }
        guard low < earlier.fragments.count, earlier.fragments[low].characters.location == old else { return nil }
        let was = earlier.fragments[low].place
        if was == place { return earlier.fragments[low...].map { $0.moved(characters: earlier.delta) } }
        let dy = place.y - was.y
        guard place.remaining == nil, was.remaining == nil, was.container == place.container,
            let container = containers.indices.contains(place.container) ? containers[place.container] : nil,
            setsLinesAnywhereAlike(container), let last = earlier.fragments.last, last.container == place.container,
            last.rect.maxY + dy <= container.size.height + 0.5
        else { return nil }
        return earlier.fragments[low...].map {
            $0.moved(characters: earlier.delta, lines: place.lines - was.lines, dy: dy)
        }
    }

    /// Whether `container` gives every line the same room wherever it is: no exclusion paths,
    /// no line limit, and no script's own fragments.
    private func setsLinesAnywhereAlike(_ container: TextContainer) -> Bool {
        container.exclusionPaths.isEmpty && container.maximumNumberOfLines == 0
            && container.bridge?.scriptOverride(Self.fragmentMethod, of: container) == nil
    }

    static let fragmentMethod = "lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect"

    /// The paragraph whose characters or break hold `index`.
    private static func paragraph(containing index: Int, in paragraphs: [NSRange]) -> Int {
        paragraphs.lastIndex { $0.location <= index } ?? 0
    }

    /// Sets the next line fragment from `start` (its paragraph starts at `paragraphStart`, its
    /// text ends at `end` and its break at `next`) where the containers have room from `place`,
    /// and moves `place` on; nil once the containers are full.
    private func setLine(
        from start: Int, paragraph paragraphStart: Int, to end: Int, through next: Int, at place: inout Place
    ) throws -> LineFragment? {
        let attributes = (try? text.attributes(at: min(start, max(text.length - 1, 0))).0) ?? [:]
        let style = attributes["NSParagraphStyle"].flatMap { $0.value as? ParagraphStyle }
        let font = attributes["NSFont"]?.value as? Font ?? question.defaults.font
        let isFirstLine = start == paragraphStart
        var empty = 0
        while place.container < containers.count {
            let container = containers[place.container]
            let full = container.maximumNumberOfLines > 0 && place.lines >= container.maximumNumberOfLines
            let before =
                isFirstLine && start > 0 && place.remaining == nil
                ? try spacing(
                    .paragraphBefore, start, proposal(container, place.y, font.lineHeight),
                    style?.paragraphSpacingBefore)
                : 0
            var height = place.remaining.map { Double($0.height) } ?? before + lineHeight(font.lineHeight, style)
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
            var box = lineBox(in: room.0.width - 2 * padding, style, isFirstLine: isFirstLine)
            guard box.width > 1 else {
                empty += 1
                if empty >= Self.maximumEmptyFragments { place.nextContainer() }
                place.nextLine(height)
                continue
            }
            var line = try measure(from: start, to: end, width: box.width, style: style, fontSize: font.pointSize)
            let lineHeight = lineHeight(line.size.height, style)
            if before + lineHeight > height + 0.5 {
                // A taller line than its first font's: the container is asked again for its height.
                height = before + lineHeight
                room = try fragment(in: container, proposed: proposal(container, place.y, height), start)
                box = lineBox(in: room.0.width - 2 * padding, style, isFirstLine: isFirstLine)
                guard box.width > 1 else {
                    empty += 1
                    if empty >= Self.maximumEmptyFragments { place.nextContainer() }
                    place.nextLine(height)
                    continue
                }
                line = try measure(from: start, to: end, width: box.width, style: style, fontSize: font.pointSize)
            }
            // At least one character a fragment, so that the layout always moves on.
            let count = line.count > 0 ? line.count : firstCharacterLength(from: start, to: end)
            let endsParagraph = start + count >= end
            let characters = NSRange(location: start, length: endsParagraph ? next - start : count)
            let shown = try text.substring(NSRange(location: start, length: min(count, end - start)))
            let proposed = proposal(container, place.y, height)
            let after =
                try spacing(.lineAfter, start + count - 1, proposed, style?.lineSpacing)
                + (endsParagraph
                    ? try spacing(.paragraphAfter, start + count - 1, proposed, style?.paragraphSpacing) : 0)
            let justified = style?.alignment == 3 && !endsParagraph
            let fragmentRect = CGRect(
                x: room.0.minX, y: place.y, width: room.0.width, height: before + lineHeight + after)
            let usedWidth = justified ? box.width : line.size.width
            let slack = max(0, box.width - usedWidth)
            let offset = style?.alignment == 1 ? slack / 2 : style?.alignment == 2 ? slack : 0
            let used = CGRect(
                x: room.0.minX + padding + box.x + offset, y: place.y + before, width: usedWidth, height: lineHeight)
            let fragmentPlace = place
            // The rest of the line, when the container left some, takes the next fragment.
            if room.1.width > 2 * padding + 1 {
                place.remaining = CGRect(x: room.1.minX, y: place.y, width: room.1.width, height: height)
            } else {
                place.nextLine(fragmentRect.height)
            }
            return LineFragment(
                container: place.container, characters: characters, rect: fragmentRect, usedRect: used,
                baseline: before + lineHeight - line.size.height + line.baseline,
                line: justified ? try Self.justified(shown, width: box.width, question.defaults) : onOneLine(shown),
                place: fragmentPlace)
        }
        return nil
    }

    /// Where a line's text goes within a fragment `width` wide (inside its padding): the head
    /// indent of a first or later line, and the width up to the tail indent (from the leading
    /// edge when positive, the trailing edge otherwise).
    private func lineBox(in width: Double, _ style: ParagraphStyle?, isFirstLine: Bool) -> (x: Double, width: Double) {
        guard let style else { return (0, width) }
        let head = isFirstLine ? style.firstLineHeadIndent : style.headIndent
        let tail = style.tailIndent > 0 ? style.tailIndent : width + style.tailIndent
        return (head, tail - head)
    }

    /// A line `natural` points tall as its style sets it: times its height multiple, within
    /// its minimum and maximum.
    private func lineHeight(_ natural: Double, _ style: ParagraphStyle?) -> Double {
        guard let style else { return natural }
        var height = style.lineHeightMultiple > 0 ? natural * style.lineHeightMultiple : natural
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        return max(height, style.minimumLineHeight)
    }

    /// The delegate's spacing of `kind` at `glyph`, or the style's.
    private func spacing(_ kind: SpacingKind, _ glyph: Int, _ proposed: CGRect, _ styled: Double?) throws -> Double {
        let asked = try askSpacing(kind, max(glyph, 0), proposed)
        guard let asked else { return styled ?? 0 }
        guard asked.isFinite, asked >= 0, asked <= 100_000 else {
            throw ScriptValueError(
                "the layout manager delegate's \(kind.rawValue) must be a length from 0 to 100000, got \(asked)")
        }
        return asked
    }

    /// Where the layout is: its container, the top of the line, the lines the container holds
    /// so far, and the rest of the line when it has more room beside the last fragment.
    struct Place: Equatable {
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
        let method = Self.fragmentMethod
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

    /// `shown` as one unwrapped line, for drawing.
    private func onOneLine(_ shown: AttributedText) -> RichTextLayout.Paragraph {
        Self.oneLine(shown, question.defaults)
    }

    /// `shown` stretched to `width`, as a justified paragraph's lines but its last are: its
    /// trailing spaces left out, the rest spread over the width.
    static func justified(_ shown: AttributedText, width: Double, _ defaults: RichTextLayout.Defaults) throws
        -> RichTextLayout.Paragraph
    {
        let trailing = shown.string.utf16.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
        var line = oneLine(try shown.substring(NSRange(location: 0, length: shown.length - trailing)), defaults)
        line.width = width
        line.alignment = RichTextLayout.justifiedToBothEdges
        return line
    }

    /// `text` as one unwrapped line, in `defaults` where it has no attributes of its own.
    /// Its glyphs only: backgrounds are the layout manager's to draw (`drawBackgroundForGlyphRange…`).
    static func oneLine(_ text: AttributedText, _ defaults: RichTextLayout.Defaults) -> RichTextLayout.Paragraph {
        var index = text.string.startIndex
        var runs = RunCursor(text)
        let question = RichTextLayout.Question(
            width: nil, height: nil, maxLines: 1, defaults: defaults, style: UserInterfaceStyle.current)
        var line = RichTextLayout.paragraph(
            text, NSRange(location: 0, length: text.length), style: nil, from: &index, runs: &runs, question)
        for span in line.spans.indices { line.spans[span].background = nil }
        return line
    }
}
