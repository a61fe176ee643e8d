import CTextShim
import Foundation

/// NSString's `enumerateSubstringsInRange:options:usingBlock:` units.
public enum TextUnit: Int {
    case lines = 0
    case paragraphs = 1
    case composedCharacters = 2
    case words = 3

    /// NSStringEnumerationOptions' low byte names the unit; other bits are flags.
    init?(options: Int) {
        self.init(rawValue: options & 0xFF)
    }
}
