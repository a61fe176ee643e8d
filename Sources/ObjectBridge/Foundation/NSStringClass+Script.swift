import Foundation
import LuaRuntime

extension NSStringClass {
    /// Scripts' view of `NSStringClass`: NSString, whose methods Lua strings answer to.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass("NSString", superclass: "NSObject", type: NSStringClass.self, allocate: nil) { c in
                c.classMethod("stringWithFormat") { (format: String, arguments: ScriptArguments) in
                    try StringFormat.format(format, arguments)
                }
                c.valueProperty("length", receiver: String.self) { $0.utf16.count }
                c.valueProperty("uppercaseString", receiver: String.self) { $0.uppercased() }
                c.valueProperty("lowercaseString", receiver: String.self) { $0.lowercased() }
                c.valueProperty("intValue", receiver: String.self) { Int($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
                c.valueProperty("doubleValue", receiver: String.self) {
                    Double($0.trimmingCharacters(in: .whitespaces)) ?? 0
                }
                c.valueMethod("componentsSeparatedByString", receiver: String.self) {
                    (text: String, separator: String) in
                    separator.isEmpty ? [text] : text.components(separatedBy: separator)
                }
                c.valueMethod("isEqualToString", receiver: String.self) { (text: String, other: String) in text == other
                }
                c.valueMethod("hasPrefix", receiver: String.self) { (text: String, prefix: String) in
                    text.hasPrefix(prefix)
                }
                c.valueMethod("hasSuffix", receiver: String.self) { (text: String, suffix: String) in
                    text.hasSuffix(suffix)
                }
                c.valueMethod("stringByAppendingString", receiver: String.self) { (text: String, other: String) in
                    text + other
                }
                c.valueMethod("substringWithRange", receiver: String.self) {
                    (text: String, range: NSRange) throws -> String in
                    let units = Array(text.utf16)
                    try checkRange(range, inLength: units.count)
                    return String(decoding: units[range.location..<(range.location + range.length)], as: UTF16.self)
                }
                c.valueMethod("lineRangeForRange", receiver: String.self) { (text: String, range: NSRange) in
                    try checkRange(range, inLength: text.utf16.count)
                    return (text as NSString).lineRange(for: range)
                }
                c.valueMethod("paragraphRangeForRange", receiver: String.self) { (text: String, range: NSRange) in
                    try checkRange(range, inLength: text.utf16.count)
                    return (text as NSString).paragraphRange(for: range)
                }
                c.valueMethod("rangeOfString", receiver: String.self) { (text: String, part: String) -> NSRange in
                    guard !part.isEmpty, let found = text.range(of: part) else {
                        return NSRange(location: NSNotFound, length: 0)
                    }
                    return NSRange(found, in: text)
                }
            }
        }

        /// Foundation traps on a range past the end; a script's gets an error naming it.
        private static func checkRange(_ range: NSRange, inLength length: Int) throws {
            guard range.location <= length, range.length <= length - range.location else {
                throw ScriptValueError(
                    "range {\(range.location), \(range.length)} is outside a string of length \(length)")
            }
        }
    }
}
