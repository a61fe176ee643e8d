import Foundation
import LuaRuntime
import ObjectBridge

extension AttributedText {
    /// Scripts' view of attributed text: `NSAttributedString`, `NSMutableAttributedString`, and
    /// the paragraph styles, shadows and attachments their attributes hold.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "NSAttributedString", superclass: "NSObject", type: AttributedText.self,
                allocate: {
                    let text = AttributedText("")
                    text.awaitsContent = true
                    return text
                }
            ) { c in
                c.method("initWithString") { (text: AttributedText, string: String) -> AttributedText in
                    try text.reset(AttributedText(string))
                    return text
                }
                c.method("initWithString_attributes") {
                    (text: AttributedText, string: String, attributes: TextAttributes?) -> AttributedText in
                    try text.reset(
                        AttributedText(string, attributes: try TextAttributeCheck.checked(attributes ?? [:])))
                    return text
                }
                c.method("initWithAttributedString") {
                    (text: AttributedText, other: AttributedText) -> AttributedText in
                    try text.reset(other)
                    return text
                }
                c.factoryMethod("attributedStringWithAttachment") { (attachment: TextAttachment) in
                    AttributedText(TextAttachment.character, attributes: ["NSAttachment": AnyScriptValue(attachment)])
                }
                c.property("string") { (text: AttributedText) in text.string }
                c.property("length") { (text: AttributedText) in text.length }
                // The trailing argument is Objective-C's out-parameter: the range is returned second.
                c.method("attributesAtIndex_effectiveRange") {
                    (text: AttributedText, index: Int, _: AnyScriptValue) -> (TextAttributes, NSRange) in
                    try text.attributes(at: index)
                }
                c.method("attribute_atIndex_effectiveRange") {
                    (text: AttributedText, name: String, index: Int, _: AnyScriptValue) -> (AnyScriptValue, NSRange) in
                    let (attributes, range) = try text.attributes(at: index)
                    return (attributes[name] ?? AnyScriptValue(nil), range)
                }
                c.method("attributedSubstringFromRange") { (text: AttributedText, range: NSRange) in
                    try text.substring(range)
                }
                c.method("isEqualToAttributedString") { (text: AttributedText, other: AttributedText?) in
                    other.map(text.isEqual(to:)) ?? false
                }
                c.method("copy") { (text: AttributedText) in text.copied() }
                documentMethods(c, environment)
                c.method("mutableCopy") { (text: AttributedText) in
                    text.mutableCopied()
                }
                c.method("enumerateAttributesInRange_options_usingBlock") {
                    (text: AttributedText, range: NSRange, options: Int, block: ScriptBlock) in
                    try enumerate(text, range, options, block, environment) { $0 }
                }
                c.method("enumerateAttribute_inRange_options_usingBlock") {
                    (text: AttributedText, name: String, range: NSRange, options: Int, block: ScriptBlock) in
                    try enumerate(text, range, options, block, environment) { $0[name] ?? AnyScriptValue(nil) }
                }
                c.method("boundingRectWithSize_options_context") {
                    (text: AttributedText, size: CGSize, options: Int, _: AnyScriptValue) in
                    text.boundingRect(in: try GeometryCheck.size(size, "size"), options: options, environment)
                }
                c.method("size") { (text: AttributedText) in
                    text.boundingRect(in: .zero, options: 0, environment).size
                }
                c.method("drawAtPoint") { (text: AttributedText, point: CGPoint) in
                    text.draw(at: try GeometryCheck.point(point, "point"), in: nil, environment)
                }
                c.method("drawInRect") { (text: AttributedText, rect: CGRect) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    text.draw(at: rect.origin, in: rect.size, environment)
                }
                c.method("drawWithRect_options_context") {
                    (text: AttributedText, rect: CGRect, _: Int, _: AnyScriptValue) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    text.draw(at: rect.origin, in: rect.size, environment)
                }
                c.enumeration(
                    cType: "NSStringDrawingOptions", constants: "NSStringDrawing", module: "UIKit.NSStringDrawing",
                    aliases: ["Options"], drawingOptions)
                c.enumeration(
                    cType: "NSUnderlineStyle", constants: "NSUnderlineStyle", module: "UIKit.NSAttributedString",
                    aliases: ["UnderlineStyle"], underlineStyles)
            }
        }

        static func mutableClass() -> NativeClass {
            NativeClass(
                "NSMutableAttributedString", superclass: "NSAttributedString", type: MutableAttributedText.self,
                allocate: { MutableAttributedText("") }
            ) { c in
                c.method("setAttributes_range") {
                    (text: MutableAttributedText, attributes: TextAttributes?, range: NSRange) in
                    try text.setAttributes(try TextAttributeCheck.checked(attributes ?? [:]), range: range)
                }
                c.method("addAttributes_range") {
                    (text: MutableAttributedText, attributes: TextAttributes, range: NSRange) in
                    try text.addAttributes(try TextAttributeCheck.checked(attributes), range: range)
                }
                c.method("addAttribute_value_range") {
                    (text: MutableAttributedText, name: String, value: AnyScriptValue, range: NSRange) in
                    guard value.value != nil else {
                        throw ScriptValueError("the value of \(name) must not be nil: removeAttribute_range removes it")
                    }
                    try TextAttributeCheck.check(name, value)
                    try text.addAttributes([name: value], range: range)
                }
                c.method("removeAttribute_range") { (text: MutableAttributedText, name: String, range: NSRange) in
                    try text.removeAttribute(name, range: range)
                }
                c.method("replaceCharactersInRange_withString") {
                    (text: MutableAttributedText, range: NSRange, string: String) in
                    try text.replaceCharacters(in: range, with: string)
                }
                c.method("replaceCharactersInRange_withAttributedString") {
                    (text: MutableAttributedText, range: NSRange, other: AttributedText) in
                    try text.replaceCharacters(in: range, with: other)
                }
                c.method("insertAttributedString_atIndex") {
                    (text: MutableAttributedText, other: AttributedText, index: Int) in
                    try text.replaceCharacters(in: NSRange(location: index, length: 0), with: other)
                }
                c.method("appendAttributedString") { (text: MutableAttributedText, other: AttributedText) in
                    try text.replaceCharacters(in: NSRange(location: text.length, length: 0), with: other)
                }
                c.method("deleteCharactersInRange") { (text: MutableAttributedText, range: NSRange) in
                    try text.replaceCharacters(in: range, with: "")
                }
                c.method("setAttributedString") { (text: MutableAttributedText, other: AttributedText) in
                    try text.reset(other)
                }
                // Edits are applied as they are made; TextKit's storage groups them.
                c.method("beginEditing") { (_: MutableAttributedText) in }
                c.method("endEditing") { (_: MutableAttributedText) in }
            }
        }

        /// Calls `block` with each run of `range` (the value `pick` takes from its attributes),
        /// its range and nothing for `stop`; a block that returns true stops the enumeration.
        /// NSAttributedStringEnumerationReverse (2) goes from the end.
        private static func enumerate(
            _ text: AttributedText, _ range: NSRange, _ options: Int, _ block: ScriptBlock,
            _ environment: UIEnvironment, _ pick: (TextAttributes) -> any ScriptConvertible
        ) throws {
            var runs = text.runs(in: try text.checked(range))
            if options & 2 != 0 { runs.reverse() }
            guard let bridge = environment.bridge else { return }
            for run in runs {
                let answer = try bridge.call(
                    block, named: "the enumeration block", AnyScriptValue(pick(run.attributes)), run.range,
                    AnyScriptValue(nil), returning: AnyScriptValue.self)
                if answer.value as? Bool == true { return }
            }
        }

        static let drawingOptions: [(String, Int)] = [
            ("UsesLineFragmentOrigin", 1), ("UsesFontLeading", 2), ("UsesDeviceMetrics", 8),
            ("TruncatesLastVisibleLine", 32),
        ]

        static let underlineStyles: [(String, Int)] = [
            ("None", 0), ("Single", 1), ("Thick", 2), ("Double", 9), ("PatternSolid", 0), ("PatternDot", 0x100),
            ("PatternDash", 0x200), ("PatternDashDot", 0x300), ("PatternDashDotDot", 0x400), ("ByWord", 0x8000),
        ]
    }

    /// Makes this text a copy of `other` (an initializer's work). An immutable text takes
    /// content once: views share it as their copy.
    func reset(_ other: AttributedText) throws {
        guard self is MutableAttributedText || awaitsContent else {
            throw ScriptValueError("an NSAttributedString is immutable: it was initialized already")
        }
        awaitsContent = false
        try take(other)
    }
}

extension AttributedText.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            nativeClass(environment), mutableClass(), TextShadow.Script.nativeClass(),
            TextAttachment.Script.nativeClass(),
        ] + ParagraphStyle.Script.nativeClasses()
    }
}
