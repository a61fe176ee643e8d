import Foundation
import ObjectBridge

/// `NSLocale`: a Foundation locale. The current one is the world's (`en_US_POSIX` unless the
/// project says otherwise), never the machine's.
public final class LocaleObject: BridgeObject {
    /// Set once, by `initWithLocaleIdentifier` (Objective-C's alloc-then-init).
    public private(set) var locale: Locale

    init(_ locale: Locale) { self.locale = locale }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "NSLocale", superclass: "NSObject", type: LocaleObject.self,
                allocate: { LocaleObject(environment.foundation.locale) }
            ) { c in
                c.method("initWithLocaleIdentifier") { (locale: LocaleObject, identifier: String) -> LocaleObject in
                    locale.locale = Locale(identifier: identifier)
                    return locale
                }
                c.classProperty("currentLocale") { LocaleObject(environment.foundation.locale) }
                c.classProperty("systemLocale") { LocaleObject(environment.foundation.locale) }
                c.classMethod("localeWithLocaleIdentifier") { (identifier: String) in
                    LocaleObject(Locale(identifier: identifier))
                }
                c.property("localeIdentifier") { (locale: LocaleObject) in locale.locale.identifier }
                c.method("objectForKey") { (locale: LocaleObject, key: String) -> String? in
                    switch key {
                    case "kCFLocaleIdentifierKey", "NSLocaleIdentifier": locale.locale.identifier
                    case "kCFLocaleCurrencyCodeKey", "NSLocaleCurrencyCode": locale.locale.currency?.identifier
                    case "kCFLocaleDecimalSeparatorKey", "NSLocaleDecimalSeparator": locale.locale.decimalSeparator
                    default: nil
                    }
                }
            }
        }
    }
}

/// `NSTimeZone`: a Foundation time zone. The local one is the world's (UTC unless the project
/// says otherwise).
public final class TimeZoneObject: BridgeObject {
    public let timeZone: TimeZone

    init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("NSTimeZone", superclass: "NSObject", type: TimeZoneObject.self, allocate: nil) { c in
                c.classProperty("localTimeZone") { TimeZoneObject(environment.foundation.timeZone) }
                c.classProperty("systemTimeZone") { TimeZoneObject(environment.foundation.timeZone) }
                c.classMethod("timeZoneWithName") { (name: String) in
                    TimeZone(identifier: name).map(TimeZoneObject.init)
                }
                c.classMethod("timeZoneWithAbbreviation") { (abbreviation: String) in
                    TimeZone(abbreviation: abbreviation).map(TimeZoneObject.init)
                }
                c.classMethod("timeZoneForSecondsFromGMT") { (seconds: Int) in
                    TimeZone(secondsFromGMT: seconds).map(TimeZoneObject.init)
                }
                c.property("name") { (zone: TimeZoneObject) in zone.timeZone.identifier }
                c.property("secondsFromGMT") { (zone: TimeZoneObject) in zone.timeZone.secondsFromGMT() }
                c.method("secondsFromGMTForDate") { (zone: TimeZoneObject, date: DateValue) in
                    zone.timeZone.secondsFromGMT(for: date.date)
                }
            }
        }
    }
}

extension LocaleObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}

extension TimeZoneObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
