import Foundation
import LuaRuntime
import Testing

/// RTF through NSAttributedString's document methods: read into fonts, colours and paragraph
/// styles, written back, and read again to the same runs.
@Suite struct RTFDocumentTests {
    static let document = #"""
        {\rtf1\ansi\ansicpg1252\cocoartf2580
        {\fonttbl\f0\fnil\fcharset0 GillSans;\f1\fnil\fcharset0 NoSuchFont;}
        {\colortbl;\red255\green255\blue255;\red0\green68\blue254;}
        \pard\qc\sa240
        \f0\fs52 \cf2 With \b bold\b0  and \i italic\i0\par
        \pard\qj\li720\sl-480\slmult0\f1\fs24\cf0 \ul Unknown\ulnone  font, caf\'e9\up6 !}
        """#

    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            local names = require "UIKit.NSAttributedString"
            options = { [names.NSDocumentTypeDocumentAttribute] = names.NSRTFTextDocumentType }
            function fromRTF(data, given)
                return objc.NSAttributedString:newWithData_options_documentAttributes_error(data, given or options,
                    nil, nil)
            end
            blue = objc.UIColor:colorWithRed_green_blue_alpha(0, 68 / 255, 254 / 255, 1)
            function describe(text)
                local parts = {}
                text:enumerateAttributesInRange_options_usingBlock({ location = 0, length = text.length }, 0,
                    function(attributes, range)
                        local font, color, style = attributes.NSFont, attributes.NSColor, attributes.NSParagraphStyle
                        parts[#parts + 1] = string.format("%d+%d %s %g %s a%d %s", range.location, range.length,
                            font.fontName, font.pointSize, color and (color:isEqual(blue) and "blue" or "other") or "-",
                            style.alignment, tostring(attributes.NSUnderline or attributes.NSBaselineOffset or ""))
                    end)
                return table.concat(parts, " | ")
            end
            """)
        return t
    }

    @Test func rtfIsReadIntoFontsColoursAndParagraphStyles() throws {
        let t = try world()
        // An unknown font is the system font; the paragraph break takes the formatting it is in
        // (\\i0 before \\par). The document attributes come after the text (`new` gives the text alone).
        try t.run(
            """
            text, attributes = objc.NSMutableAttributedString:new():initWithData_options_documentAttributes_error(
                [==[\(Self.document)]==], options, nil, nil)
            """)
        #expect(
            try t.run("return text.string, attributes.DocumentType") == [
                "With bold and italic\nUnknown font, café!", "NSRTF",
            ])
        let described = try t.run("return describe(text)")
        #expect(
            described == [
                .string(
                    "0+5 GillSans 26 blue a1  | 5+4 GillSans-Bold 26 blue a1  | 9+5 GillSans 26 blue a1  | "
                        + "14+6 GillSans-Italic 26 blue a1  | 20+1 GillSans 26 blue a1  | "
                        + "21+7 .SFUI-Regular 12 - a3 1 | 28+11 .SFUI-Regular 12 - a3  | 39+1 .SFUI-Regular 12 - a3 3.0"
                )
            ], "\(described)")
        let style = try t.run(
            """
            local style = text:attribute_atIndex_effectiveRange("NSParagraphStyle", 30, nil)
            local first = text:attribute_atIndex_effectiveRange("NSParagraphStyle", 0, nil)
            return style.headIndent, style.firstLineHeadIndent, style.minimumLineHeight, style.maximumLineHeight,
                first.paragraphSpacing
            """)
        #expect(style == [36, 36, 24, 24, 12])
    }

    @Test func writtenRTFReadsBackToTheSameRuns() throws {
        let t = try world()
        let results = try t.run(
            """
            local text = fromRTF([==[\(Self.document)]==])
            local data = text:dataFromRange_documentAttributes_error({ location = 0, length = text.length }, options, nil)
            local again = fromRTF(data)
            return again.string == text.string, describe(again) == describe(text), data.length > 100
            """)
        #expect(results == [true, true, true])
    }

    @Test func unreadableRTFIsAnErrorNamingTheByte() throws {
        let t = try world()
        #expect(t.error("fromRTF('{\\\\rtf1 \\\\\\'zz}')").contains("the RTF data: RTF at byte 7"))
        #expect(t.error("fromRTF('plain words')").contains("the RTF data: RTF at byte 0: an RTF document begins"))
        #expect(try t.run("return fromRTF('plain words', { DocumentType = 'NSPlainText' }).string") == ["plain words"])
    }

    /// Numbers a script gave are written within what RTF readers take.
    @Test func hugeNumbersAreWrittenBounded() throws {
        let t = try world()
        let results = try t.run(
            """
            local text = objc.NSMutableAttributedString:newWithString("far")
            text:addAttribute_value_range("NSBaselineOffset", 1e300, { location = 0, length = 3 })
            local data = text:dataFromRange_documentAttributes_error({ location = 0, length = 3 }, options, nil)
            return fromRTF(data).string
            """)
        #expect(results == ["far"])
    }
}
