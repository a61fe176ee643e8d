import Foundation

/// The values Xcode writes in attributes and small elements: numbers, flags, rectangles,
/// colours, fonts. A value that is not what the attribute takes is an error naming the file,
/// line, element and attribute.
extension NibInstantiation {
    func bool(_ element: IBElement, _ attribute: String) throws -> Bool? {
        switch element[attribute] {
        case nil: return nil
        case "YES": return true
        case "NO": return false
        case let other?: throw problem(element, "\(attribute)=\"\(other)\" is not YES or NO")
        }
    }

    func number(_ element: IBElement, _ attribute: String) throws -> Double? {
        guard let text = element[attribute] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw problem(element, "\(attribute)=\"\(text)\" is not a number")
        }
        return value
    }

    func integer(_ element: IBElement, _ attribute: String) throws -> Int? {
        guard let value = try number(element, attribute) else { return nil }
        guard value == value.rounded(), abs(value) < 1e15 else {
            throw problem(element, "\(attribute)=\"\(value)\" is not a whole number")
        }
        return Int(value)
    }

    /// One of `names` (in Xcode's spelling), as its value.
    func named<Value>(_ element: IBElement, _ attribute: String, _ names: [String: Value]) throws -> Value? {
        guard let text = element[attribute] else { return nil }
        guard let value = names[text] else {
            throw problem(
                element, "\(attribute)=\"\(text)\" is not one of \(names.keys.sorted().joined(separator: ", "))")
        }
        return value
    }

    /// `<rect key="frame" x= y= width= height=/>`.
    func rect(_ element: IBElement) throws -> CGRect {
        func part(_ name: String) throws -> Double { try number(element, name) ?? 0 }
        return CGRect(x: try part("x"), y: try part("y"), width: try part("width"), height: try part("height"))
    }

    /// `<size key=… width= height=/>`.
    func size(_ element: IBElement) throws -> CGSize {
        CGSize(width: try number(element, "width") ?? 0, height: try number(element, "height") ?? 0)
    }

    /// `<inset key=… minX= minY= maxX= maxY=/>` and `<edgeInsets key=… top= left= bottom= right=/>`.
    func insets(_ element: IBElement) throws -> UIEdgeInsets {
        if element.name == "inset" {
            return UIEdgeInsets(
                top: try number(element, "minY") ?? 0, left: try number(element, "minX") ?? 0,
                bottom: try number(element, "maxY") ?? 0, right: try number(element, "maxX") ?? 0)
        }
        return UIEdgeInsets(
            top: try number(element, "top") ?? 0, left: try number(element, "left") ?? 0,
            bottom: try number(element, "bottom") ?? 0, right: try number(element, "right") ?? 0)
    }

    /// `<autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxX="YES" …/>`.
    func autoresizingMask(_ element: IBElement) throws -> Autoresizing {
        let flags: [(String, Autoresizing)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth),
            ("flexibleMaxX", .flexibleRightMargin), ("flexibleMinY", .flexibleTopMargin),
            ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        var mask: Autoresizing = []
        for (attribute, flag) in flags where try bool(element, attribute) == true { mask.insert(flag) }
        return mask
    }

    /// A `<color>` in any of the forms Xcode writes: components in a colour space (sRGB,
    /// Display P3, generic or device RGB, grey), a system colour by name (Xcode 11's betas
    /// wrote the iOS 13 name beside the older one, which is for earlier systems), or a named
    /// colour from the asset catalog, which Rebound has not (a warning, and nil).
    func color(_ element: IBElement) throws -> Color? {
        let systemNames = ["systemColor", "xcode11CocoaTouchSystemColor", "cocoaTouchSystemColor"].compactMap {
            element[$0]
        }
        if let name = systemNames.first {
            let full = name.hasSuffix("Color") ? name : name + "Color"
            guard let named = Color.named(full) else {
                throw problem(element, "systemColor=\"\(name)\" is not a UIKit system colour")
            }
            return named
        }
        if let name = element["name"] {
            warnOnce(element, "the named colour \"\(name)\" comes from an asset catalog, which Rebound does not read")
            return nil
        }
        func component(_ name: String) throws -> Double {
            guard let value = try number(element, name) else { throw problem(element, "the colour has no \(name)") }
            guard (0...1).contains(value) else { throw problem(element, "\(name)=\"\(value)\" is outside 0 to 1") }
            return value
        }
        _ = element["colorSpace"]
        let space = element["customColorSpace"] ?? element["colorSpace"] ?? "sRGB"
        let alpha = try number(element, "alpha") ?? 1
        if element.has("white") {
            return Color(white: try component("white"), alpha: alpha)
        }
        guard element.has("red") else {
            throw problem(element, "the colour has neither red, green and blue nor white (colour space \(space))")
        }
        return Color(
            red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
    }

    /// `<fontDescription key="fontDescription" …/>`: the system font (`type="system"`,
    /// `boldSystem`, `italicSystem`, with a `weight`), a text style (`style="UICTFontTextStyleBody"`)
    /// or a named face (`name="AvenirNext-Medium" family="Avenir Next"`).
    func font(_ element: IBElement) throws -> Font {
        let text = environment.text
        if let name = element["style"] {
            guard let style = TextStyle(rawValue: name) else {
                throw problem(element, "style=\"\(name)\" is not a UIKit text style")
            }
            return Font.preferred(style, in: environment.screen.profile.contentSizeCategory, text: text)
        }
        guard let size = try number(element, "pointSize"), size > 0, size <= 1000 else {
            throw problem(element, "the font's pointSize must be a number from 0 to 1000")
        }
        if let name = element["name"] {
            _ = element["family"]
            if let font = Font.named(name, size: size, text: text) { return font }
            warnOnce(element, "the font \"\(name)\" is not installed; the system font stands in")
            return Font.system(size, text: text)
        }
        let weight = try named(element, "weight", Self.weights) ?? 400
        switch element["type"] ?? "system" {
        case "system": return Font.system(size, weight: weight, text: text)
        case "boldSystem": return Font.system(size, weight: 700, text: text)
        case "italicSystem": return Font.system(size, weight: weight, italic: true, text: text)
        case let other: throw problem(element, "type=\"\(other)\" is not system, boldSystem or italicSystem")
        }
    }

    /// Xcode's weight names, as CSS weights.
    static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
        "heavy": 800, "black": 900,
    ]
}
