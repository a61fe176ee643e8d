import Foundation
import ObjectBridge

/// What an asset catalog's `Contents.json` says, read as Xcode writes it. The file comes with
/// a project from anywhere: it is bounded in size and depth, and every error names the file
/// and what in it is wrong.
enum AssetContents {
    /// Xcode writes a few hundred bytes per set; a larger file is not a catalog's.
    static let maximumBytes = 256 << 10
    /// The most colours or images one set lists.
    static let maximumEntries = 256

    /// A colour set: its colour for any appearance, and for light and dark where it has them.
    struct ColorSet {
        var any: Color?
        var light: Color?
        var dark: Color?

        /// The set as one colour: dynamic where its looks differ.
        var color: Color? {
            guard let lightLook = light ?? any ?? dark, let darkLook = dark ?? any ?? light else { return nil }
            return lightLook === darkLook ? lightLook : Color(light: lightLook, dark: darkLook)
        }
    }

    /// An image set: its files by scale (1, 2 or 3), and whether it renders as a template.
    /// An image set: its files by scale, for any (or the light) appearance and for dark.
    struct ImageSet {
        var files: [Int: String] = [:]
        var darkFiles: [Int: String] = [:]
        var isTemplate = false
    }

    static func colorSet(at url: URL) throws -> ColorSet {
        let json = try object(at: url)
        var set = ColorSet()
        for entry in try entries(json["colors"], in: url, key: "colors") {
            guard let color = entry["color"] as? [String: Any] else { continue }
            // High-contrast looks and other devices' looks are not the device's.
            guard (entry["idiom"] as? String ?? "universal") != "mac", !hasAppearance("contrast", entry) else {
                continue
            }
            let value = try self.color(color, in: url)
            switch appearanceValue("luminosity", entry) {
            case nil: set.any = value
            case "light": set.light = value
            case "dark": set.dark = value
            default: continue
            }
        }
        return set
    }

    static func imageSet(at url: URL) throws -> ImageSet {
        let json = try object(at: url)
        var set = ImageSet()
        for entry in try entries(json["images"], in: url, key: "images") {
            let luminosity = appearanceValue("luminosity", entry)
            guard let name = entry["filename"] as? String, [nil, "light", "dark"].contains(luminosity) else { continue }
            guard !name.contains("/"), name != "..", !name.isEmpty else {
                throw ScriptValueError("\(url.path): image file name '\(name)' must name a file in its image set")
            }
            let scale = (entry["scale"] as? String).flatMap { Int($0.dropLast()) } ?? 1
            guard (1...3).contains(scale) else {
                throw ScriptValueError("\(url.path): scale '\(entry["scale"] ?? "")' is not 1x, 2x or 3x")
            }
            if luminosity == "dark" {
                set.darkFiles[scale] = name
            } else if luminosity == "light" || set.files[scale] == nil {
                set.files[scale] = name
            }
        }
        let properties = json["properties"] as? [String: Any]
        set.isTemplate = properties?["template-rendering-intent"] as? String == "template"
        return set
    }

    // MARK: Reading

    private static func object(at url: URL) throws -> [String: Any] {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw ScriptValueError("\(url.path) cannot be read") }
        guard size <= maximumBytes else {
            throw ScriptValueError("\(url.path) is \(size) bytes, over \(maximumBytes): not an asset's Contents.json")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
        } catch {
            throw ScriptValueError("\(url.path) is not JSON: \(error.localizedDescription)")
        }
        guard let object = parsed as? [String: Any] else {
            throw ScriptValueError("\(url.path): a Contents.json is an object")
        }
        return object
    }

    private static func entries(_ value: Any?, in url: URL, key: String) throws -> [[String: Any]] {
        guard let value else { return [] }
        guard let list = value as? [[String: Any]] else {
            throw ScriptValueError("\(url.path): \"\(key)\" is a list of objects")
        }
        guard list.count <= maximumEntries else {
            throw ScriptValueError("\(url.path): \(list.count) \(key), more than \(maximumEntries)")
        }
        return list
    }

    private static func appearances(_ entry: [String: Any]) -> [[String: Any]] {
        entry["appearances"] as? [[String: Any]] ?? []
    }

    private static func hasAppearance(_ kind: String, _ entry: [String: Any]) -> Bool {
        appearances(entry).contains { $0["appearance"] as? String == kind }
    }

    private static func appearanceValue(_ kind: String, _ entry: [String: Any]) -> String? {
        appearances(entry).first { $0["appearance"] as? String == kind }?["value"] as? String
    }

    /// A colour entry: sRGB, Display P3 or grey components (as floats, 0-255 integers or
    /// `0xFF` hex, as Xcode writes each), or a reference to a system colour.
    private static func color(_ color: [String: Any], in url: URL) throws -> Color {
        if let reference = color["reference"] as? String {
            guard let system = Color.named(reference) else {
                throw ScriptValueError("\(url.path): '\(reference)' is not a system colour")
            }
            return system
        }
        guard let components = color["components"] as? [String: Any] else {
            throw ScriptValueError("\(url.path): a colour has neither components nor a reference")
        }
        func component(_ key: String, default fallback: Double? = nil) throws -> Double {
            guard let raw = components[key] else {
                if let fallback { return fallback }
                throw ScriptValueError("\(url.path): a colour lacks its \(key) component")
            }
            guard let value = componentValue(raw), value.isFinite, (0...1).contains(value) else {
                throw ScriptValueError("\(url.path): \(key) component '\(raw)' is not 0 to 1, 0 to 255 or 0x00 to 0xFF")
            }
            return value
        }
        let alpha = try component("alpha", default: 1)
        if components["white"] != nil { return Color(white: try component("white"), alpha: alpha) }
        return Color(
            red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
    }

    /// "0.5" as 0.5, "128" as 128/255, "0x80" as 128/255.
    private static func componentValue(_ raw: Any) -> Double? {
        let text = (raw as? String) ?? (raw as? NSNumber)?.stringValue ?? ""
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) / 255 }
        if !text.contains("."), let value = Int(text) { return value > 1 ? Double(value) / 255 : Double(value) }
        return Double(text)
    }
}
