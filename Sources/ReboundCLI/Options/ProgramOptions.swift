import ArgumentParser
import Foundation
import HeadlessUI
import LiveHost

/// The program options `run`, `render` and `test` share: the module that starts the program,
/// the device profiles it runs on, the locale and time zone of its Foundation, and its knobs'
/// values. Each falls back on the project's `rebound.json`.
struct ProgramOptions: ParsableArguments {
    @Option(help: "The start module (default: rebound.json's \"start\", else main).")
    var start: String?

    @Option(
        help: ArgumentHelp(
            "The device profile: phone, large-phone, tablet (each also -landscape), or WIDTHxHEIGHT@SCALE; repeat it to run the program on "
                + "several devices at once, each in a Lua context of its own.",
            valueName: "profile"))
    var device: [String] = []

    @Option(
        help: ArgumentHelp(
            "The locale of the program's Foundation (NSLocale.currentLocale, formatters); default: rebound.json's, else "
                + "en_US_POSIX."))
    var locale: String?

    @Option(
        help: ArgumentHelp(
            "The time zone of the program's Foundation (a name such as Europe/Paris); default: rebound.json's, else UTC."
        ))
    var timeZone: String?

    @Option(
        help: ArgumentHelp(
            "How the device is held: portrait, portraitUpsideDown, landscape (landscapeLeft) or landscapeRight; "
                + "default: rebound.json's, else the profile's (phone-landscape is held landscape).",
            valueName: "orientation"))
    var orientation: String?

    @Option(
        help: ArgumentHelp(
            "The device's appearance: light or dark; default: rebound.json's, else light.", valueName: "appearance"))
    var appearance: String?

    @Option(
        help: ArgumentHelp(
            "The user's text size (Dynamic Type): xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, or AX1 to AX5; "
                + "default: rebound.json's \"contentSize\", else large.", valueName: "category"))
    var contentSize: String?

    @Option(
        help: ArgumentHelp(
            "A knob's value (rebound.param) as name=value, such as spacing=12; repeatable.", valueName: "name=value"))
    var param: [String] = []

    func validate() throws {
        for assignment in param {
            do { _ = try KnobStore.assignment(assignment) } catch { throw ValidationError(error.description) }
        }
        if let orientation {
            do { _ = try DeviceOrientation(parsing: orientation) } catch {
                throw ValidationError("--orientation: \(error)")
            }
        }
        if let appearance {
            do { _ = try UserInterfaceStyle(parsing: appearance) } catch {
                throw ValidationError("--appearance: \(error)")
            }
        }
        if let contentSize {
            do { _ = try ContentSizeCategory(parsing: contentSize) } catch {
                throw ValidationError("--content-size: \(error)")
            }
        }
        for profile in device { _ = try DeviceProfile(parsing: profile) }
        if Set(device).count < device.count { throw ValidationError("--device: each profile may be given once.") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError(
                "--time-zone: '\(timeZone)' is not a time zone (use a name such as UTC or Europe/Paris).")
        }
    }

    /// The orientation `--orientation` names.
    func deviceOrientation() throws -> DeviceOrientation? { try orientation.map(DeviceOrientation.init(parsing:)) }

    /// The appearance `--appearance` names.
    func userInterfaceStyle() throws -> UserInterfaceStyle? { try appearance.map(UserInterfaceStyle.init(parsing:)) }

    /// The category `--content-size` names.
    func contentSizeCategory() throws -> ContentSizeCategory? {
        try contentSize.map(ContentSizeCategory.init(parsing:))
    }

    /// The knobs' values `--param` sets, by name (the last one given wins).
    func params() -> [String: String] {
        Dictionary(param.compactMap { try? KnobStore.assignment($0) }, uniquingKeysWith: { $1 })
    }

    /// The profiles `--device` names, in order.
    func profiles() throws -> [DeviceProfile] { try device.map(DeviceProfile.init(parsing:)) }
}
