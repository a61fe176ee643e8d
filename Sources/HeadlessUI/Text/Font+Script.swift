import Foundation
import ObjectBridge

extension Font {
    /// Scripts' view of `Font`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let text = environment.text
            return NativeClass("UIFont", superclass: "NSObject", type: Font.self, allocate: nil) { c in
                c.classMethod("systemFontOfSize") { (size: Double) in system(try Font.size(size), text: text) }
                c.classMethod("boldSystemFontOfSize") { (size: Double) in
                    system(try Font.size(size), "Bold", text: text)
                }
                c.classMethod("italicSystemFontOfSize") { (size: Double) in
                    system(try Font.size(size), "Oblique", text: text)
                }
                c.classMethod("fontWithName_size") { (name: String, size: Double) -> Font in
                    let size = try Font.size(size)
                    if let face = text.description(forFontNamed: name) {
                        return Font(name: name, face: face, pointSize: size, text: text)
                    }
                    environment.warn("UIFont: no font named '\(name)'; using the system font \(systemFamily)")
                    return system(size, text: text)
                }
                c.method("fontWithSize") { (font: Font, size: Double) in font.withSize(try Font.size(size)) }
                c.property("fontName") { (font: Font) in font.name }
                c.property("familyName") { (font: Font) in text.family(of: font.face) }
                c.property("pointSize") { (font: Font) in font.pointSize }
                c.property("ascender") { (font: Font) in font.ascender }
                c.property("descender") { (font: Font) in font.descender }
                c.property("lineHeight") { (font: Font) in font.lineHeight }
            }
        }
    }
}
