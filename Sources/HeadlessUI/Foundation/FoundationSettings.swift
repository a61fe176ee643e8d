import Foundation

/// What makes a world's dates and formatting the same on every machine: a fixed locale and
/// time zone (not the machine's), and the moment its clock starts at.
public struct FoundationSettings: Sendable {
    /// `NSLocale.currentLocale`: `en_US_POSIX` unless the project says otherwise.
    public var locale: String
    /// `NSTimeZone.localTimeZone`: UTC unless the project says otherwise.
    public var timeZone: String
    /// The date at the virtual clock's zero; `NSDate.date` is this plus the clock's time.
    public var epoch: Date
    /// The file `NSUserDefaults` keeps its values in; nil keeps them in memory.
    public var defaultsFile: URL?

    public init(
        locale: String = "en_US_POSIX", timeZone: String = "UTC", epoch: Date = Date(), defaultsFile: URL? = nil
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.epoch = epoch
        self.defaultsFile = defaultsFile
    }
}

/// The settings as Foundation's types, checked once when the world is made.
struct FoundationContext {
    let locale: Locale
    let timeZone: TimeZone
    let epoch: Date
    let defaultsFile: URL?

    init(_ settings: FoundationSettings) throws {
        guard let zone = TimeZone(identifier: settings.timeZone) else {
            throw UIError("'\(settings.timeZone)' is not a time zone (use a name such as UTC or Europe/Paris)")
        }
        locale = Locale(identifier: settings.locale)
        timeZone = zone
        epoch = settings.epoch
        defaultsFile = settings.defaultsFile
    }
}
