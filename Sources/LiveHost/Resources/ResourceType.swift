import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// The kinds of resource `getResource` delivers, by the type names scripts give.
enum ResourceType: String, CaseIterable, Sendable {
    case text, json, plist, png, jpeg

    /// `txt` / `public.plain-text`, `json`, `plist`, `png`, `jpeg` / `jpg`.
    init?(scriptName: String) {
        switch scriptName.lowercased() {
        case "txt", "public.plain-text": self = .text
        case "json": self = .json
        case "plist": self = .plist
        case "png": self = .png
        case "jpeg", "jpg": self = .jpeg
        default: return nil
        }
    }

    static let scriptNames = ["txt", "public.plain-text", "json", "plist", "png", "jpeg", "jpg"]

    /// The file names a resource `name` of this type may have, preferred first: images may
    /// carry a scale (`icon@2x.png`), as UIKit's image names do.
    func fileNames(for name: String) -> [String] {
        let scales = self == .png || self == .jpeg ? ["", "@2x", "@3x"] : [""]
        return extensions.flatMap { ext in scales.map { "\(name)\($0).\(ext)" } }
    }

    /// The type a file is a resource of, by its extension; nil for any other file.
    static func of(path: String) -> ResourceType? {
        let fileExtension = (path as NSString).pathExtension
        return allCases.first { $0.extensions.contains(fileExtension) }
    }

    /// File extensions a resource of this type may have, preferred first.
    private var extensions: [String] {
        switch self {
        case .text: ["txt", "text"]
        case .json: ["json"]
        case .plist: ["plist"]
        case .png: ["png"]
        case .jpeg: ["jpeg", "jpg"]
        }
    }
}
