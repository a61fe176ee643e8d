import Foundation
import ObjectBridge

/// `NSParagraphStyle`: how the lines of a paragraph are set. A paragraph takes the style of its
/// first character. Lengths are in points; `tailIndent` is from the leading edge when positive
/// and from the trailing edge when zero or negative, as in UIKit.
public class ParagraphStyle: BridgeObject {
    /// NSTextAlignment: left 0, centre 1, right 2, justified 3, natural 4 (left).
    public internal(set) var alignment = 4
    public internal(set) var lineBreakMode = 0
    public internal(set) var lineSpacing = 0.0
    public internal(set) var lineHeightMultiple = 0.0
    public internal(set) var minimumLineHeight = 0.0
    public internal(set) var maximumLineHeight = 0.0
    public internal(set) var firstLineHeadIndent = 0.0
    public internal(set) var headIndent = 0.0
    public internal(set) var tailIndent = 0.0
    public internal(set) var paragraphSpacing = 0.0
    public internal(set) var paragraphSpacingBefore = 0.0

    override init() { super.init() }

    /// A copy, mutable or not.
    func copy(mutable: Bool) -> ParagraphStyle {
        let copy = mutable ? MutableParagraphStyle() : ParagraphStyle()
        copy.take(self)
        return copy
    }

    func take(_ other: ParagraphStyle) {
        (alignment, lineBreakMode, lineSpacing, lineHeightMultiple) =
            (other.alignment, other.lineBreakMode, other.lineSpacing, other.lineHeightMultiple)
        (minimumLineHeight, maximumLineHeight) = (other.minimumLineHeight, other.maximumLineHeight)
        (firstLineHeadIndent, headIndent, tailIndent) = (other.firstLineHeadIndent, other.headIndent, other.tailIndent)
        (paragraphSpacing, paragraphSpacingBefore) = (other.paragraphSpacing, other.paragraphSpacingBefore)
    }

    /// Sets the length `name` (at `path`): finite, within 100,000 points, and not negative but
    /// for `tailIndent`, whether a script or a document gives it.
    func setLength(_ name: String, _ path: ReferenceWritableKeyPath<ParagraphStyle, Double>, _ value: Double) throws {
        guard value.isFinite, abs(value) <= 100_000 else {
            throw ScriptValueError("\(name) must be a finite length within 100000, got \(value)")
        }
        guard value >= 0 || name == "tailIndent" else {
            throw ScriptValueError("\(name) must not be negative, got \(value)")
        }
        self[keyPath: path] = value
    }

    /// Where a paragraph's lines start and how wide they are in a box `width` wide (nil: lines
    /// not wrapped): the leftmost start, the width from there, and Pango's first-line indent.
    func lineBox(in width: Double?) -> (x: Double, width: Double?, indent: Double) {
        let x = min(firstLineHeadIndent, headIndent)
        guard let width else { return (x, nil, firstLineHeadIndent - headIndent) }
        let right = tailIndent > 0 ? tailIndent : width + tailIndent
        return (x, max(1, right - x), firstLineHeadIndent - headIndent)
    }

    enum Script {
        static var lengths: [(String, ReferenceWritableKeyPath<ParagraphStyle, Double>)] {
            [
                ("lineSpacing", \.lineSpacing), ("lineHeightMultiple", \.lineHeightMultiple),
                ("minimumLineHeight", \.minimumLineHeight), ("maximumLineHeight", \.maximumLineHeight),
                ("firstLineHeadIndent", \.firstLineHeadIndent), ("headIndent", \.headIndent),
                ("tailIndent", \.tailIndent), ("paragraphSpacing", \.paragraphSpacing),
                ("paragraphSpacingBefore", \.paragraphSpacingBefore),
            ]
        }

        static func nativeClasses() -> [NativeClass] {
            [
                NativeClass(
                    "NSParagraphStyle", superclass: "NSObject", type: ParagraphStyle.self,
                    allocate: { ParagraphStyle() }
                ) { c in
                    c.classMethod("defaultParagraphStyle") { ParagraphStyle() }
                    c.property("alignment", get: { $0.alignment })
                    c.property("lineBreakMode", get: { $0.lineBreakMode })
                    for (name, path) in lengths { c.property(name, get: { $0[keyPath: path] }) }
                    c.method("copy") { (style: ParagraphStyle) in style.copy(mutable: false) }
                    c.method("mutableCopy") { (style: ParagraphStyle) in style.copy(mutable: true) }
                    c.method("isEqual") { (style: ParagraphStyle, other: ParagraphStyle?) in
                        guard let other else { return false }
                        return style.alignment == other.alignment && style.lineBreakMode == other.lineBreakMode
                            && lengths.allSatisfy { style[keyPath: $0.1] == other[keyPath: $0.1] }
                    }
                },
                NativeClass(
                    "NSMutableParagraphStyle", superclass: "NSParagraphStyle", type: MutableParagraphStyle.self,
                    allocate: { MutableParagraphStyle() }
                ) { c in
                    c.property("alignment", get: { $0.alignment }) { style, value in
                        guard (0...4).contains(value) else {
                            throw ScriptValueError("alignment must be an NSTextAlignment from 0 to 4, got \(value)")
                        }
                        style.alignment = value
                    }
                    c.property("lineBreakMode", get: { $0.lineBreakMode }) { style, value in
                        guard (0...5).contains(value) else {
                            throw ScriptValueError("lineBreakMode must be an NSLineBreakMode from 0 to 5, got \(value)")
                        }
                        style.lineBreakMode = value
                    }
                    for (name, path) in lengths {
                        c.property(name, get: { $0[keyPath: path] }) { style, value in
                            try style.setLength(name, path, value)
                        }
                    }
                    c.method("setParagraphStyle") { (style: MutableParagraphStyle, other: ParagraphStyle?) in
                        style.take(other ?? ParagraphStyle())
                    }
                },
            ]
        }
    }
}

/// `NSMutableParagraphStyle`: a paragraph style whose values scripts set.
public final class MutableParagraphStyle: ParagraphStyle {}
