import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// Reads resource files into the values scripts receive.
enum ResourceDecoder {
    /// The value of the program's file at `path` as `type`: of `bytes` when the caller read
    /// them already (a save), else of the file as it is now.
    static func decode(
        _ path: String, of program: Program, as type: ResourceType, bytes: Data? = nil, sizeLimit: Int,
        world: UIWorld, tableMetatables: (array: LuaTable, dictionary: LuaTable)
    ) throws -> LuaValue {
        let bridge = world.bridge
        let displayPath = program.displayPath(path)
        guard program.staysInside(path) else {
            throw ResourceError("\(displayPath) leads outside the program's files (a symlink); it was not read")
        }
        let size = bytes?.count ?? program.size(of: path) ?? 0
        guard size <= sizeLimit else {
            throw ResourceError(
                "\(displayPath) is \(Self.mebibytes(size)), over the \(Self.mebibytes(sizeLimit)) "
                    + "resource size limit; it was not loaded")
        }
        // An image is its file: its pixels are read from it when it is drawn.
        let data: Data
        do {
            data = type.isImage ? Data() : try bytes ?? program.read(path)
        } catch {
            throw ResourceError("\(error)")
        }
        switch type {
        case .text:
            guard let text = String(data: data, encoding: .utf8) else {
                throw ResourceError("\(displayPath) is not UTF-8 text")
            }
            return .string(text)
        case .json:
            do {
                return try JSONDecoder().decode(PlistValue.self, from: data).luaValue(
                    in: bridge.state, metatables: tableMetatables)
            } catch let error as DecodingError {
                throw ResourceError("\(displayPath) is not valid JSON: \(DecodingErrors.describe(error))")
            }
        case .plist:
            do {
                return try PropertyListDecoder().decode(PlistValue.self, from: data).luaValue(
                    in: bridge.state, metatables: tableMetatables)
            } catch let error as DecodingError {
                throw ResourceError("\(displayPath) is not a valid property list: \(DecodingErrors.describe(error))")
            }
        case .rtf:
            do {
                return try bridge.value(for: try AttributedText.reading(rtf: data, file: displayPath, in: world))
            } catch let error as ScriptValueError {
                throw ResourceError(error.problem)
            }
        case .nib, .storyboard:
            do {
                let document: BridgeObject =
                    type == .nib
                    ? try Nib(data: data, file: displayPath)
                    : try Storyboard(data: data, file: displayPath, world: world)
                return try bridge.value(for: document)
            } catch let error as InterfaceBuilderError {
                throw ResourceError(error.description)
            }
        case .png, .jpeg, .image:
            do {
                guard let url = program.fileURL(of: path) else { throw ResourceError("cannot read \(displayPath)") }
                return try bridge.value(for: try Image(contentsOfFile: url.path))
            } catch let error as ScriptValueError {
                throw ResourceError("\(displayPath): \(error.problem)")
            }
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
