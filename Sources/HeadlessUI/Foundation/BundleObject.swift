import Foundation
import ObjectBridge

/// `NSBundle.mainBundle`: the running program's files (the project's, or the package's), and
/// its info dictionary.
public final class BundleObject: BridgeObject {
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            func files() throws -> ProgramFiles {
                guard let files = environment.programFiles else {
                    throw ScriptValueError("this world runs no program, so its bundle is empty")
                }
                return files
            }
            /// `name.type`, in `directory` when one is given.
            func path(_ name: String, _ type: String?, _ directory: String?) throws -> String? {
                let file = (type ?? "").isEmpty ? name : "\(name).\(type ?? "")"
                let relative = (directory ?? "").isEmpty ? file : "\(directory ?? "")/\(file)"
                guard ProgramFilePath.problem(relative) == nil else { return nil }
                return try files().file(relative)?.path
            }
            return NativeClass("NSBundle", superclass: "NSObject", type: BundleObject.self, allocate: nil) { c in
                c.classProperty("mainBundle") { environment.mainBundle }
                c.method("loadNibNamed_owner_options") {
                    (_: BundleObject, name: String, owner: BridgeObject?, _: AnyScriptValue?) -> [BridgeObject] in
                    try Nib.named(name, environment).instantiate(owner: owner, environment: environment)
                }
                c.property("bundlePath") { (_: BundleObject) in try files().root.path }
                c.property("resourcePath") { (_: BundleObject) in try files().root.path }
                c.property("bundleIdentifier") { (_: BundleObject) in try files().identifier }
                c.property("infoDictionary") { (_: BundleObject) -> AnyScriptValue in
                    try environment.luaValue(PlistValue(foundation: try files().info(), at: "infoDictionary"))
                }
                c.method("objectForInfoDictionaryKey") { (_: BundleObject, key: String) -> AnyScriptValue in
                    guard let value = try files().info()[key] else { return AnyScriptValue(nil) }
                    return try environment.luaValue(PlistValue(foundation: value, at: key))
                }
                c.method("pathForResource_ofType") { (_: BundleObject, name: String, type: String?) in
                    try path(name, type, nil)
                }
                c.method("pathForResource_ofType_inDirectory") {
                    (_: BundleObject, name: String, type: String?, directory: String?) in
                    try path(name, type, directory)
                }
                c.method("URLForResource_withExtension") { (_: BundleObject, name: String, type: String?) in
                    try path(name, type, nil).map { URLObject(URL(fileURLWithPath: $0)) }
                }
            }
        }
    }
}

/// What a relative path a script gives may not be (as the project's files check paths).
enum ProgramFilePath {
    static func problem(_ path: String) -> String? {
        if path.isEmpty || path.hasPrefix("/") { return "not a relative path" }
        return path.split(separator: "/", omittingEmptySubsequences: false).contains {
            $0.isEmpty || $0 == "." || $0 == ".."
        }
            ? "the path leads out of its folder" : nil
    }
}

/// `NSURL`, for files: what the bundle's `URLForResource` gives.
public final class URLObject: BridgeObject {
    public let url: URL

    init(_ url: URL) { self.url = url }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("NSURL", superclass: "NSObject", type: URLObject.self, allocate: nil) { c in
                c.classMethod("fileURLWithPath") { (path: String) in URLObject(URL(fileURLWithPath: path)) }
                c.classMethod("URLWithString") { (string: String) in URL(string: string).map(URLObject.init) }
                c.property("path") { (object: URLObject) in object.url.path }
                c.property("absoluteString") { (object: URLObject) in object.url.absoluteString }
                c.property("lastPathComponent") { (object: URLObject) in object.url.lastPathComponent }
                c.property("pathExtension") { (object: URLObject) in object.url.pathExtension }
                c.property("isFileURL") { (object: URLObject) in object.url.isFileURL }
                c.method("URLByAppendingPathComponent") { (object: URLObject, part: String) in
                    URLObject(object.url.appendingPathComponent(part))
                }
            }
        }
    }
}

/// Bytes a script passes where Foundation takes `NSData`: an NSData's, or a Lua string's as
/// they are (binary ones too, which a reading as text would change).
struct DataBytes: ScriptConvertible {
    let data: Data

    static var scriptType: ScriptType { .object("NSData or string") }

    static func read(from call: BridgeCall, at position: Int32) throws -> DataBytes {
        if let bytes = call.frame.bytes(position) { return DataBytes(data: bytes) }
        if let object = call.frame.object(position, as: DataObject.self) { return DataBytes(data: object.data) }
        throw call.mismatch(scriptType, at: position)
    }

    func push(to call: BridgeCall) throws { try DataObject(data).push(to: call) }
}

/// `NSData`: bytes a file or a serialization gave.
public final class DataObject: BridgeObject {
    public let data: Data

    init(_ data: Data) { self.data = data }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("NSData", superclass: "NSObject", type: DataObject.self, allocate: { DataObject(Data()) }) {
                c in
                c.classMethod("dataWithContentsOfFile") { (path: String) -> DataObject? in
                    guard let url = try environment.programFile(path) else { return nil }
                    return (try? Data(contentsOf: url)).map(DataObject.init)
                }
                c.property("length") { (object: DataObject) in object.data.count }
                c.method("isEqualToData") { (object: DataObject, other: DataObject) in object.data == other.data }
                // NSString's `initWithData_encoding`, on the data: the text, when it is UTF-8.
                c.method("stringWithEncoding") { (object: DataObject, _: Int) in
                    String(data: object.data, encoding: .utf8)
                }
                c.property("description") { (object: DataObject) in
                    "<" + object.data.map { String(format: "%02x", $0) }.joined() + ">"
                }
            }
        }
    }
}

extension BundleObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}

extension URLObject.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}

extension DataObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
