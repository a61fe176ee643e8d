import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Text, fonts, labels and colours as scripts use them (the tutorial's words and cell sizes).
@Suite struct ScriptTextTests {
    @Test func wordsWithPunctuationAccentsCJKAndEmoji() throws {
        let t = try TestWorld()
        let text = "Don't panic, said Zaphod—café 42! 東京 🙂 naïve"
        let results = try t.run(
            """
            local enumeration = objc.NSString.Enumeration
            local text = ...
            """.replacingOccurrences(of: "...", with: "[[\(text)]]") + """

                local words, ranges = {}, {}
                text:enumerateSubstringsInRange_options_usingBlock({ location = 0, length = text.length }, enumeration.byWords,
                    function(word, range) words[#words + 1] = word; ranges[#ranges + 1] = range.location .. "+" .. range.length end)
                return table.concat(words, "|"), table.concat(ranges, " ")
                """)
        #expect(
            results == [
                "Don't|panic|said|Zaphod|café|42|東|京|naïve",
                "0+5 6+5 13+4 18+6 25+4 30+2 34+1 35+1 40+5",
            ])
    }

    @Test func rangesAreInUTF16UnitsAroundNonBMPCharacters() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Enumeration = require("Foundation.NSString").Enumeration
            local text = "a😀b\\u{1F1EB}\\u{1F1F7}c"
            local pieces = {}
            text:enumerateSubstringsInRange_options_usingBlock({ location = 0, length = text.length },
                Enumeration.ByComposedCharacterSequences,
                function(piece, range) pieces[#pieces + 1] = range.location .. "+" .. range.length end)
            local lines = {}
            local poem = "one\\ntwo\\r\\nthree"
            poem:enumerateSubstringsInRange_options_usingBlock({ location = 0, length = poem.length }, Enumeration.byLines,
                function(line, range, enclosing) lines[#lines + 1] = line .. ":" .. enclosing.length end)
            return text.length, table.concat(pieces, " "), table.concat(lines, " ")
            """)
        #expect(results == [9, "0+1 1+2 3+1 4+4 8+1", "one:4 two:5 three:5"])
    }

    @Test func measuredSizesAgreeWithTheEngine() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Attributes = require "UIKit.NSAttributedString"
            local font = objc.UIFont:boldSystemFontOfSize(28)
            local size = ("Yo42"):sizeWithAttributes { [Attributes.NSFontAttributeName] = font }
            local plain = ("Yo42"):sizeWithAttributes(nil)
            return size.width, size.height, plain.width, font.pointSize, font.fontName, font.familyName,
                   font.lineHeight > font.ascender - font.descender - 0.001, font.descender < 0
            """)
        let engine = t.world.text
        let bold = engine.measure("Yo42", face: "Inter Display Bold", size: 28).size
        let plain = engine.measure("Yo42", face: "Inter", size: 12).size
        #expect(results[0].numberValue == Double(bold.width) && results[1].numberValue == Double(bold.height))
        #expect(results[2].numberValue == Double(plain.width))
        #expect(Array(results[3...]) == [28, ".SFUI-Bold", ".SF UI Display", true, true])
    }

    @Test func labelsFitTheirTextWithWrappingAndLineLimits() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local label = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 10, 10))
            label.font = objc.UIFont:systemFontOfSize(20)
            label.text = "The quick brown fox jumps over the lazy dog"
            local one = label:sizeThatFits { width = 100, height = 1000 }
            label.numberOfLines = 0
            local all = label:sizeThatFits { width = 100, height = 1000 }
            label.numberOfLines = 2
            local two = label:sizeThatFits { width = 100, height = 1000 }
            label:sizeToFit()
            local empty = objc.UILabel:new():sizeThatFits { width = 100, height = 100 }
            return one.width > 100, one.height, all.width <= 100, all.height, two.height, empty.width,
                   label.frame.size.width > 0
            """)
        let line = t.world.text.measure("Yo", face: "Inter Display", size: 20).size.height.rounded(.up)
        #expect(results[0] == true && results[1].numberValue == line)
        #expect(results[2] == true && (results[3].numberValue ?? 0) > 3 * line)
        #expect((results[4].numberValue ?? 0) < 2.1 * line && (results[4].numberValue ?? 0) > 1.9 * line)
        #expect(results[5] == 0 && results[6] == true)
    }

    @Test func fontsAndColoursRefuseOrWarnAboutBadInput() throws {
        let t = try TestWorld()
        #expect(try t.run("return objc.UIFont:fontWithName_size('DejaVuSans-Bold', 10).familyName") == ["DejaVu Sans"])
        #expect(try t.run("return objc.UIFont:fontWithName_size('Zapfino', 10).fontName") == [".SFUI-Regular"])
        #expect(try t.run("return objc.UIFont:fontWithName_size('Zapfino', 12).pointSize") == [12])
        #expect(
            t.notices == [
                "UIFont: no font named 'Zapfino' (nor a stand-in for it); it is drawn in the system font (Inter). UIFont.familyNames lists the fonts Rebound has"
            ])
        #expect(t.error("objc.UIFont:systemFontOfSize(-1)").contains("font size must be a finite number from 0"))
        #expect(t.error("objc.UIFont:fontWithName_size(nil, 10)").contains("bad argument #1"))
        #expect(t.error("objc.UILabel:new().font = nil").contains("UIFont"))
        #expect(
            t.error("objc.UIColor:colorWithRed_green_blue_alpha(1.5, 0, 0, 1)")
                .contains("UIColor:colorWithRed_green_blue_alpha: red must be from 0 to 1, got 1.5"))
        #expect(
            try t.run(
                """
                local c = objc.UIColor:colorWithHue_saturation_brightness_alpha(1/3, 1, 1, 0.5).components
                return c[1], c[2], c[3], c[4]
                """) == [0, 1, 0, 0.5])
        #expect(
            try t.run(
                "return objc.UIColor.whiteColor.CGColor == objc.UIColor.whiteColor, objc.UIColor.clearColor.alpha") == [
                    true, 0,
                ])
    }
}
