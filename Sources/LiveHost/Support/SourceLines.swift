import Foundation
import LuaRuntime

/// The text of a line of a file, for error reports.
enum SourceLines {
    static func line(_ number: Int, of data: Data) -> String? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : nil
    }
}
