import Foundation
import ObjectBridge

/// `UITextInputTraits`: how the keyboard serves a text field or a text view, each a value of
/// its UIKit enum. The keyboard draws the return key and the shift state from them.
public struct TextInputTraits: Equatable, Sendable {
    public var keyboardType = 0
    public var returnKeyType = 0
    /// UITextAutocapitalizationType: 0 none, 1 words, 2 sentences (the default), 3 all characters.
    public var autocapitalizationType = 2
    public var autocorrectionType = 0
    /// UIKeyboardAppearance: 0 default (the app's appearance), 1 dark (and alert), 2 light.
    public var keyboardAppearance = 0

    /// The look the keyboard draws in, where the app's is `appearance`.
    func keyboardStyle(in appearance: UserInterfaceStyle) -> UserInterfaceStyle {
        switch keyboardAppearance {
        case 1: .dark
        case 2: .light
        default: appearance
        }
    }

    /// The members of each trait's UIKit enum, as scripts and documents name them.
    static let keyboardTypes: [(String, Int)] = [
        ("Default", 0), ("ASCIICapable", 1), ("NumbersAndPunctuation", 2), ("URL", 3), ("NumberPad", 4),
        ("PhonePad", 5), ("NamePhonePad", 6), ("EmailAddress", 7), ("DecimalPad", 8), ("Twitter", 9),
        ("WebSearch", 10), ("ASCIICapableNumberPad", 11),
    ]
    static let returnKeyTypes: [(String, Int)] = [
        ("Default", 0), ("Go", 1), ("Google", 2), ("Join", 3), ("Next", 4), ("Route", 5), ("Search", 6), ("Send", 7),
        ("Yahoo", 8), ("Done", 9), ("EmergencyCall", 10), ("Continue", 11),
    ]
    static let autocapitalizationTypes: [(String, Int)] = [
        ("None", 0), ("Words", 1), ("Sentences", 2), ("AllCharacters", 3),
    ]
    static let autocorrectionTypes: [(String, Int)] = [("Default", 0), ("No", 1), ("Yes", 2)]

    /// The return key's label by UIReturnKeyType, and whether the key is blue (an action that
    /// finishes the text). Rebound's reading of iOS's English keyboard: Apple publishes neither.
    static let returnKeys: [(title: String, isAction: Bool)] = [
        ("return", false), ("go", true), ("search", true), ("join", true), ("next", false), ("route", true),
        ("search", true), ("send", true), ("search", true), ("done", true), ("call", true), ("continue", true),
    ]

    var returnKey: (title: String, isAction: Bool) {
        Self.returnKeys.indices.contains(returnKeyType) ? Self.returnKeys[returnKeyType] : Self.returnKeys[0]
    }

    /// Whether the shift key is on for the next letter typed after `text`, as autocapitalization
    /// turns it on: always, at the start of a word, or at the start of a sentence.
    func shiftsNextLetter(after text: String) -> Bool {
        let trimmed = text.reversed().drop { $0 == " " }
        let afterSpace = text.isEmpty || text.last?.isWhitespace == true
        switch autocapitalizationType {
        case 3: return true
        case 1: return afterSpace
        case 2: return text.isEmpty || afterSpace && (trimmed.first.map { ".!?\n".contains($0) } ?? true)
        default: return false
        }
    }
}

extension TextInputTraits {
    /// The traits' properties, as UITextField and UITextView give them to scripts: each checked
    /// against its enum's range.
    static func addProperties<Input: BridgeObject & TextInput>(to c: NativeClassBuilder<Input>) {
        addProperties(to: c, through: \.traits)
    }

    /// The traits as properties of an object that holds them at `path` (a search bar, its
    /// field's).
    static func addProperties<Object: BridgeObject>(
        to c: NativeClassBuilder<Object>, through path: ReferenceWritableKeyPath<Object, TextInputTraits>
    ) {
        let properties: [(String, WritableKeyPath<TextInputTraits, Int>, Int)] = [
            ("keyboardType", \.keyboardType, 14), ("returnKeyType", \.returnKeyType, 12),
            ("autocapitalizationType", \.autocapitalizationType, 4), ("autocorrectionType", \.autocorrectionType, 3),
            ("keyboardAppearance", \.keyboardAppearance, 3),
        ]
        for (name, field, count) in properties {
            c.property(
                name, get: { $0[keyPath: path][keyPath: field] },
                set: { $0[keyPath: path][keyPath: field] = try Control.Script.choice($1, below: count, name) })
        }
    }
}
