import CTextShim
import Foundation

/// One enumerated piece of a string, with ranges in UTF-16 units as NSString has them.
public struct TextSegment: Equatable {
    public let text: String
    public let range: NSRange
    /// The range with what follows the piece up to the next one (spaces, a line terminator).
    public let enclosingRange: NSRange
}
