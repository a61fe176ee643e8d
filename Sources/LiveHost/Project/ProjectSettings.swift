import Foundation
import HeadlessUI
import ObjectBridge

/// `rebound.json`, or for a `.luapp` its `Info.plist` (`StartModule`).
struct ProjectSettings: Decodable {
    var start: String?
    /// The module of the app delegate class, which launches the app instead of a start module.
    var appDelegate: String?
    var device: String?
    /// Several device profiles to run at once, separated by commas (`"phone, tablet"`).
    var devices: [String] = []
    var packageId: String?
    /// The program's Foundation locale and time zone (`en_US_POSIX` and UTC when not given).
    var locale: String?
    var timeZone: String?
    /// The iOS version the device profiles run (`UIDevice.systemVersion`).
    var systemVersion: String?
    /// How the device is held when the program starts (`portrait`, `landscape`, ...).
    var orientation: String?
    /// The device's appearance (`light` or `dark`).
    var appearance: String?
    /// The user's text size (`large`, `xxLarge`, `AX1`, ...).
    var contentSize: String?
    /// The storyboard whose initial view controller the program starts with (`Main`), as
    /// `Info.plist`'s `UIMainStoryboardFile` names it.
    var mainStoryboard: String?

    static let keys = [
        "start", "appDelegate", "device", "devices", "packageId", "locale", "timeZone", "systemVersion", "orientation",
        "appearance", "contentSize", "mainStoryboard",
    ]
    static let fileName = "rebound.json"

    static func read(from root: URL, isBundle: Bool) throws -> ProjectSettings {
        let json = root.appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: json.path) {
            return try decode(data, file: fileName)
        }
        guard isBundle, let data = FileManager.default.contents(atPath: root.appendingPathComponent("Info.plist").path)
        else {
            return ProjectSettings()
        }
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        return ProjectSettings(
            start: plist?["StartModule"] as? String, mainStoryboard: plist?["UIMainStoryboardFile"] as? String)
    }

    static func decode(_ data: Data, file: String) throws -> ProjectSettings {
        let fields: [String: String]
        do {
            fields = try JSONDecoder().decode([String: String].self, from: data)
        } catch let error as DecodingError {
            throw ProjectError("\(file) must be a JSON object of strings: \(DecodingErrors.describe(error))")
        }
        for key in fields.keys where !keys.contains(key) {
            throw ProjectError("\(file): unknown key '\(key)'" + Suggestion.phrase(for: key, among: keys))
        }
        if let start = fields["start"], let delegate = fields["appDelegate"] {
            throw ProjectError(
                "\(file): name either a start module or an appDelegate module, not both (start is '\(start)', "
                    + "appDelegate is '\(delegate)')")
        }
        if let zone = fields["timeZone"], TimeZone(identifier: zone) == nil {
            throw ProjectError(
                "\(file): timeZone '\(zone)' is not a time zone (use a name such as UTC or Europe/Paris)")
        }
        if let version = fields["systemVersion"],
            version.isEmpty
                || !version.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Int($0) != nil })
        {
            throw ProjectError("\(file): systemVersion '\(version)' is not a version such as 17.5 or 9.3")
        }
        /// Refuses the value of `key` that `parse` refuses, naming the file and the key.
        func check(_ key: String, _ parse: (String) throws -> Void) throws {
            guard let value = fields[key] else { return }
            do { try parse(value) } catch { throw ProjectError("\(file): \(key): \(error)") }
        }
        try check("orientation") { _ = try DeviceOrientation(parsing: $0) }
        try check("appearance") { _ = try UserInterfaceStyle(parsing: $0) }
        try check("contentSize") { _ = try ContentSizeCategory(parsing: $0) }
        let devices = (fields["devices"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for device in devices {
            do { _ = try DeviceProfile(parsing: device) } catch { throw ProjectError("\(file): devices: \(error)") }
        }
        return ProjectSettings(
            start: fields["start"], appDelegate: fields["appDelegate"], device: fields["device"], devices: devices,
            packageId: fields["packageId"],
            locale: fields["locale"], timeZone: fields["timeZone"], systemVersion: fields["systemVersion"],
            orientation: fields["orientation"], appearance: fields["appearance"], contentSize: fields["contentSize"],
            mainStoryboard: fields["mainStoryboard"])
    }
}
