/// Text written into Lua source: recorded specs and the console's answers. Whatever a script or
/// a package put in the text (quotes, newlines, `]]`, control characters), it comes out as one
/// string literal or one comment line, and cannot end either early.
public enum LuaLiteral {
    /// A double-quoted Lua string literal of `text`. With a `limit` (in bytes, for display), a
    /// longer text is cut there and followed by how much was left out; without one it is whole,
    /// as source that runs must be.
    public static func string(_ text: String, limit: Int? = nil) -> String {
        var result = "\""
        var taken = 0
        for scalar in text.unicodeScalars {
            if let limit, taken >= limit { return result + "\"... (\(text.utf8.count - taken) more bytes)" }
            taken += scalar.utf8.count
            append(scalar, to: &result)
        }
        return result + "\""
    }

    /// `text` for the rest of a `--` comment line: line breaks and other control characters are
    /// written as escapes, so the comment ends where the line does.
    public static func comment(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                append(scalar, to: &result)
            }
        }
        return result
    }

    /// One character as a Lua string writes it. A control character is a three-digit decimal
    /// escape, so that a digit after it cannot join the escape.
    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case _
        where scalar.value < 0x20 || scalar.value == 0x7f || (0x80..<0xA0).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}":
            // A character past ASCII as `\u{...}`: a decimal escape would write a single raw byte.
            result += scalar.value < 0x80 ? "\\" + threeDigits(scalar.value) : "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }

    private static func threeDigits(_ value: UInt32) -> String {
        let digits = String(value)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }
}
