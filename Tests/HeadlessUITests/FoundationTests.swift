import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Foundation for real apps: dates on the virtual clock, Foundation's own formatters and
/// calendar in a fixed locale and time zone, timers, delayed performs and notifications. The
/// world's clock starts at 2023-11-14 22:13:20 UTC (1,700,000,000 seconds after 1970).
@Suite struct FoundationTests {
    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try t.run("return " + expression).first?.numberValue ?? .nan
    }

    @Test func datesFollowTheVirtualClockAndCompareAsValues() throws {
        let t = try TestWorld()
        #expect(try number(t, "objc.NSDate:date().timeIntervalSince1970") == 1_700_000_000)
        try t.run("first = objc.NSDate:date() simulate.advance(2.5) second = objc.NSDate:date()")
        #expect(
            try t.run(
                """
                return second:timeIntervalSinceDate(first), first < second, first == objc.NSDate:dateWithTimeIntervalSince1970(1700000000),
                       first:compare(second), second:earlierDate(first) == first, tostring(first), first.timeIntervalSinceNow
                """) == [2.5, true, true, -1, true, "2023-11-14 22:13:20 +0000", -2.5])
        #expect(t.error("return objc.NSDate:date() < 3").contains("attempt to compare an NSDate with number"))
        #expect(t.error("objc.NSDate:dateWithTimeIntervalSinceNow(0/0)").contains("interval must be a finite number"))
    }

    @Test func dateFormattersFormatAndParseInTheWorldsLocaleAndOthers() throws {
        let t = try TestWorld()
        try t.run(
            """
            formatter = objc.NSDateFormatter:new()
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            now = objc.NSDate:date()
            """)
        #expect(
            try t.run(
                "return formatter:stringFromDate(now), formatter.timeZone.name, formatter.locale.localeIdentifier")
                == ["2023-11-14 22:13", "GMT", "en_US_POSIX"])  // Foundation names UTC GMT
        // 2024-02-29 12:00 UTC is 1,709,208,000 seconds after 1970.
        #expect(try number(t, "formatter:dateFromString('2024-02-29 12:00').timeIntervalSince1970") == 1_709_208_000)
        #expect(try t.run("return formatter:dateFromString('not a date')") == [nil])
        try t.run("formatter.timeZone = objc.NSTimeZone:timeZoneWithName('Europe/Paris')")
        #expect(try t.run("return formatter:stringFromDate(now)") == ["2023-11-14 23:13"])
        let styles = try t.run(
            """
            local Style = require("Foundation.NSDateFormatter").Style
            local long = objc.NSDateFormatter:new()
            long.dateStyle = Style.LongStyle
            long.locale = objc.NSLocale:localeWithLocaleIdentifier("en_US")
            local english = long:stringFromDate(now)
            long.locale = objc.NSLocale:localeWithLocaleIdentifier("fr_FR")
            local french = long:stringFromDate(now)
            long.locale = objc.NSLocale:localeWithLocaleIdentifier("de_DE")
            return english, french, long:stringFromDate(now)
            """)
        #expect(styles == ["November 14, 2023", "14 novembre 2023", "14. November 2023"])
        #expect(t.error("formatter:stringFromDate(nil)").contains("NSDate expected"))
        #expect(t.error("formatter.dateStyle = 9").contains("9 is not an NSDateFormatterStyle"))
    }

    @Test func numberFormattersFormatAndParseInTheWorldsLocaleAndOthers() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Style = require("Foundation.NSNumberFormatter").Style
            local plain = objc.NSNumberFormatter:new()
            plain.numberStyle = Style.DecimalStyle
            local posix = plain:stringFromNumber(1234567.891)
            plain.locale = objc.NSLocale:localeWithLocaleIdentifier("en_US")
            local english = plain:stringFromNumber(1234567.891)
            plain.maximumFractionDigits = 2
            local rounded = plain:stringFromNumber(3.14159)
            local parsed, nothing = plain:numberFromString("1,234.5"), plain:numberFromString("abc")
            local money = objc.NSNumberFormatter:new()
            money.numberStyle = Style.CurrencyStyle
            money.locale = objc.NSLocale:localeWithLocaleIdentifier("en_US")
            local dollars = money:stringFromNumber(1234.5)
            money.locale = objc.NSLocale:localeWithLocaleIdentifier("de_DE")
            local euros = money:stringFromNumber(1234.5)
            local percent = objc.NSNumberFormatter:new()
            percent.numberStyle = Style.PercentStyle
            percent.locale = objc.NSLocale:localeWithLocaleIdentifier("en_US")
            return posix, english, rounded, parsed, nothing, dollars, euros, percent:stringFromNumber(0.25),
                   plain:numberFromString("42"), math.type(plain:numberFromString("42"))
            """)
        // ICU groups thousands in en_US_POSIX, as in en_US.
        #expect(
            results == [
                "1,234,567.891", "1,234,567.891", "3.14", 1234.5, nil, "$1,234.50", "1.234,50\u{A0}€", "25%", 42,
                "integer",
            ])
        #expect(t.error("objc.NSNumberFormatter:new().numberStyle = 7").contains("7 is not an NSNumberFormatterStyle"))
        #expect(t.error("objc.NSNumberFormatter:new():stringFromNumber('many')").contains("number expected"))
    }

    @Test func calendarArithmeticCrossesAMonthEndAndALeapDay() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Unit = require("Foundation.NSCalendar").Unit
            local calendar = objc.NSCalendar.currentCalendar
            local parts = calendar:components_fromDate(Unit.Year | Unit.Month | Unit.Day | Unit.Hour | Unit.Weekday, objc.NSDate:date())
            local components = objc.NSDateComponents:new()
            components.year, components.month, components.day = 2024, 1, 31
            local endOfJanuary = calendar:dateFromComponents(components)
            local month = objc.NSDateComponents:new()
            month.month = 1
            local day = objc.NSDateComponents:new()
            day.day = 1
            local formatter = objc.NSDateFormatter:new()
            formatter.dateFormat = "yyyy-MM-dd"
            local leap = calendar:dateByAddingComponents_toDate_options(month, endOfJanuary, 0)
            local after = calendar:dateByAddingComponents_toDate_options(day, leap, 0)
            return parts.year, parts.month, parts.day, parts.hour, parts.weekday, parts.minute == 0x7fffffffffffffff,
                   formatter:stringFromDate(leap), formatter:stringFromDate(after),
                   calendar:component_fromDate(Unit.Day, leap), objc.NSCalendar:calendarWithIdentifier("klingon")
            """)
        // 2023-11-14 was a Tuesday: weekday 3 in the Gregorian calendar (Sunday is 1).
        #expect(results == [2023, 11, 14, 22, 3, true, "2024-02-29", "2024-03-01", 29, nil])
        #expect(
            t.error("objc.NSCalendar.currentCalendar:component_fromDate(6, objc.NSDate:date())").contains(
                "6 is not one NSCalendarUnit"))
    }

    @Test func timersFireInOrderOnTheClockAndStopWhenInvalidated() throws {
        let t = try TestWorld()
        try t.run(
            """
            fired = {}
            objc.NSTimer:scheduledTimerWithTimeInterval_repeats_block(1, false, function() fired[#fired + 1] = "a" end)
            objc.NSTimer:scheduledTimerWithTimeInterval_repeats_block(1, false, function() fired[#fired + 1] = "b" end)
            ticker = objc.NSTimer:scheduledTimerWithTimeInterval_repeats_block(0.5, true, function(timer)
                fired[#fired + 1] = "tick"
                if #fired >= 6 then timer:invalidate() end
            end)
            Target = objc.NSObject:createSubclass "TimerTarget"
            function Target:ring(timer) fired[#fired + 1] = timer.userInfo.label end
            objc.NSTimer:scheduledTimerWithTimeInterval_target_selector_userInfo_repeats(2, Target:new(), "ring", { label = "ring" }, false)
            collectgarbage() collectgarbage()
            simulate.advance(0.9)
            """)
        #expect(try t.run("return table.concat(fired, ' ')") == ["tick"])
        try t.run("simulate.advance(5)")
        // At 1 s: the two one-shot timers in the order they were scheduled, then the ticker
        // (scheduled after them); at 2 s the target's method (kept by the timer) after the ticker.
        #expect(try t.run("return table.concat(fired, ' '), ticker.valid") == ["tick a b tick tick ring tick", false])
        // A selector the target does not answer is refused when it is handed over, not at each tick.
        #expect(
            t.error(
                "objc.NSTimer:scheduledTimerWithTimeInterval_target_selector_userInfo_repeats(1, Target:new(), 'nothing', nil, false)"
            ).hasPrefix("test:1: TimerTarget has no method 'nothing' for an NSTimer's selector"))
    }

    @Test func aDelayedPerformRunsOnTheClockUnlessCancelled() throws {
        let t = try TestWorld()
        try t.run(
            """
            calls = {}
            Worker = objc.NSObject:createSubclass "Worker"
            function Worker:refresh(what) calls[#calls + 1] = what end
            local worker = Worker:new()
            worker:performSelector_withObject_afterDelay("refresh", "cancelled", 1)
            objc.NSObject:cancelPreviousPerformRequestsWithTarget(worker)
            worker:performSelector_withObject_afterDelay("refresh", "kept", 1)
            worker = nil
            collectgarbage()
            dispatch_after(1.2, function() calls[#calls + 1] = "dispatched" end)
            simulate.advance(0.5)
            early = #calls
            simulate.advance(1)
            """)
        #expect(try t.run("return early, table.concat(calls, ' ')") == [0, "kept dispatched"])
        #expect(
            t.error("dispatch_after(1, 'soon')").contains("dispatch_after expects a number of seconds and a function"))
    }

    @Test func notificationsReachTheirObserversUntilTheyGoAway() throws {
        let t = try TestWorld()
        try t.run(
            """
            heard = {}
            Listener = objc.NSObject:createSubclass "Listener"
            function Listener:changed(note) heard[#heard + 1] = self.tag .. ":" .. note.name .. ":" .. tostring(note.userInfo and note.userInfo.count) end
            center = objc.NSNotificationCenter.defaultCenter
            kept, dropped = Listener:new(), Listener:new()
            kept.tag, dropped.tag = "kept", "dropped"
            center:addObserver_selector_name_object(kept, "changed", "Changed", nil)
            center:addObserver_selector_name_object(dropped, "changed", "Changed", nil)
            token = center:addObserverForName_object_queue_usingBlock("Changed", nil, nil, function(note) heard[#heard + 1] = "block" end)
            center:postNotificationName_object_userInfo("Changed", nil, { count = 3 })
            dropped = nil
            collectgarbage() collectgarbage()
            center:removeObserver(token)
            center:postNotificationName_object("Changed", nil)
            center:postNotificationName_object("Other", nil)
            """)
        #expect(
            try t.run("return table.concat(heard, ' ')") == ["kept:Changed:3 dropped:Changed:3 block kept:Changed:nil"])
        try t.run(
            "heard = {} center:removeObserver(kept) center:postNotificationName_object('Changed', nil) sentinel = #heard"
        )
        #expect(try t.run("return sentinel") == [0])
        try t.world.post(.didBecomeActive)
        #expect(
            try t.run(
                """
                local names = require "UIKit.UIApplication"
                return names.UIApplicationDidBecomeActiveNotification
                """) == ["UIApplicationDidBecomeActiveNotification"])
    }

    @Test func userDefaultsSurviveARestartAndAFailedWriteLeavesTheOldFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-\(UUID().uuidString)")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        let file = folder.appendingPathComponent("run/defaults.json")
        let settings = FoundationSettings(epoch: TestWorld.epoch, defaultsFile: file)
        do {
            let t = try TestWorld(foundation: settings)
            try t.run(
                """
                local defaults = objc.NSUserDefaults.standardUserDefaults
                defaults:registerDefaults { volume = 5, name = "guest" }
                defaults:setInteger_forKey(3, "launches")
                defaults:setBool_forKey(true, "onboarded")
                defaults:setObject_forKey({ "a", "b" }, "recent")
                defaults:setObject_forKey({ theme = "dark", size = 2.5 }, "look")
                defaults:setObject_forKey("temporary", "scratch")
                defaults:removeObjectForKey("scratch")
                """)
            #expect(
                t.error(
                    "objc.NSUserDefaults.standardUserDefaults:setObject_forKey({ bad = objc.UIView:new() }, 'view')"
                )
                .contains("view.bad is a userdata, which no property list holds"))
            #expect(
                t.error("objc.NSUserDefaults.standardUserDefaults:setObject_forKey({ [true] = 1 }, 'keys')")
                    .contains("keys has a key of type boolean"))
        }
        // A new world (a restart) reads what the last one kept; registered defaults are not kept.
        let t = try TestWorld(foundation: settings)
        #expect(
            try t.run(
                """
                local defaults = objc.NSUserDefaults.standardUserDefaults
                local recent, look = defaults:objectForKey("recent"), defaults:objectForKey("look")
                return defaults:integerForKey("launches"), defaults:boolForKey("onboarded"), recent[2], look.theme, look.size,
                       defaults:objectForKey("scratch"), defaults:integerForKey("volume"), defaults:stringForKey("launches")
                """) == [3, true, "b", "dark", 2.5, nil, 0, "3"])
        // A write that fails (the folder cannot be written) says so and leaves the old file as it was.
        let before = try Data(contentsOf: file)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: file.deletingLastPathComponent().path)
        if getuid() != 0 {  // root writes anyway
            #expect(
                t.error("objc.NSUserDefaults.standardUserDefaults:setInteger_forKey(4, 'launches')").contains(
                    "cannot save the user defaults"))
            #expect(try Data(contentsOf: file) == before)
        }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: file.deletingLastPathComponent().path)
        // A file that cannot be read is set aside, with a warning, and the defaults start empty.
        try Data("{ not json".utf8).write(to: file)
        let fresh = try TestWorld(foundation: settings)
        #expect(try fresh.run("return objc.NSUserDefaults.standardUserDefaults:integerForKey('launches')") == [0])
        #expect(fresh.warnings.contains { $0.contains("could not be read") && $0.contains("defaults.json.unreadable") })
        #expect(FileManager.default.fileExists(atPath: file.appendingPathExtension("unreadable").path))
    }

    /// Two devices (or two runs of a project) share the defaults file: each one's keys survive
    /// the other's writes, and unreadable files set aside are numbered, never replaced.
    @Test func twoWritersMergeByKeyAndSetAsideFilesAreKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("defaults.json")
        let settings = FoundationSettings(epoch: TestWorld.epoch, defaultsFile: file)
        let phone = try TestWorld(foundation: settings)
        let tablet = try TestWorld(foundation: settings)
        try phone.run("objc.NSUserDefaults.standardUserDefaults:setInteger_forKey(1, 'phone')")
        try tablet.run("objc.NSUserDefaults.standardUserDefaults:setInteger_forKey(2, 'tablet')")
        try phone.run("objc.NSUserDefaults.standardUserDefaults:setInteger_forKey(3, 'shared')")
        try tablet.run("objc.NSUserDefaults.standardUserDefaults:removeObjectForKey('missing')")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Int]
        #expect(kept == ["phone": 1, "tablet": 2, "shared": 3], "no writer's key was lost")
        #expect(
            try TestWorld(foundation: settings).run(
                """
                local defaults = objc.NSUserDefaults.standardUserDefaults
                return defaults:integerForKey('phone'), defaults:integerForKey('tablet')
                """) == [1, 2])

        for attempt in 0..<3 {
            try Data("{ broken \(attempt)".utf8).write(to: file)
            try TestWorld(foundation: settings).run("return objc.NSUserDefaults.standardUserDefaults")
        }
        let aside = ["defaults.json.unreadable", "defaults.json.unreadable.1", "defaults.json.unreadable.2"]
        for (index, name) in aside.enumerated() {
            #expect(
                try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == "{ broken \(index)",
                "\(name)")
        }
    }

    @Test func theBundleIsTheProgramsFilesAndNothingElse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{ "title": "Hello", "count": 2, "items": [1, 2.5, true] }"#.utf8).write(
            to: folder.appendingPathComponent("Data/config.json"))
        try Data("plain text".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let t = try TestWorld()
        t.world.useProgramFiles(
            ProgramFiles(
                root: folder, identifier: "com.example.app",
                file: { path in
                    let url = folder.appendingPathComponent(path)
                    return FileManager.default.fileExists(atPath: url.path) ? url : nil
                }, info: { ["CFBundleName": "Example", "Version": 3] }))
        let results = try t.run(
            """
            local bundle = objc.NSBundle.mainBundle
            local path = bundle:pathForResource_ofType_inDirectory("config", "json", "Data")
            local text = objc.NSString:stringWithContentsOfFile_encoding_error(path, 4, nil)
            local config = objc.NSJSONSerialization:JSONObjectWithData_options_error(objc.NSData:dataWithContentsOfFile(path), 0, nil)
            local written = objc.NSJSONSerialization:dataWithJSONObject_options_error({ b = 1, a = { true, "x" } }, 2, nil)
            return bundle.bundleIdentifier, bundle.infoDictionary.CFBundleName, bundle:objectForInfoDictionaryKey("Version"),
                   bundle:pathForResource_ofType("notes", "txt") == bundle.bundlePath .. "/notes.txt", bundle:pathForResource_ofType("none", "txt"),
                   #text > 10, config.title, config.items[2], config.items[3], written:stringWithEncoding(4),
                   objc.NSJSONSerialization:JSONObjectWithData_options_error("{ broken", 0, nil),
                   bundle:URLForResource_withExtension("notes", "txt").lastPathComponent, bundle:pathForResource_ofType("../x", "txt")
            """)
        #expect(
            results == [
                "com.example.app", "Example", 3, true, nil, true, "Hello", 2.5, true, #"{"a":[true,"x"],"b":1}"#, nil,
                "notes.txt", nil,
            ])
        #expect(
            t.error("objc.NSString:stringWithContentsOfFile_encoding_error('/etc/passwd', 4, nil)")
                .contains("/etc/passwd is outside the program's files"))
        #expect(
            t.error("objc.NSString:stringWithContentsOfFile_encoding_error('notes.txt', 99, nil)").contains(
                "99 is not an NSStringEncoding"))
        #expect(
            t.error("objc.NSJSONSerialization:dataWithJSONObject_options_error({ f = print }, 0, nil)").contains(
                "value.f is a function"))
        let plist = try t.run(
            """
            local data = objc.NSPropertyListSerialization:dataWithPropertyList_format_options_error({ name = "x", list = { 1, 2 } }, 100, 0, nil)
            local back = objc.NSPropertyListSerialization:propertyListWithData_options_format_error(data, 0, nil, nil)
            local array = objc.toArray(objc.UIView:new().subviews)
            return back.name, back.list[2], type(array), #array, objc.toDictionary(back) == back
            """)
        #expect(plist == ["x", 2, "table", 0, true])
        #expect(t.error("objc.toArray(3)").contains("objc.toArray expects an NSArray or a table"))
    }
}
