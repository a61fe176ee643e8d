import Foundation
import LuaRuntime

/// `+[NSString stringWithFormat:]` over script values: Objective-C's format specifiers
/// (`%@`, `%d %i %ld %lld %u %x %X %o`, `%f %e %g %a` and their capitals, `%s %c %%`, flags,
/// width and precision, `*`, and positional `%2$@`). Each specifier's argument is checked
/// against it, so a script gets an error naming the argument where Objective-C would read
/// garbage; each piece is then formatted by Foundation with exactly one argument of its type.
public enum StringFormat {
    /// The largest width or precision a specifier may ask for.
    static let maximumField = 65_536
    /// The longest result when the state has no memory limit.
    static let maximumResultWithoutLimit = 256 << 20

    public static func format(_ format: String, _ arguments: ScriptArguments) throws -> String {
        // Each field is capped, but not their number: the result is bounded by what the memory
        // limit leaves, since it becomes a Lua string.
        let state = arguments.bridge.state
        let room = state.memoryLimit > 0 ? max(0, state.memoryLimit - state.memoryInUse) : maximumResultWithoutLimit
        var reader = Reader(format: format, arguments: arguments, maximumBytes: room)
        return try reader.run()
    }

    private struct Specifier {
        var position: Int?
        var flags = ""
        var width: String?
        var precision: String?
        var conversion: Character = "%"
        var text = ""
    }

    private struct Reader {
        let format: String
        let arguments: ScriptArguments
        let maximumBytes: Int
        var next = 0
        var usesPositions: Bool?

        init(format: String, arguments: ScriptArguments, maximumBytes: Int) {
            self.format = format
            self.arguments = arguments
            self.maximumBytes = maximumBytes
        }

        mutating func run() throws -> String {
            var output = ""
            var bytes = 0
            var characters = Array(format)[...]
            while let character = characters.popFirst() {
                let piece = character == "%" ? try render(try parse(&characters)) : String(character)
                bytes += piece.utf8.count
                guard bytes <= maximumBytes else {
                    throw ScriptValueError(
                        "the format \"\(format.prefix(80))\" makes a string of more than \(maximumBytes) bytes, what "
                            + "the memory limit leaves")
                }
                output += piece
            }
            return output
        }

        /// One specifier after its `%`.
        private mutating func parse(_ characters: inout ArraySlice<Character>) throws -> Specifier {
            var specifier = Specifier()
            let start = characters.startIndex
            func digits() -> String {
                var found = ""
                while let digit = characters.first, digit.isASCII, digit.isNumber {
                    found.append(characters.removeFirst())
                }
                return found
            }
            // `%2$@`: digits then `$` name the argument.
            let lookahead = characters
            let number = digits()
            if !number.isEmpty, characters.first == "$", let position = Int(number), position > 0 {
                characters.removeFirst()
                specifier.position = position
            } else {
                characters = lookahead
            }
            while let flag = characters.first, "-+ #0'".contains(flag) {
                specifier.flags.append(characters.removeFirst())
            }
            if characters.first == "*" {
                characters.removeFirst()
                let width = try integerArgument(for: "*")
                if width < 0 { specifier.flags.append("-") }  // as printf takes a negative `*`
                specifier.width = try bounded(String(width.magnitude), "width")
            } else {
                let width = digits()
                if !width.isEmpty { specifier.width = try bounded(width, "width") }
            }
            if characters.first == "." {
                characters.removeFirst()
                if characters.first == "*" {
                    characters.removeFirst()
                    let precision = try integerArgument(for: ".*")
                    // A negative precision is taken as none, as printf takes it.
                    if precision >= 0 { specifier.precision = try bounded(String(precision), "precision") }
                } else {
                    specifier.precision = try bounded(digits(), "precision")
                }
            }
            while let length = characters.first, "hlqLzjt".contains(length) { characters.removeFirst() }
            guard let conversion = characters.popFirst() else {
                throw ScriptValueError("the format \"\(format)\" ends in the middle of a specifier")
            }
            specifier.conversion = conversion
            specifier.text =
                "%"
                + String(
                    format[format.index(format.startIndex, offsetBy: start)...].prefix(
                        characters.startIndex - start))
            return specifier
        }

        /// A width or precision up to `maximumField`: a script's format must not make the host
        /// build a string of gigabytes.
        private func bounded(_ digits: String, _ what: String) throws -> String {
            if digits.isEmpty { return "0" }
            guard let value = Int(digits), value <= StringFormat.maximumField else {
                throw ScriptValueError(
                    "the \(what) \(digits) in the format \"\(format)\" is over \(StringFormat.maximumField)")
            }
            return String(value)
        }

        private mutating func render(_ specifier: Specifier) throws -> String {
            let flags = specifier.flags.filter { $0 != "'" }
            let width = specifier.width ?? ""
            let precision = specifier.precision.map { "." + $0 } ?? ""
            switch specifier.conversion {
            case "%":
                return "%"
            case "d", "i":
                let value = try integer(argument(for: specifier), specifier)
                return String(format: "%\(flags)\(width)\(precision)lld", value)
            case "u", "x", "X", "o":
                let value = UInt64(bitPattern: try integer(argument(for: specifier), specifier))
                return String(format: "%\(flags)\(width)\(precision)ll\(specifier.conversion)", value)
            case "f", "F", "e", "E", "g", "G", "a", "A":
                let value = try number(argument(for: specifier), specifier)
                return String(format: "%\(flags)\(width)\(precision)\(specifier.conversion)", value)
            case "c", "C":
                let code = try integer(argument(for: specifier), specifier)
                guard let scalar = UInt32(exactly: code).flatMap(Unicode.Scalar.init) else {
                    throw ScriptValueError("\(code) for \(specifier.text) is not a character")
                }
                return pad(String(Character(scalar)), specifier)
            case "@", "s", "S":
                let (position, value) = try argument(for: specifier)
                if specifier.conversion != "@", !value.isString {
                    throw mismatch(position, value, specifier, "a string")
                }
                var text = try describe(value)
                if specifier.conversion != "@", let limit = specifier.precision.flatMap(Int.init) {
                    text = String(text.prefix(limit))
                }
                return pad(text, specifier)
            default:
                throw ScriptValueError(
                    "\(specifier.text) in the format \"\(format)\" is not a format specifier (%@, %d, %f, %s, …)")
            }
        }

        /// The argument a specifier takes: the next one, or the one its position names.
        private mutating func argument(for specifier: Specifier) throws -> (Int, LuaValue) {
            let positional = specifier.position != nil
            if let usesPositions, usesPositions != positional {
                throw ScriptValueError(
                    "the format \"\(format)\" mixes numbered specifiers (%1$@) with unnumbered ones")
            }
            usesPositions = positional
            let position = specifier.position ?? (next + 1)
            next = max(next, position)
            guard position <= arguments.values.count else {
                throw ScriptValueError(
                    "the format \"\(format)\" needs an argument #\(position) for \(specifier.text), and "
                        + "\(arguments.values.count) \(arguments.values.count == 1 ? "was" : "were") given")
            }
            return (position, arguments.values[position - 1])
        }

        private mutating func integerArgument(for specifier: String) throws -> Int64 {
            var star = Specifier()
            star.text = specifier
            return try integer(argument(for: star), star)
        }

        private func integer(_ argument: (Int, LuaValue), _ specifier: Specifier) throws -> Int64 {
            switch argument.1 {
            case .integer(let value): return value
            case .number(let value):
                guard let whole = Int64(exactly: value) else {
                    throw mismatch(argument.0, argument.1, specifier, "a whole number")
                }
                return whole
            case .boolean(let value): return value ? 1 : 0  // a BOOL, as Objective-C passes it
            default: throw mismatch(argument.0, argument.1, specifier, "a number")
            }
        }

        private func number(_ argument: (Int, LuaValue), _ specifier: Specifier) throws -> Double {
            switch argument.1 {
            case .integer(let value): return Double(value)
            case .number(let value): return value
            default: throw mismatch(argument.0, argument.1, specifier, "a number")
            }
        }

        /// What `%@` shows: an object's description, a number as NSNumber shows it, `(null)`.
        private func describe(_ value: LuaValue) throws -> String {
            switch value {
            case .nil: return "(null)"
            case .string(let text): return text
            case .number(let number) where number.rounded() == number && abs(number) < 1e15:
                return String(Int64(number))
            default: return try arguments.bridge.state.describe(value)
            }
        }

        private func pad(_ text: String, _ specifier: Specifier) -> String {
            guard let width = specifier.width.flatMap(Int.init), text.count < width else { return text }
            let padding = String(repeating: " ", count: width - text.count)
            return specifier.flags.contains("-") ? text + padding : padding + text
        }

        private func mismatch(_ position: Int, _ value: LuaValue, _ specifier: Specifier, _ expected: String)
            -> ScriptValueError
        {
            let shown = (try? describe(value)) ?? "a value"
            return ScriptValueError(
                "argument #\(position) (\(value.isString ? "\"\(shown)\"" : shown)) does not fit \(specifier.text) "
                    + "in the format \"\(format)\": it is not \(expected)")
        }
    }
}

extension LuaValue {
    fileprivate var isString: Bool { if case .string = self { true } else { false } }
}
