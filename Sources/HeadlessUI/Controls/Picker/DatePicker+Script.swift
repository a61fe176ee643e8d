import Foundation
import ObjectBridge

extension DatePicker {
    /// Scripts' view of UIDatePicker.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIDatePicker", superclass: "UIControl", type: DatePicker.self,
                allocate: { DatePicker(environment: environment) }
            ) { c in
                c.property(
                    "datePickerMode", get: { $0.mode.rawValue },
                    set: { picker, mode in
                        try picker.setMode(try Control.Script.choice(mode, of: "UIDatePickerMode (0 to 3)"))
                    })
                c.property(
                    "date", get: { $0.date }, set: { picker, date in try picker.setDate(date, animated: false) })
                c.method("setDate_animated") { (picker: DatePicker, date: DateValue, animated: Bool) in
                    try picker.setDate(date, animated: animated)
                }
                c.property(
                    "minimumDate", get: { $0.minimumDate },
                    set: { picker, date in
                        picker.minimumDate = date
                        try picker.setDate(picker.date, animated: false)
                    })
                c.property(
                    "maximumDate", get: { $0.maximumDate },
                    set: { picker, date in
                        picker.maximumDate = date
                        try picker.setDate(picker.date, animated: false)
                    })
                c.property(
                    "minuteInterval", get: { $0.minuteInterval },
                    set: { picker, interval in try picker.setMinuteInterval(interval) })
                c.property(
                    "countDownDuration", get: { $0.countDownDuration },
                    set: { picker, seconds in try picker.setCountDownDuration(seconds) })
                c.property(
                    "preferredDatePickerStyle", get: { $0.preferredStyle },
                    set: { picker, style in
                        guard (0...3).contains(style) else {
                            throw ScriptValueError("\(style) is not a UIDatePickerStyle (0 to 3)")
                        }
                        picker.preferredStyle = style
                    })
                c.property("datePickerStyle") { (picker: DatePicker) in
                    picker.showsCalendar ? 3 : picker.showsPills ? 2 : 1
                }
                c.enumeration(
                    cType: "UIDatePickerMode", constants: "UIDatePickerMode", module: "UIKit.UIDatePicker",
                    [("Time", 0), ("Date", 1), ("DateAndTime", 2), ("CountDownTimer", 3)])
                c.enumeration(
                    cType: "UIDatePickerStyle", constants: "UIDatePickerStyle", module: "UIKit.UIDatePicker",
                    [("Automatic", 0), ("Wheels", 1), ("Compact", 2), ("Inline", 3)])
            }
        }
    }
}

extension DatePicker.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
