import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// The kinds of resource `getResource` delivers, by the type names scripts give: Bounces'
/// file extensions and CodeFlow's uniform type identifiers.
enum ResourceType: String, CaseIterable, Sendable {
    case text, json, plist, png, jpeg
    /// RTF, delivered as an `NSAttributedString`.
    case rtf
    /// `public.image`: a PNG or a JPEG.
    case image
    /// A xib, delivered as a `UINib`.
    case nib
    /// A storyboard, delivered as a `UIStoryboard`.
    case storyboard

    init?(scriptName: String) {
        guard let type = Self.byScriptName[scriptName.lowercased()] else { return nil }
        self = type
    }

    private static let byScriptName: [String: ResourceType] = [
        "txt": .text, "text": .text, "public.text": .text, "public.plain-text": .text, "public.utf8-plain-text": .text,
        "json": .json, "public.json": .json,
        "plist": .plist, "public.xml-property-list": .plist, "com.apple.property-list": .plist,
        "rtf": .rtf, "public.rtf": .rtf,
        "png": .png, "public.png": .png,
        "jpeg": .jpeg, "jpg": .jpeg, "public.jpeg": .jpeg,
        "public.image": .image,
        "nib": .nib, "xib": .nib, "com.apple.interfacebuilder.document.cocoa-touch": .nib,
        "storyboard": .storyboard, "com.apple.interfacebuilder.storyboard": .storyboard,
    ]

    /// Every type name scripts may give, for messages.
    static let scriptNames = byScriptName.keys.sorted()

    /// The file names a resource `name` of this type may have, preferred first: a dotted name
    /// also names folders (`data.checked` is `data/checked.png` too, as CodeFlow groups
    /// resources), and images may carry a scale (`icon@2x.png`), as UIKit's image names do.
    func fileNames(for name: String) -> [String] {
        let bases = name.contains(".") ? [name, name.replacingOccurrences(of: ".", with: "/")] : [name]
        let scales = isImage ? ["", "@2x", "@3x"] : [""]
        return bases.flatMap { base in extensions.flatMap { ext in scales.map { "\(base)\($0).\(ext)" } } }
    }

    /// The type a file is a resource of, by its extension; nil for any other file.
    static func of(path: String) -> ResourceType? {
        let fileExtension = (path as NSString).pathExtension
        return allCases.first { $0.extensions.contains(fileExtension) }
    }

    var isImage: Bool { self == .png || self == .jpeg || self == .image }

    /// File extensions a resource of this type may have, preferred first.
    private var extensions: [String] {
        switch self {
        case .text: ["txt", "text"]
        case .json: ["json"]
        case .plist: ["plist"]
        case .rtf: ["rtf"]
        case .png: ["png"]
        case .jpeg: ["jpeg", "jpg"]
        case .image: ["png", "jpeg", "jpg"]
        case .nib: ["xib"]
        case .storyboard: ["storyboard"]
        }
    }
}
