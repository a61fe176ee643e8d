import Foundation
import ObjectBridge

/// `NSNumberFormatter`: Foundation's own formatter (ICU underneath), with the world's locale
/// until one is set.
public final class NumberFormatterObject: BridgeObject {
    let formatter = NumberFormatter()
    private(set) var localeObject: LocaleObject? { didSet { replaceOwned(oldValue, with: localeObject) } }

    init(locale: Locale) {
        formatter.locale = locale
    }

    func setLocale(_ locale: LocaleObject?, default fallback: Locale) {
        localeObject = locale
        formatter.locale = locale?.locale ?? fallback
    }

    /// `NSNumberFormatterStyle`.
    static let styles: [(String, Int)] = [
        ("NoStyle", 0), ("DecimalStyle", 1), ("CurrencyStyle", 2), ("PercentStyle", 3), ("ScientificStyle", 4),
        ("SpellOutStyle", 5), ("OrdinalStyle", 6), ("CurrencyISOCodeStyle", 8), ("CurrencyPluralStyle", 9),
        ("CurrencyAccountingStyle", 10),
    ]

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let locale = environment.foundation.locale
            return NativeClass(
                "NSNumberFormatter", superclass: "NSObject", type: NumberFormatterObject.self,
                allocate: { NumberFormatterObject(locale: locale) }
            ) { c in
                c.property(
                    "numberStyle", get: { Int($0.formatter.numberStyle.rawValue) },
                    set: { (object: NumberFormatterObject, style: Int) in
                        guard styles.contains(where: { $0.1 == style }),
                            let value = NumberFormatter.Style(rawValue: UInt(style))
                        else {
                            throw ScriptValueError("\(style) is not an NSNumberFormatterStyle")
                        }
                        object.formatter.numberStyle = value
                    })
                c.property(
                    "locale", get: { $0.localeObject ?? LocaleObject($0.formatter.locale) as LocaleObject? },
                    set: { $0.setLocale($1, default: locale) })
                for (name, keyPath) in [
                    ("minimumFractionDigits", \NumberFormatter.minimumFractionDigits),
                    ("maximumFractionDigits", \NumberFormatter.maximumFractionDigits),
                    ("minimumIntegerDigits", \NumberFormatter.minimumIntegerDigits),
                    ("maximumIntegerDigits", \NumberFormatter.maximumIntegerDigits),
                ] {
                    c.property(
                        name, get: { $0.formatter[keyPath: keyPath] },
                        set: { object, digits in
                            guard digits >= 0, digits <= 340 else {
                                throw ScriptValueError("\(name) must be from 0 to 340, got \(digits)")
                            }
                            object.formatter[keyPath: keyPath] = digits
                        })
                }
                c.property(
                    "usesGroupingSeparator", get: { $0.formatter.usesGroupingSeparator },
                    set: { $0.formatter.usesGroupingSeparator = $1 })
                c.property("currencyCode", get: { $0.formatter.currencyCode }, set: { $0.formatter.currencyCode = $1 })
                c.property(
                    "currencySymbol", get: { $0.formatter.currencySymbol }, set: { $0.formatter.currencySymbol = $1 })
                c.property(
                    "decimalSeparator", get: { $0.formatter.decimalSeparator },
                    set: { $0.formatter.decimalSeparator = $1 })
                c.property(
                    "groupingSeparator", get: { $0.formatter.groupingSeparator },
                    set: { $0.formatter.groupingSeparator = $1 })
                c.property(
                    "positivePrefix", get: { $0.formatter.positivePrefix }, set: { $0.formatter.positivePrefix = $1 })
                c.property(
                    "positiveSuffix", get: { $0.formatter.positiveSuffix }, set: { $0.formatter.positiveSuffix = $1 })
                c.property("lenient", get: { $0.formatter.isLenient }, set: { $0.formatter.isLenient = $1 })
                c.method("stringFromNumber") { (object: NumberFormatterObject, number: Double) -> String? in
                    object.formatter.string(from: NSNumber(value: number))
                }
                // A whole number comes back as an integer, as NSNumber's Lua value is.
                c.method("numberFromString") { (object: NumberFormatterObject, text: String) -> AnyScriptValue in
                    guard let number = object.formatter.number(from: text) else { return AnyScriptValue(nil) }
                    let value = number.doubleValue
                    if value.rounded() == value, abs(value) < 9.0e15 { return AnyScriptValue(Int(value)) }
                    return AnyScriptValue(value)
                }
                c.classMethod("localizedStringFromNumber_numberStyle") { (number: Double, style: Int) -> String? in
                    let formatter = NumberFormatter()
                    formatter.locale = locale
                    guard let value = NumberFormatter.Style(rawValue: UInt(max(0, style))) else {
                        throw ScriptValueError("\(style) is not an NSNumberFormatterStyle")
                    }
                    formatter.numberStyle = value
                    return formatter.string(from: NSNumber(value: number))
                }
                c.enumeration("Style", module: "Foundation.NSNumberFormatter", styles)
            }
        }
    }
}

extension NumberFormatterObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
