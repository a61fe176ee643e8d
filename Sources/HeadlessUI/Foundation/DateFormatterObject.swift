import Foundation
import ObjectBridge

/// `NSDateFormatter`: Foundation's own formatter (ICU underneath), with the world's locale and
/// time zone until others are set.
public final class DateFormatterObject: BridgeObject {
    let formatter = DateFormatter()

    init(_ context: FoundationContext) {
        formatter.locale = context.locale
        formatter.timeZone = context.timeZone
    }

    /// `NSDateFormatterStyle`.
    static let styles: [(String, Int)] = [
        ("NoStyle", 0), ("ShortStyle", 1), ("MediumStyle", 2), ("LongStyle", 3), ("FullStyle", 4),
    ]

    static func style(_ value: Int) throws -> DateFormatter.Style {
        guard let style = DateFormatter.Style(rawValue: UInt(max(0, value))), value >= 0 else {
            throw ScriptValueError("\(value) is not an NSDateFormatterStyle")
        }
        return style
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let context = environment.foundation
            return NativeClass(
                "NSDateFormatter", superclass: "NSObject", type: DateFormatterObject.self,
                allocate: { DateFormatterObject(context) }
            ) { c in
                c.property("dateFormat", get: { $0.formatter.dateFormat }, set: { $0.formatter.dateFormat = $1 })
                c.property(
                    "dateStyle", get: { Int($0.formatter.dateStyle.rawValue) },
                    set: { $0.formatter.dateStyle = try style($1) })
                c.property(
                    "timeStyle", get: { Int($0.formatter.timeStyle.rawValue) },
                    set: { $0.formatter.timeStyle = try style($1) })
                c.property(
                    "locale", get: { LocaleObject($0.formatter.locale) as LocaleObject? },
                    set: { $0.formatter.locale = $1?.locale ?? context.locale })
                c.property(
                    "timeZone", get: { TimeZoneObject($0.formatter.timeZone) as TimeZoneObject? },
                    set: { $0.formatter.timeZone = $1?.timeZone ?? context.timeZone })
                c.property("lenient", get: { $0.formatter.isLenient }, set: { $0.formatter.isLenient = $1 })
                c.method("stringFromDate") { (object: DateFormatterObject, date: DateValue) in
                    object.formatter.string(from: date.date)
                }
                c.method("dateFromString") { (object: DateFormatterObject, text: String) in
                    object.formatter.date(from: text).map(DateValue.init)
                }
                c.classMethod("dateFormatFromTemplate_options_locale") {
                    (template: String, _: Int, locale: LocaleObject?) in
                    DateFormatter.dateFormat(
                        fromTemplate: template, options: 0, locale: locale?.locale ?? context.locale)
                }
                c.classMethod("localizedStringFromDate_dateStyle_timeStyle") {
                    (date: DateValue, dateStyle: Int, timeStyle: Int) in
                    let formatter = DateFormatter()
                    (formatter.locale, formatter.timeZone) = (context.locale, context.timeZone)
                    formatter.dateStyle = try style(dateStyle)
                    formatter.timeStyle = try style(timeStyle)
                    return formatter.string(from: date.date)
                }
                c.enumeration("Style", module: "Foundation.NSDateFormatter", styles)
            }
        }
    }
}

extension DateFormatterObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
