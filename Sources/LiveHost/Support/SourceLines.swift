import Foundation
import LuaRuntime

/// The text of lines of a file, for error reports.
public enum SourceLines {
    /// A line of a file and its number, from 1.
    public struct Line: Equatable, Sendable, Encodable {
        public let number: Int
        public let text: String
    }

    public static func line(_ number: Int, of data: Data) -> String? {
        lines(around: number, radius: 0, of: data).first?.text
    }

    static func lines(around number: Int, radius: Int, of data: Data) -> [Line] {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let first = max(1, number - max(0, radius))
        let last = min(lines.count, number + max(0, radius))
        guard first <= last else { return [] }
        return (first...last).map { Line(number: $0, text: String(lines[$0 - 1])) }
    }
}
