import Foundation

/// The fields a Lua source assigns by name (`label.textColour = …`), with their lines: what
/// `rebound check` compares with the properties of UIKit's classes. Comments and strings are
/// skipped; table constructors' keys (`{ textColour = … }`) and comparisons (`a.b == c`) are
/// not assignments.
enum FieldAssignments {
    struct Assignment: Equatable {
        let name: String
        let line: Int
    }

    static func scan(_ source: String) -> [Assignment] {
        let bytes = Array(source.utf8)
        var found: [Assignment] = []
        var line = 1
        var index = 0
        // The name after a `.` that followed a value (a name, `)` or `]`), until the next token.
        var pending: (name: String, line: Int)?
        var afterValue = false
        var afterDot = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
                continue
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                index = skipComment(bytes, from: index + 2, line: &line)
                continue
            default: break
            }
            if byte == UInt8(ascii: "="), let assigned = pending {
                let isEquality = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "=")
                if !isEquality { found.append(Assignment(name: assigned.name, line: assigned.line)) }
            }
            pending = nil
            if isNameStart(byte) {
                var end = index
                while end < bytes.count, isNameStart(bytes[end]) || isDigit(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[index..<end], as: UTF8.self)
                if afterDot { pending = (name, line) }
                afterDot = false
                afterValue = !keywords.contains(name)
                index = end
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = skipQuoted(bytes, from: index, line: &line)
                (afterDot, afterValue) = (false, true)
                continue
            }
            if byte == UInt8(ascii: "["), let end = skipLongBracket(bytes, from: index, line: &line) {
                index = end
                (afterDot, afterValue) = (false, true)
                continue
            }
            let isDot = byte == UInt8(ascii: ".") && !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "."))
            afterDot = isDot && afterValue
            afterValue = byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
            index += isDot ? 1 : (byte == UInt8(ascii: ".") ? 2 : 1)
        }
        return found
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Past a comment whose `--` ends before `start`: a long one (`--[==[ … ]==]`) or the line.
    private static func skipComment(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int {
        if start < bytes.count, bytes[start] == UInt8(ascii: "["),
            let end = skipLongBracket(bytes, from: start, line: &line)
        {
            return end
        }
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// Past a quoted string that starts at `start` (its escapes, `\z` and escaped newlines too).
    private static func skipQuoted(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            index += 1
        }
        return min(index + 1, bytes.count)
    }

    /// Past a long bracket (`[[ … ]]`, `[==[ … ]==]`) that starts at `start`; nil when the `[`
    /// opens none (an index).
    private static func skipLongBracket(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int? {
        var level = 0
        var index = start + 1
        while index < bytes.count, bytes[index] == UInt8(ascii: "=") {
            level += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        let closing = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
        index += 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            if bytes[index] == UInt8(ascii: "]"), index + closing.count <= bytes.count,
                Array(bytes[index..<index + closing.count]) == closing
            {
                return index + closing.count
            }
            index += 1
        }
        return bytes.count
    }
}
