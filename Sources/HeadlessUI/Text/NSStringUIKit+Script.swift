import Foundation
import LuaRuntime
import ObjectBridge

extension NSStringUIKit {
    /// What scripts see of UIKit's NSString additions: the extension of NSString the bridge
    /// registers, and NSAttributedString's attribute names.
    enum Script {
        /// NSString's UIKit methods, added to the bridge's NSString class.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let engine = environment.text
            return NativeClass(extending: "NSString", type: NSStringClass.self) { c in
                c.valueMethod("sizeWithAttributes", receiver: String.self) {
                    (text: String, attributes: [String: AnyScriptValue]?) in
                    size(of: text, font: attributes?["NSFont"]?.value as? Font, engine: engine)
                }
                c.valueMethod("sizeWithFont", receiver: String.self) { (text: String, font: Font) in
                    size(of: text, font: font, engine: engine)
                }
                // iOS 6's calls, which real code still has: in the context's fill colour.
                c.valueMethod("drawAtPoint_withFont", receiver: String.self) {
                    (text: String, point: CGPoint, font: Font) in
                    try draw(
                        text, at: try GeometryCheck.point(point, "point"), in: nil, font: font, lineBreakMode: 2,
                        alignment: 0, environment)
                }
                c.valueMethod("drawAtPoint_forWidth_withFont_lineBreakMode", receiver: String.self) {
                    (text: String, point: CGPoint, width: Double, font: Font, mode: Int) in
                    let height = engine.measure(text, face: font.face, size: font.pointSize, maxLines: 1).size.height
                    return try draw(
                        text, at: try GeometryCheck.point(point, "point"),
                        in: try GeometryCheck.size(CGSize(width: width, height: height), "width"), font: font,
                        lineBreakMode: mode, alignment: 0, environment)
                }
                c.valueMethod("drawInRect_withFont", receiver: String.self) {
                    (text: String, rect: CGRect, font: Font) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    return try draw(
                        text, at: rect.origin, in: rect.size, font: font, lineBreakMode: 0, alignment: 0, environment)
                }
                c.valueMethod("drawInRect_withFont_lineBreakMode", receiver: String.self) {
                    (text: String, rect: CGRect, font: Font, mode: Int) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    return try draw(
                        text, at: rect.origin, in: rect.size, font: font, lineBreakMode: mode, alignment: 0,
                        environment)
                }
                c.valueMethod("drawInRect_withFont_lineBreakMode_alignment", receiver: String.self) {
                    (text: String, rect: CGRect, font: Font, mode: Int, alignment: Int) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    return try draw(
                        text, at: rect.origin, in: rect.size, font: font, lineBreakMode: mode, alignment: alignment,
                        environment)
                }
                c.valueMethod("sizeWithFont_constrainedToSize", receiver: String.self) {
                    (text: String, font: Font, box: CGSize) in
                    size(
                        of: text, font: font, constrainedTo: try GeometryCheck.size(box, "size"), lineBreakMode: 0,
                        engine: engine)
                }
                c.valueMethod("sizeWithFont_constrainedToSize_lineBreakMode", receiver: String.self) {
                    (text: String, font: Font, box: CGSize, mode: Int) in
                    size(
                        of: text, font: font, constrainedTo: try GeometryCheck.size(box, "size"), lineBreakMode: mode,
                        engine: engine)
                }
                c.valueMethod("sizeWithFont_forWidth_lineBreakMode", receiver: String.self) {
                    (text: String, font: Font, width: Double, mode: Int) in
                    let line = size(of: text, font: font, engine: engine)
                    return CGSize(width: min(line.width, max(0, width)).rounded(.up), height: line.height.rounded(.up))
                }
                c.valueMethod("drawAtPoint_withAttributes", receiver: String.self) {
                    (text: String, point: CGPoint, attributes: [String: AnyScriptValue]?) in
                    draw(text, at: try GeometryCheck.point(point, "point"), in: nil, attributes, environment)
                }
                c.valueMethod("drawInRect_withAttributes", receiver: String.self) {
                    (text: String, rect: CGRect, attributes: [String: AnyScriptValue]?) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    draw(text, at: rect.origin, in: rect.size, attributes, environment)
                }
                c.valueMethod("enumerateSubstringsInRange_options_usingBlock", receiver: String.self) {
                    (text: String, range: NSRange, options: Int, block: ScriptBlock) in
                    guard let unit = TextUnit(options: options) else {
                        throw ScriptValueError(
                            "options \(options) name no unit this host enumerates (ByLines, ByParagraphs, ByComposedCharacterSequences, ByWords)"
                        )
                    }
                    guard range.location + range.length <= text.utf16.count else {
                        throw ScriptValueError(
                            "range {\(range.location), \(range.length)} is outside a string of length \(text.utf16.count)"
                        )
                    }
                    guard let bridge = environment.bridge else { return }
                    var segments = engine.segments(of: text, in: range, by: unit)
                    if options & (1 << 8) != 0 { segments.reverse() }
                    // As in CodeFlow, where a Lua error cannot cross Foundation's frames: a block that
                    // fails is reported, and the enumeration goes on to the next substring.
                    for segment in segments {
                        do {
                            try bridge.call(block, segment.text, segment.range, segment.enclosingRange)
                        } catch let error as LuaError where error.kind == .runtime {
                            bridge.report(error, during: "the block of enumerateSubstringsInRange_options_usingBlock")
                        }
                    }
                }
                // NSStringEnumerationOptions: Bounces spells it Enumeration, CodeFlow EnumerationOptions.
                c.enumeration(
                    cType: "NSStringEnumerationOptions", constants: "NSStringEnumeration",
                    module: "Foundation.NSString",
                    aliases: ["EnumerationOptions"], enumerationOptions)
                c.enumeration("CompareOptions", module: "Foundation.NSString", compareOptions)
            }
        }

        /// `require "UIKit.NSAttributedString"`: the attribute names.
        static var attributesModule: BindingModule {
            BindingModule(
                "UIKit.NSAttributedString",
                (attributeNames + AttributedText.Script.documentNames).map { ($0.0, .constant($0.1)) })
        }
    }
}

extension NSStringUIKit.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [attributesModule] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
