import Foundation
import ObjectBridge

/// The simulated keyboard for scripts and specs: `simulate.type(text)` types into the first
/// responder one character a frame (1/60 s on the virtual clock, each followed by the
/// world's layout pass), a new line pressing the return key; `simulate.key(name)` presses
/// `backspace` (or `delete`) or `return`; `simulate.paste(text)` inserts the text as one
/// change, as a paste is. Every change goes through the responder's delegate, which may refuse
/// it. With nothing that takes text first, each is an error that says so.
final class KeyboardSynthesizer: BridgeObject {
    /// The `simulate` functions for the keyboard, over the class methods (tail calls, so that
    /// errors are located at the script's line).
    static let prelude = String(decoding: PackageResources.keyboard_lua, as: UTF8.self)

    static let maximumTyped = 100_000

    /// The keys `simulate.key` presses, by name.
    enum Key: String, CaseIterable {
        case backspace, delete, `return`, enter

        func press(on input: TextInput) throws {
            switch self {
            case .backspace, .delete: try input.deleteBackward()
            case .return, .enter: try input.pressReturn()
            }
        }
    }

    /// The first responder, which must take text.
    static func input(_ environment: UIEnvironment, for what: String) throws -> TextInput {
        let first = environment.application.firstResponder
        if let input = first?.textInput { return input }
        let holder =
            first.map { "the first responder is a \(Swift.type(of: $0)), which takes no text" }
            ?? "nothing is first responder"
        throw ScriptValueError(
            "simulate.\(what): \(holder); tap a text field or text view, or call its becomeFirstResponder, first")
    }

    /// Types `text` into the first responder, a character a frame.
    static func type(_ text: String, in environment: UIEnvironment) throws {
        // A frame each: a million characters would hold the host for minutes, out of the time
        // budget's reach when nothing in Lua runs between them.
        guard text.count <= maximumTyped else {
            throw ScriptValueError(
                "simulate.type types at most \(maximumTyped) characters at a time, got \(text.count)")
        }
        for character in text {
            // Each keystroke goes to whoever is first now: a return may move focus.
            let input = try input(environment, for: "type")
            try keystroke(environment) {
                // A line feed, a carriage return, or both: no other character starts with either,
                // as each is a grapheme of its own (but for the pair).
                let first = character.utf8.first
                if first == 10 || first == 13 {
                    try input.pressReturn()
                } else {
                    try input.insert(String(character))
                }
            }
        }
    }

    /// Presses the key named `name` for the first responder.
    static func press(_ name: String, in environment: UIEnvironment) throws {
        guard let key = Key(rawValue: name.lowercased()) else {
            throw ScriptValueError(
                "simulate.key: there is no key named '\(name)'; the keys are "
                    + Key.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
        }
        let input = try input(environment, for: "key")
        try keystroke(environment) { try key.press(on: input) }
    }

    /// Pastes `text` into the first responder as one change.
    static func paste(_ text: String, in environment: UIEnvironment) throws {
        let input = try input(environment, for: "paste")
        try keystroke(environment) { try input.insert(text) }
    }

    private static func keystroke(_ environment: UIEnvironment, _ body: () throws -> Void) throws {
        try body()
        try environment.clock.advance(by: TouchSynthesizer.frame)
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "RBKeyboardSynthesizer", superclass: "NSObject", type: KeyboardSynthesizer.self, allocate: nil
            ) { c in
                c.classMethod("typeText") { (text: String) in try type(text, in: environment) }
                c.classMethod("pressKey") { (name: String) in try press(name, in: environment) }
                c.classMethod("paste") { (text: String) in try paste(text, in: environment) }
            }
        }
    }
}

extension KeyboardSynthesizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
