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

/// A decoded JSON or property-list value, on its way to a Lua table.
indirect enum ResourceValue: Decodable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([ResourceValue])
    case object([String: ResourceValue])

    init(from decoder: Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .boolean(value); return }
            if let value = try? container.decode(Int64.self) { self = .integer(value); return }
            if let value = try? container.decode(Double.self) { self = .number(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode(Date.self) { self = .date(value); return }
            if let value = try? container.decode(Data.self) { self = .data(value); return }
            if let value = try? container.decode([ResourceValue].self) { self = .array(value); return }
        }
        self = .object(try [String: ResourceValue](from: decoder))
    }

    /// As Lua sees it: objects and arrays become tables (arrays from index 1, JSON null a
    /// hole), dates ISO 8601 strings, data byte strings.
    func luaValue(in state: LuaState) throws -> LuaValue {
        switch self {
        case .null: return .nil
        case .boolean(let value): return .boolean(value)
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .date(let value): return .string(ISO8601DateFormatter().string(from: value))
        case .data(let value): return .string(String(decoding: value, as: UTF8.self))
        case .array(let values):
            let table = try state.makeTable(arrayCapacity: values.count)
            for (index, value) in values.enumerated() { try table.set(.integer(Int64(index + 1)), try value.luaValue(in: state)) }
            return .table(table)
        case .object(let fields):
            let table = try state.makeTable(recordCapacity: fields.count)
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) { try table.set(key, try value.luaValue(in: state)) }
            return .table(table)
        }
    }
}

/// Reads resource files into the values scripts receive.
enum ResourceDecoder {
    /// The value of the program's file at `path`, read as `type`.
    static func decode(_ path: String, of program: Program, as type: ResourceType, sizeLimit: Int,
                       bridge: ObjectBridge) throws -> LuaValue {
        let displayPath = program.displayPath(path)
        let size = program.size(of: path) ?? 0
        guard size <= sizeLimit else {
            throw ResourceError("\(displayPath) is \(Self.mebibytes(size)), over the \(Self.mebibytes(sizeLimit)) "
                + "resource size limit; it was not loaded")
        }
        let data: Data
        do {
            data = try program.read(path)
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
                return try JSONDecoder().decode(ResourceValue.self, from: data).luaValue(in: bridge.state)
            } catch let error as DecodingError {
                throw ResourceError("\(displayPath) is not valid JSON: \(DecodingErrors.describe(error))")
            }
        case .plist:
            do {
                return try PropertyListDecoder().decode(ResourceValue.self, from: data).luaValue(in: bridge.state)
            } catch let error as DecodingError {
                throw ResourceError("\(displayPath) is not a valid property list: \(DecodingErrors.describe(error))")
            }
        case .png, .jpeg:
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

/// A resource that could not be delivered; the last good value stays.
struct ResourceError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
