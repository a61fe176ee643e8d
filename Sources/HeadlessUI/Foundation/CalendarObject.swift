import Foundation
import ObjectBridge

/// `NSCalendar`: Foundation's calendar, in the world's time zone and locale unless set.
public final class CalendarObject: BridgeObject {
    var calendar: Calendar

    init(_ calendar: Calendar) { self.calendar = calendar }

    /// `NSCalendarUnit`, and the Foundation components each bit stands for.
    static let units: [(name: String, bit: Int, component: Calendar.Component)] = [
        ("Era", 1 << 1, .era), ("Year", 1 << 2, .year), ("Month", 1 << 3, .month), ("Day", 1 << 4, .day),
        ("Hour", 1 << 5, .hour), ("Minute", 1 << 6, .minute), ("Second", 1 << 7, .second),
        ("Weekday", 1 << 9, .weekday),
        ("WeekdayOrdinal", 1 << 10, .weekdayOrdinal), ("Quarter", 1 << 11, .quarter),
        ("WeekOfMonth", 1 << 12, .weekOfMonth),
        ("WeekOfYear", 1 << 13, .weekOfYear), ("YearForWeekOfYear", 1 << 14, .yearForWeekOfYear),
        ("Nanosecond", 1 << 15, .nanosecond),
    ]

    static func components(_ bits: Int) -> Set<Calendar.Component> {
        Set(units.filter { bits & $0.bit != 0 }.map(\.component))
    }

    static let identifiers: [String: Calendar.Identifier] = [
        "gregorian": .gregorian, "buddhist": .buddhist, "chinese": .chinese, "coptic": .coptic, "hebrew": .hebrew,
        "indian": .indian, "islamic": .islamic, "islamic-civil": .islamicCivil, "japanese": .japanese,
        "persian": .persian,
        "republic-of-china": .republicOfChina, "iso8601": .iso8601,
    ]

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let context = environment.foundation
            func make(_ identifier: Calendar.Identifier) -> CalendarObject {
                var calendar = Calendar(identifier: identifier)
                (calendar.timeZone, calendar.locale) = (context.timeZone, context.locale)
                return CalendarObject(calendar)
            }
            return NativeClass("NSCalendar", superclass: "NSObject", type: CalendarObject.self, allocate: nil) { c in
                c.classProperty("currentCalendar") { make(.gregorian) }
                c.classMethod("calendarWithIdentifier") { (identifier: String) in identifiers[identifier].map(make) }
                c.property("calendarIdentifier") { (object: CalendarObject) in
                    identifiers.first { $0.value == object.calendar.identifier }?.key ?? "gregorian"
                }
                c.property(
                    "timeZone", get: { TimeZoneObject($0.calendar.timeZone) as TimeZoneObject? },
                    set: { $0.calendar.timeZone = $1?.timeZone ?? context.timeZone })
                c.property(
                    "locale", get: { LocaleObject($0.calendar.locale ?? context.locale) as LocaleObject? },
                    set: { $0.calendar.locale = $1?.locale ?? context.locale })
                c.property(
                    "firstWeekday", get: { $0.calendar.firstWeekday },
                    set: { object, day in
                        guard (1...7).contains(day) else {
                            throw ScriptValueError("firstWeekday must be from 1 to 7, got \(day)")
                        }
                        object.calendar.firstWeekday = day
                    })
                c.method("components_fromDate") { (object: CalendarObject, units: Int, date: DateValue) in
                    DateComponentsObject(object.calendar.dateComponents(components(units), from: date.date))
                }
                c.method("component_fromDate") { (object: CalendarObject, unit: Int, date: DateValue) -> Int in
                    guard let component = CalendarObject.units.first(where: { $0.bit == unit })?.component else {
                        throw ScriptValueError("\(unit) is not one NSCalendarUnit")
                    }
                    return object.calendar.component(component, from: date.date)
                }
                c.method("dateFromComponents") { (object: CalendarObject, components: DateComponentsObject) in
                    object.calendar.date(from: components.components).map(DateValue.init)
                }
                c.method("dateByAddingComponents_toDate_options") {
                    (object: CalendarObject, components: DateComponentsObject, date: DateValue, _: Int) in
                    object.calendar.date(byAdding: components.components, to: date.date).map(DateValue.init)
                }
                c.method("dateByAddingUnit_value_toDate_options") {
                    (object: CalendarObject, unit: Int, value: Int, date: DateValue, _: Int) in
                    guard let component = CalendarObject.units.first(where: { $0.bit == unit })?.component else {
                        throw ScriptValueError("\(unit) is not one NSCalendarUnit")
                    }
                    return object.calendar.date(byAdding: component, value: value, to: date.date).map(DateValue.init)
                }
                c.method("startOfDayForDate") { (object: CalendarObject, date: DateValue) in
                    DateValue(object.calendar.startOfDay(for: date.date))
                }
                c.method("isDate_inSameDayAsDate") { (object: CalendarObject, date: DateValue, other: DateValue) in
                    object.calendar.isDate(date.date, inSameDayAs: other.date)
                }
                c.enumeration("Unit", module: "Foundation.NSCalendar", units.map { ($0.name, $0.bit) })
            }
        }
    }
}

/// `NSDateComponents`: a date's parts; a part not set reads as `NSDateComponentUndefined`.
public final class DateComponentsObject: BridgeObject {
    var components: DateComponents

    init(_ components: DateComponents = DateComponents()) { self.components = components }

    /// `NSDateComponentUndefined` (NSIntegerMax).
    static let undefined = Int.max

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "NSDateComponents", superclass: "NSObject", type: DateComponentsObject.self,
                allocate: { DateComponentsObject() }
            ) { c in
                c.declared(inHeader: "NSCalendar")
                let fields: [(String, WritableKeyPath<DateComponents, Int?>)] = [
                    ("era", \.era), ("year", \.year), ("month", \.month), ("day", \.day), ("hour", \.hour),
                    ("minute", \.minute),
                    ("second", \.second), ("nanosecond", \.nanosecond), ("weekday", \.weekday),
                    ("weekdayOrdinal", \.weekdayOrdinal),
                    ("quarter", \.quarter), ("weekOfMonth", \.weekOfMonth), ("weekOfYear", \.weekOfYear),
                    ("yearForWeekOfYear", \.yearForWeekOfYear),
                ]
                for (name, keyPath) in fields {
                    c.property(
                        name, get: { $0.components[keyPath: keyPath] ?? undefined },
                        set: { object, value in
                            object.components[keyPath: keyPath] = value == undefined ? nil : value
                        })
                }
            }
        }
    }
}

extension CalendarObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}

extension DateComponentsObject.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
