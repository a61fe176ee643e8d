/// Texture's `asciiArtString` boxes: a parent's name in a box's top edge, its children's boxes
/// side by side (a horizontal stack and most specs) or one under the other (a vertical stack),
/// centred, two spaces from the sides.
enum AsciiArtBox {
    private static let padding = 2

    static func horizontal(_ children: [String], title: String) -> String {
        if children.isEmpty { return title }
        let blocks = children.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let height = blocks.map(\.count).max() ?? 0
        let centered = blocks.map { lines -> [String] in
            let blank = String(repeating: " ", count: lines.first?.count ?? 0)
            let missing = height - lines.count
            let above = (missing + 1) / 2
            return Array(repeating: blank, count: above) + lines + Array(repeating: blank, count: missing - above)
        }
        let gap = String(repeating: " ", count: padding)
        var rows = (0..<height).map { row in
            "|" + gap + centered.map { $0[row] + gap }.joined() + "|"
        }
        let width = rows.first?.count ?? 0
        if width < title.count {
            let extra = title.count + 2 * padding - width
            let left = String(repeating: " ", count: (extra + 1) / 2)
            let right = String(repeating: " ", count: extra / 2)
            rows = rows.map { "|" + left + $0.dropFirst().dropLast() + right + "|" }
        }
        return framed(rows, title: title)
    }

    static func vertical(_ children: [String], title: String) -> String {
        if children.isEmpty { return title }
        let blocks = children.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let widest = blocks.map { $0.first?.count ?? 0 }.max() ?? 0
        var (left, right) = (0, 0)
        if widest < title.count {
            let extra = title.count + 2 * padding - widest
            (left, right) = ((extra + 1) / 2, extra / 2)
        }
        var rows: [String] = []
        for lines in blocks {
            let missing = widest - (lines.first?.count ?? 0)
            let before = String(repeating: " ", count: (missing + 1) / 2 + left + padding)
            let after = String(repeating: " ", count: missing / 2 + right + padding)
            rows += lines.map { "|" + before + $0 + after + "|" }
        }
        return framed(rows, title: title)
    }

    private static func framed(_ rows: [String], title: String) -> String {
        let width = rows.first?.count ?? 0
        let spare = max(0, width - title.count)
        let top = String(repeating: "-", count: (spare + 1) / 2) + title + String(repeating: "-", count: spare / 2)
        return ([top] + rows + [String(repeating: "-", count: width)]).joined(separator: "\n")
    }
}
