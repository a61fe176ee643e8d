import Foundation
import ObjectBridge

#if canImport(Glibc)
import Glibc
#endif

/// `NSUserDefaults.standardUserDefaults`: property-list values by key, kept in a JSON file the
/// host names (in the project's run folder), so they survive a restart of the context.
///
/// Several writers may share the file (one context per device, two `rebound run`s of one
/// project), so a change is merged by key: under an exclusive lock on the file's lock file,
/// the file is read again, the one key changed, and the result written atomically (a new file
/// renamed over the old one, so a crash mid-write leaves the old file whole). Each writer's
/// keys survive the others' writes. Registered defaults answer for keys never set.
public final class UserDefaultsObject: BridgeObject {
    private var values: [String: PlistValue] = [:]
    private var registered: [String: PlistValue] = [:]
    /// Where the values are kept; nil keeps them in memory only.
    let file: URL?
    private let warn: (String) -> Void

    /// Loads `file`. One that cannot be read is set aside, with a warning, so that the next
    /// write does not destroy what someone may want back.
    init(file: URL?, warn: @escaping (String) -> Void) {
        self.file = file
        self.warn = warn
        super.init()
        guard let file else { return }
        // Read-only folders have no lock file: the values are read all the same.
        values = (try? withLock(file) { read(file) }) ?? read(file)
    }

    func value(_ key: String) -> PlistValue? { values[key] ?? registered[key] }

    func set(_ value: PlistValue?, for key: String) throws {
        guard let file else {
            values[key] = value
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try withLock(file) {
                var merged = read(file)
                merged[key] = value
                try encoder.encode(merged).write(to: file, options: .atomic)
                values = merged
            }
        } catch {
            throw ScriptValueError("cannot save the user defaults to \(file.path): \(error.localizedDescription)")
        }
    }

    func register(_ defaults: [String: PlistValue]) { registered.merge(defaults) { $1 } }

    var all: [String: PlistValue] { registered.merging(values) { $1 } }

    /// The values in `file` (none when it is missing); a file that cannot be read is moved
    /// aside to the first free `NAME.unreadable`, `NAME.unreadable.1`, ... and reads as none.
    private func read(_ file: URL) -> [String: PlistValue] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        do {
            return try JSONDecoder().decode([String: PlistValue].self, from: Data(contentsOf: file))
        } catch {
            var aside = file.appendingPathExtension("unreadable")
            var number = 0
            while FileManager.default.fileExists(atPath: aside.path) {
                number += 1
                aside = file.appendingPathExtension("unreadable.\(number)")
            }
            try? FileManager.default.moveItem(at: file, to: aside)
            warn(
                "the user defaults in \(file.path) could not be read (\(error.localizedDescription)); "
                    + "they were moved to \(aside.lastPathComponent) and the defaults start empty")
            return [:]
        }
    }

    /// Runs `body` holding an exclusive lock on `file`'s lock file (`NAME.lock`, beside it).
    private func withLock<Result>(_ file: URL, _ body: () throws -> Result) throws -> Result {
        let lockPath = file.path + ".lock"
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("NSUserDefaults", superclass: "NSObject", type: UserDefaultsObject.self, allocate: nil) { c in
                c.classProperty("standardUserDefaults") { environment.userDefaults }
                c.method("objectForKey") { (defaults: UserDefaultsObject, key: String) -> AnyScriptValue in
                    guard let value = defaults.value(key), let state = environment.bridge?.state else {
                        return AnyScriptValue(nil)
                    }
                    return AnyScriptValue(try value.luaValue(in: state))
                }
                c.method("stringForKey") { (defaults: UserDefaultsObject, key: String) -> String? in
                    switch defaults.value(key) {
                    case .string(let text): text
                    case .integer(let number): String(number)
                    case .number(let number): String(number)
                    default: nil
                    }
                }
                c.method("integerForKey") { (defaults: UserDefaultsObject, key: String) -> Int in
                    switch defaults.value(key) {
                    case .integer(let number): Int(number)
                    case .number(let number) where number.isFinite && abs(number) < 9e18: Int(number)
                    case .boolean(let flag): flag ? 1 : 0
                    case .string(let text): Int(text) ?? 0
                    default: 0
                    }
                }
                c.method("doubleForKey") { (defaults: UserDefaultsObject, key: String) in number(defaults.value(key)) }
                c.method("floatForKey") { (defaults: UserDefaultsObject, key: String) in number(defaults.value(key)) }
                c.method("boolForKey") { (defaults: UserDefaultsObject, key: String) -> Bool in
                    switch defaults.value(key) {
                    case .boolean(let flag): flag
                    case .integer(let number): number != 0
                    case .number(let number): number != 0
                    case .string(let text): ["yes", "true", "1"].contains(text.lowercased())
                    default: false
                    }
                }
                c.method("setObject_forKey") { (defaults: UserDefaultsObject, value: AnyScriptValue, key: String) in
                    try defaults.set(try plist(value, key), for: key)
                }
                c.method("setInteger_forKey") { (defaults: UserDefaultsObject, value: Int, key: String) in
                    try defaults.set(.integer(Int64(value)), for: key)
                }
                c.method("setBool_forKey") { (defaults: UserDefaultsObject, value: Bool, key: String) in
                    try defaults.set(.boolean(value), for: key)
                }
                c.method("setDouble_forKey") { (defaults: UserDefaultsObject, value: Double, key: String) in
                    try defaults.set(try PlistValue(.number(value), at: key), for: key)
                }
                c.method("setFloat_forKey") { (defaults: UserDefaultsObject, value: Double, key: String) in
                    try defaults.set(try PlistValue(.number(value), at: key), for: key)
                }
                c.method("removeObjectForKey") { (defaults: UserDefaultsObject, key: String) in
                    try defaults.set(nil, for: key)
                }
                c.method("registerDefaults") { (defaults: UserDefaultsObject, table: ScriptTable) in
                    guard case .dictionary(let fields) = try PlistValue(.table(table.table), at: "registerDefaults")
                    else {
                        throw ScriptValueError("registerDefaults expects a table of keys and values")
                    }
                    defaults.register(fields)
                }
                c.method("dictionaryRepresentation") { (defaults: UserDefaultsObject) -> AnyScriptValue in
                    guard let state = environment.bridge?.state else { return AnyScriptValue(nil) }
                    return AnyScriptValue(try PlistValue.dictionary(defaults.all).luaValue(in: state))
                }
                c.method("synchronize") { (_: UserDefaultsObject) in true }
            }
        }

        private static func number(_ value: PlistValue?) -> Double {
            switch value {
            case .integer(let number): Double(number)
            case .number(let number): number
            case .boolean(let flag): flag ? 1 : 0
            case .string(let text): Double(text) ?? 0
            default: 0
            }
        }

        /// A value to keep: nil removes the key, as `setObject_forKey(nil, key)` does.
        private static func plist(_ value: AnyScriptValue, _ key: String) throws -> PlistValue? {
            guard let value = value.value else { return nil }
            switch value {
            case let flag as Bool: return .boolean(flag)
            case let number as Int: return .integer(Int64(number))
            case let number as Double: return try PlistValue(.number(number), at: key)
            case let text as String: return .string(text)
            case let table as ScriptTable: return try PlistValue(.table(table.table), at: key)
            default:
                throw ScriptValueError(
                    "the value for '\(key)' is not a property-list value (booleans, numbers, strings, tables)")
            }
        }
    }
}

extension UserDefaultsObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
