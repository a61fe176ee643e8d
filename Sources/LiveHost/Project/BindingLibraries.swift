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
            guard let match = line.firstMatch(of: declaration) else { continue }
            found.append(
                DeclaredClass(
                    name: String(match.output.1), superclass: String(match.output.2),
                    location: "\(location):\(index + 1)"))
        }
        return found
    }

    private nonisolated(unsafe) static let declaration =
        #/objc\.classInterface\s*\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\)\s*--\[\[\s*@inherits\s+([A-Za-z_][A-Za-z0-9_]*)/#
}
