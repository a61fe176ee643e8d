import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIDatePicker's wheels in the test world's English locale and UTC, its date 2023-11-14
/// 22:13:20 (the tests' epoch); a 216-point picker at y 100, so a row below the band is at 240.
@Suite struct DatePickerTests {
    func world(mode: Int) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            picker = objc.UIDatePicker:newWithFrame(struct.CGRect(0, 100, 375, 216))
            picker.datePickerMode = \(mode)
            picker.date = objc.NSDate:dateWithTimeIntervalSince1970(1700000000)
            Target = objc.NSObject:createSubclass("DateTarget")
            Target:declareActionMethod("changed")
            function Target:changed(sender) log[#log + 1] = sender.date.timeIntervalSince1970 end
            target = Target:new()
            picker:addTarget_action_forControlEvents(target, "changed", require("UIKit.UIControl").Events.ValueChanged)
            wheels = picker.subviews[1]
            function shown(c) return wheels:viewForRow_forComponent(wheels:selectedRowInComponent(c), c).text end
            """)
        try t.world.window.addSubview(
            try #require(t.world.bridge.state.object(of: t.run("return picker")[0], as: View.self)))
        try t.world.layoutPass()
        return t
    }

    @Test func theTimeWheelsShowTheHourTheMinuteAndPM() throws {
        let t = try world(mode: 0)
        #expect(
            try t.run("return wheels.numberOfComponents, shown(0), shown(1), shown(2)") == [3, "10", "13", "PM"])
        // A tap on the minute below turns to 14: ValueChanged with the new date.
        try t.run("simulate.tap { at = { x = 187, y = 240 } } simulate.advance(0.5)")
        #expect(try t.run("return log[1], shown(1)") == [.number(1_700_000_000 - 20 + 60), "14"])
    }

    /// The minutes go round: under 59 comes 00 (the hour stays, as in UIKit), and over
    /// December comes January again.
    @Test func theWheelsGoRound() throws {
        let t = try world(mode: 0)
        try t.run(
            """
            picker.date = objc.NSDate:dateWithTimeIntervalSince1970(1700002740) -- 22:59
            wheels:layoutIfNeeded()
            below = wheels:viewForRow_forComponent(0, 1)
            """)
        #expect(try t.run("return shown(1), below.text, below.frame.origin.y > 108") == ["59", "00", true])
        try t.run("simulate.tap { at = { x = 187, y = 240 } } simulate.advance(0.5)")
        #expect(try t.run("return log[1], shown(1), shown(0)") == [1_699_999_200, "00", "10"])
        let dates = try world(mode: 1)
        try dates.run(
            """
            picker.date = objc.NSDate:dateWithTimeIntervalSince1970(1703462400) -- 2023-12-25
            wheels:layoutIfNeeded()
            simulate.tap { at = { x = 80, y = 240 } } -- January, below December: the 25th of January 2023
            simulate.advance(1)
            """)
        let january = try dates.run("return log[1], shown(0), shown(2)")
        #expect(january == [1_674_604_800, "January", "2023"], "\(january)")
    }

    @Test func theDateWheelsFollowTheLocaleAndKeepTheDayInItsMonth() throws {
        let t = try world(mode: 1)
        #expect(try t.run("return shown(0), shown(1), shown(2)") == ["November", "14", "2023"])
        try t.run(
            """
            picker.date = objc.NSDate:dateWithTimeIntervalSince1970(1675123200) -- 2023-01-31
            wheels:layoutIfNeeded()
            simulate.tap { at = { x = 80, y = 240 } } -- February, below January
            simulate.advance(1)
            """)
        // 2023-02-28, and the day wheel turned back from 31.
        #expect(try t.run("return log[1], shown(0), shown(1)") == [1_677_542_400, "February", "28"])
    }

    @Test func aDateBeyondTheMaximumTurnsBack() throws {
        let t = try world(mode: 0)
        try t.run(
            """
            picker.maximumDate = picker.date
            simulate.tap { at = { x = 187, y = 240 } }
            simulate.advance(1)
            """)
        #expect(
            try t.run("return log[1], shown(1), picker.date.timeIntervalSince1970") == [
                1_700_000_000, "13", 1_700_000_000,
            ])
    }

    @Test func aCountdownCountsHoursAndMinutes() throws {
        let t = try world(mode: 3)
        try t.run("picker.countDownDuration = 5400 wheels:layoutIfNeeded()")
        #expect(try t.run("return shown(0), shown(1)") == ["1 hour", "30 min"])
        try t.run("simulate.tap { at = { x = 80, y = 240 } } simulate.advance(1)")
        #expect(try t.run("return picker.countDownDuration, #log") == [9000, 1])
    }

    @Test func badValuesAreErrors() throws {
        let t = try world(mode: 2)
        #expect(t.error("picker.minuteInterval = 7").contains("minuteInterval must divide 60 and be 1 to 30, got 7"))
        #expect(t.error("picker.datePickerMode = 5").contains("5 is not a UIDatePickerMode"))
        #expect(t.error("picker.preferredDatePickerStyle = 4").contains("4 is not a UIDatePickerStyle"))
    }

    /// The compact style (iOS 14): the date and the time as pills (the time with a narrow
    /// no-break space before PM, as Foundation and iOS 17 write it); the date's opens the month's
    /// calendar in a card under the picker, the time's opens wheels; a tap outside closes it.
    @Test func theCompactStyleShowsPillsThatOpenACalendarOrWheels() throws {
        let t = try world(mode: 2)
        try t.run(
            """
            picker.preferredDatePickerStyle = require("UIKit.UIDatePicker").Style.Compact
            local size = picker:intrinsicContentSize()
            picker.frame = struct.CGRect(20, 100, size.width, size.height)
            picker:layoutIfNeeded()
            pills = picker.subviews[2]
            datePill, timePill = pills.subviews[1], pills.subviews[2]
            """)
        #expect(
            try t.run(
                "return picker.datePickerStyle, datePill.text, timePill.text, picker:intrinsicContentSize().height")
                == [2, "Nov 14, 2023", "10:13\u{202F}PM", 34])
        // The date pill is 129 points wide from x 20, the time pill 6 points after it. A tap on
        // the date opens the card under the pills: November 2023, its days in weeks.
        #expect(try t.run("return datePill.frame.size.width, timePill.frame.origin.x") == [129, 135])
        try t.run("simulate.tap { at = { x = 60, y = 117 } }")
        let card = "picker.window.subviews[#picker.window.subviews].subviews[1]"
        #expect(
            try t.run("return \(card).frame.origin.y, \(card).subviews[1].subviews[2].text") == [142, "November 2023"])
        // The open card's pill is in the tint.
        let tinted = "function tinted(pill) picker:layoutIfNeeded() return pill.textColor:isEqual(picker.tintColor) end"
        #expect(try t.run("\(tinted) return tinted(datePill), tinted(timePill)") == [true, false])
        // The 20th: column 1 of the fourth week, in the card's calendar (x 16 + 49 + 24.5, y 64 + 132 + 22).
        try t.run(
            """
            local calendar = \(card).subviews[1]
            local point = calendar:convertPoint_toView(struct.CGPoint(16 + 49 + 24.5, 64 + 3 * 44 + 22), nil)
            simulate.tap { at = { x = point.x, y = point.y } }
            picker:layoutIfNeeded()
            """)
        #expect(try t.run("return log[1], datePill.text") == [1_700_518_400, "Nov 20, 2023"])
        try t.run("simulate.tap { at = { x = 5, y = 600 } } picker:layoutIfNeeded()")
        #expect(
            try t.run("return picker.window.subviews[#picker.window.subviews] == picker, tinted(datePill)")
                == [true, false])
        // The time's wheels: a tap on the minute below turns it to 14, kept on the 20th.
        try t.run("simulate.tap { at = { x = 190, y = 117 } }")
        try t.run(
            """
            local wheels = \(card).subviews[1].subviews[1]
            local point = wheels:convertPoint_toView(struct.CGPoint(160, 108 + 32), nil)
            simulate.tap { at = { x = point.x, y = point.y } }
            simulate.advance(0.5)
            picker:layoutIfNeeded()
            """)
        #expect(
            try t.run("return #log, log[2], timePill.text") == [2, .number(1_700_518_400 - 20 + 60), "10:14\u{202F}PM"])
    }

    /// A date picker in the inline style, 380 points tall at y 100: `calendar` is its calendar,
    /// and `month()` the month it shows.
    func inlineWorld() throws -> TestWorld {
        let t = try world(mode: 1)
        try t.run(
            """
            picker.preferredDatePickerStyle = require("UIKit.UIDatePicker").Style.Inline
            picker.frame = struct.CGRect(0, 100, 375, 380)
            picker:layoutIfNeeded()
            calendar = picker.subviews[2]
            function month() return calendar.subviews[2].text end
            """)
        return t
    }

    /// The inline style (iOS 14) shows November 2023 as a calendar: it starts on a Wednesday,
    /// so with 49-point columns from x 16 and 44-point rows from y 164, the 20th (a Monday) is
    /// at (89.5, 318). A tap there moves the date to it at the same time of day.
    @Test func theInlineStyleIsACalendarWhoseDaysTakeTaps() throws {
        let t = try inlineWorld()
        #expect(
            try t.run("return picker.datePickerStyle, picker:intrinsicContentSize().height, month(), wheels.hidden")
                == [3, 328, "November 2023", true])
        try t.run("simulate.tap { at = { x = 89.5, y = 318 } }")
        #expect(try t.run("return log[1], picker.date.timeIntervalSince1970") == [1_700_518_400, 1_700_518_400])
        // Before the minimum date, a day takes no tap; the chevron's tap after it turns the
        // month, so the first tap was delivered and did nothing.
        try t.run(
            """
            picker.minimumDate = objc.NSDate:dateWithTimeIntervalSince1970(1700000000 - 2 * 86400)
            simulate.tap { at = { x = 40.5, y = 230 } }
            simulate.tap { at = { x = 337, y = 122 } }
            picker:layoutIfNeeded()
            """)
        #expect(try t.run("return month(), #log") == ["December 2023", 1])
        // A time adds its row; another mode brings the wheels back.
        try t.run("picker.datePickerMode = 2")
        #expect(try t.run("return picker:intrinsicContentSize().height, picker.datePickerStyle") == [378, 3])
        try t.run("picker.datePickerMode = 0")
        #expect(try t.run("return picker.datePickerStyle, wheels.hidden") == [1, false])
    }

    /// A tap on the inline calendar's title shows the month and year wheels in the days' place
    /// (216 points tall, centred in them: the band's centre at y 286, the next row at 318); a
    /// turned wheel shows another month, and leaves the date as it was.
    @Test func theInlineTitleOpensMonthAndYearWheels() throws {
        let t = try inlineWorld()
        try t.run(
            """
            simulate.tap { at = { x = 60, y = 122 } }
            picker:layoutIfNeeded()
            monthWheels = calendar.subviews[#calendar.subviews]
            function chosen(c) return monthWheels:viewForRow_forComponent(monthWheels:selectedRowInComponent(c), c).text end
            """)
        #expect(
            try t.run("return monthWheels.hidden, chosen(0), chosen(1), calendar.subviews[5].hidden")
                == [false, "November", "2023", true])
        try t.run(
            """
            simulate.tap { at = { x = 100, y = 318 } }
            simulate.advance(1)
            picker:layoutIfNeeded()
            """)
        #expect(try t.run("return chosen(0), month(), #log") == ["December", "December 2023", 0])
        try t.run("simulate.tap { at = { x = 60, y = 122 } } picker:layoutIfNeeded()")
        #expect(
            try t.run("return monthWheels.hidden, calendar.subviews[5].hidden, month()") == [
                true, false, "December 2023",
            ])
    }
}
