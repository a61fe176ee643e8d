import Foundation
import HeadlessUI

/// How `rebound check` prints what each Interface Builder document uses: for people, a line
/// per document with its counts, then its unknown parts (every part with `--documents`); for
/// tools, one `document` object per line.
struct DocumentUsageReport {
    let json: Bool
    let everything: Bool

    func print(_ usage: InterfaceBuilderUsage) {
        json ? printJSON(usage) : printText(usage)
    }

    private static let headings: [(InterfaceBuilderUsage.Disposition, String)] = [
        (.read, "read"), (.ignored, "left out on purpose"), (.unknown, "unknown"),
    ]

    private func printText(_ usage: InterfaceBuilderUsage) {
        let totals = Self.headings.map { disposition, heading in
            "\(usage.kinds(disposition).reduce(0) { $0 + $1.count }) \(heading)"
        }
        var lines = ["\(usage.file): \(totals.joined(separator: ", ")) (elements and attributes)"]
        for (disposition, heading) in Self.headings where everything || disposition == .unknown {
            let kinds = usage.kinds(disposition)
            guard !kinds.isEmpty else { continue }
            lines.append("  \(heading):")
            lines += kinds.map { "    \($0.kind) ×\($0.count)" }
        }
        lines += usage.problems.map { "  problem: \($0)" }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    private func printJSON(_ usage: InterfaceBuilderUsage) {
        var object: [String: Any] = ["event": "document", "file": usage.file, "problems": usage.problems]
        for disposition in InterfaceBuilderUsage.Disposition.allCases {
            object[disposition.rawValue] = Dictionary(
                uniqueKeysWithValues: usage.kinds(disposition).map { ($0.kind, $0.count) })
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
