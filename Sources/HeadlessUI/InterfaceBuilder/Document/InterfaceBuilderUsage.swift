import Foundation

/// What one Interface Builder document uses, as `rebound check` reports it: each kind of
/// element (`<label> in <subviews>`) and attribute (`<label>'s attribute text`), how decoding
/// treated it, and how many times it occurs.
public struct InterfaceBuilderUsage: Sendable {
    /// Read, left out on purpose (`IBVocabulary`), or not something Rebound knows.
    public enum Disposition: String, Sendable, CaseIterable {
        case read, ignored, unknown
    }

    public let file: String
    /// Counts by kind, for each disposition.
    public private(set) var counts: [Disposition: [String: Int]] = [:]
    /// What stopped decoding part of the document (its error, with file and line).
    public internal(set) var problems: [String] = []

    init(file: String) { self.file = file }

    mutating func count(_ kind: String, _ disposition: Disposition) {
        counts[disposition, default: [:]][kind, default: 0] += 1
    }

    /// The kinds of one disposition, most frequent first, then by name.
    public func kinds(_ disposition: Disposition) -> [(kind: String, count: Int)] {
        (counts[disposition] ?? [:]).map { ($0.key, $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.kind < $1.kind
        }
    }
}
