import LuaRuntime

/// A selector as scripts hand one over (a target's action, a timer's selector, a delayed
/// perform), in either spelling: Objective-C's (`"tick:"`, `"setTitle:forState:"`) or the
/// bridge's method name (`"tick"`, `"setTitle_forState"`). `methodName` is the bridge's.
public struct Selector: ScriptConvertible, Hashable, Sendable {
    public let methodName: String

    /// Reads `text` in either spelling; anything that is not a selector is an error that says so.
    public init(_ text: String) throws {
        var name = text.hasSuffix(":") ? String(text.dropLast()) : text
        name = name.replacingOccurrences(of: ":", with: "_")
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
            name.unicodeScalars.allSatisfy({
                $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
            })
        else {
            throw ScriptValueError(
                "'\(text)' is not a selector (write \"tick:\" or \"tick\", \"setTitle:forState:\" or \"setTitle_forState\")"
            )
        }
        methodName = name
    }

    public static var scriptType: ScriptType { .string }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Selector {
        try Selector(try String.read(from: call, at: position))
    }

    public func push(to call: BridgeCall) throws { try call.frame.push(methodName) }
}

extension ObjectBridge {
    /// Checks, as a selector is handed over, that `target` has the method it names: a typo is
    /// an error at the call that made it, not once per timer tick later.
    public func check(_ selector: Selector, of target: BridgeObject, for what: String) throws {
        let cls = try classObject(for: target)
        guard try cls.tables.method(selector.methodName).functionValue == nil else { return }
        throw BridgeError(
            "\(cls.name) has no method '\(selector.methodName)' for \(what)"
                + Suggestion.phrase(for: selector.methodName, among: cls.instanceMemberNames))
    }
}
