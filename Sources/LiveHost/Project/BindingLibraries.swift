import Foundation

/// The classes a project's binding libraries declare: Celedev's binding generator writes, for
/// each Objective-C class of the host app, `BindingLibs/NAME.luabindings/LuaAPI/CLASS.lua` with
/// `objc.classInterface ("CLASS") --[[ @inherits SUPERCLASS]]`. Rebound has no app binary, so
/// it makes each such class itself, for scripts to extend (`class.extendClass`).
struct BindingLibraries {
    struct DeclaredClass: Equatable {
        let name: String
        let superclass: String
        /// Where it is declared, for messages (`BindingLibs/….lua:7`).
        let location: String
    }

    /// The declared classes under `root`, in file order.
    static func declaredClasses(in root: URL) -> [DeclaredClass] {
        let libraries = root.appendingPathComponent("BindingLibs")
        let manager = FileManager.default
        guard let bundles = try? manager.contentsOfDirectory(atPath: libraries.path) else { return [] }
        var declared: [DeclaredClass] = []
        for bundle in bundles.sorted() where bundle.hasSuffix(".luabindings") {
            let api = libraries.appendingPathComponent(bundle).appendingPathComponent("LuaAPI")
            guard let files = try? manager.contentsOfDirectory(atPath: api.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".lua") {
                let url = api.appendingPathComponent(file)
                // Generated files are small; one that is not is not a binding file.
                guard let size = (try? manager.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
                    size.intValue <= 1 << 20, let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                declared += classes(in: text, location: "BindingLibs/\(bundle)/LuaAPI/\(file)")
            }
        }
        return declared
    }

    /// Each `objc.classInterface ("Name") --[[ @inherits Super]]` of one file.
    static func classes(in text: String, location: String) -> [DeclaredClass] {
        var found: [DeclaredClass] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let call = line.range(of: "objc.classInterface"),
                let name = quotedName(in: line[call.upperBound...]),
                let inherits = line.range(of: "@inherits", range: call.upperBound..<line.endIndex),
                let superclass = identifier(at: line[inherits.upperBound...].drop(while: \.isWhitespace))
            else { continue }
            found.append(DeclaredClass(name: name, superclass: superclass, location: "\(location):\(index + 1)"))
        }
        return found
    }

    /// The identifier in the first pair of double quotes.
    private static func quotedName(in text: Substring) -> String? {
        guard let open = text.firstIndex(of: "\"") else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        let name = rest[..<close]
        return identifier(at: name).flatMap { $0.count == name.count ? $0 : nil }
    }

    /// The Objective-C identifier that `text` starts with.
    private static func identifier(at text: Substring) -> String? {
        let name = text.prefix { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let first = name.first, !first.isNumber else { return nil }
        return String(name)
    }
}
