import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// A CodeFlow project in the shape of Celedev's TextKit samples, run live: a `.luapp` whose
/// binding library declares the app's native classes, a storyboard whose controller the app
/// delegate extends in Lua at launch, a text storage subclass whose Objective-C store is a Lua
/// stand-in, a round container, RTF from the bundle, and a saved module that colours again.
@Suite(.serialized) struct TextKitProjectTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="8191" \
        targetRuntime="iOS.CocoaTouch.iPad" initialViewController="main">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="main" customClass="ViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="768" height="1024"/>
                                <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let rtf = #"""
        {\rtf1\ansi\ansicpg1252{\fonttbl\f0\fnil\fcharset0 Georgia;}{\colortbl;\red0\green0\blue255;}
        \pard\qc\f0\fs40\cf1 A round kit\par
        \pard\qj\fs24\cf0 Words in a kit fill a circle, one line at a time, as the kit sets them: short at the top, long in the middle, short again at the bottom of the round kit.}
        """#

    static func files(highlight: String) -> [String: String] {
        [
            "Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Program Format Version</key><string>0.9</string></dict></plist>
            """,
            "rebound.json": #"{"appDelegate": "AppDelegate", "mainStoryboard": "Main", "device": "768x1024@2"}"#,
            "BindingLibs/Demo.luabindings/LuaAPI/Highlighter.lua":
                #"local Highlighter = objc.classInterface ("Highlighter") --[[ @inherits NSTextStorage]]"#,
            "BindingLibs/Demo.luabindings/LuaAPI/ViewController.lua":
                #"local ViewController = objc.classInterface ("ViewController") --[[ @inherits UIViewController]]"#,
            "Source/Main.storyboard": storyboard,
            "Source/Words.rtf": rtf,
            "Source/Sentinel.lua": "return 0",
            // The app's Objective-C part: the store's four primitives and the flag it sets.
            "Source/HighlighterNative.lua": """
            local Highlighter = class.extendClass(objc.Highlighter)
            function Highlighter:string() return self.store.string end
            function Highlighter:attributesAtIndex_effectiveRange(index, range)
                return self.store:attributesAtIndex_effectiveRange(index, range)
            end
            function Highlighter:replaceCharactersInRange_withString(range, text)
                local before = self.store.length
                self.store:replaceCharactersInRange_withString(range, text)
                self:edited_range_changeInLength(objc.NSTextStorage.EditActions.Characters
                    | objc.NSTextStorage.EditActions.Attributes, range, self.store.length - before)
                self.needsHighlight = true
            end
            function Highlighter:setAttributes_range(attributes, range)
                self.store:setAttributes_range(attributes, range)
                self:edited_range_changeInLength(objc.NSTextStorage.EditActions.Attributes, range, 0)
            end
            return Highlighter
            """,
            "Source/RangeMethods.lua": """
            local NsRange = require "Foundation.NSRange"
            function struct.NSRange:maxLocation() return NsRange.NSMaxRange(self) end
            """,
            "Source/Highlighter.lua": """
            require "RangeMethods"
            local NsString = require "Foundation.NSString"
            local Highlighter = class.extendClass(objc.Highlighter)
            local colour = objc.UIColor.\(highlight)

            function Highlighter:init()
                self[objc.NSTextStorage]:init()
                self.store = objc.NSMutableAttributedString:new()
                self:addMessageHandler("Highlighter updated", "refresh")
            end

            function Highlighter:processEditing()
                if self.needsHighlight then self:highlight(self.editedRange) end
                self[objc.NSTextStorage]:processEditing()
            end

            function Highlighter:highlight(range)
                local text = self.store.string
                local lines = text:lineRangeForRange(struct.NSRange(range.location, 0))
                local last = text:lineRangeForRange(struct.NSRange(range:maxLocation(), 0))
                local from, to = math.min(lines.location, last.location), math.max(lines:maxLocation(), last:maxLocation())
                text:enumerateSubstringsInRange_options_usingBlock(struct.NSRange(from, to - from),
                    NsString.EnumerationOptions.ByWords, function(word, wordRange)
                        if word:lowercaseString() == "kit" then
                            self:addAttributes_range({ NSColor = colour }, wordRange)
                        end
                    end)
            end

            function Highlighter:refresh()
                self:beginEditing()
                self:highlight(struct.NSRange(0, self.store.length))
                self:endEditing()
            end

            message.post("Highlighter updated")
            return Highlighter
            """,
            "Source/Round.lua": """
            local Round = class.createClass("Round", objc.NSTextContainer)
            function Round:lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect(proposed, index, direction)
                local base, rest = self[objc.NSTextContainer]:lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect(
                    proposed, index, direction)
                local radius = self.size.width / 2
                local y = math.abs(base.origin.y + base.size.height / 2 - radius)
                local width = y < radius and math.floor(math.sqrt(radius * radius - y * y) * 2) or 0
                return struct.CGRect(radius - width / 2, base.origin.y, width, base.size.height), rest
            end
            return Round
            """,
            "Source/ViewController.lua": """
            local Round = require "Round"
            local ViewController = class.extendClass(objc.ViewController)
            function ViewController:viewDidLoad()
                self[ViewController.superclass]:viewDidLoad()
                local url = objc.NSBundle.mainBundle:URLForResource_withExtension("Words", "rtf")
                local storage = objc.Highlighter:newWithFileURL_options_documentAttributes_error(url, {}, nil, nil)
                local manager = objc.NSLayoutManager:new()
                storage:addLayoutManager(manager)
                local container = Round:newWithSize(struct.CGSize(400, 400))
                manager:addTextContainer(container)
                self.textView = objc.UITextView:newWithFrame_textContainer(struct.CGRect(184, 200, 400, 416), container)
                self.view:addSubview(self.textView)
            end
            return ViewController
            """,
            "Source/AppDelegate.lua": """
            require "Sentinel"
            local AppDelegate = class.createClass("AppDelegate", objc.UIResponder)
            function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
                require "HighlighterNative"
                require "Highlighter"
                require "ViewController"
                return true
            end
            return AppDelegate
            """,
        ]
    }

    /// Where "kit" is red, and the lines' widths from the top.
    static let probe = """
        local view = objc.UIApplication.sharedApplication.keyWindow.rootViewController.textView
        local storage, manager = view.textStorage, view.layoutManager
        local found = storage.string:rangeOfString("kit")
        local widths = {}
        manager:enumerateLineFragmentsForGlyphRange_usingBlock(manager:glyphRangeForTextContainer(view.textContainer),
            function(rect) widths[#widths + 1] = rect.size.width end)
        """

    @Test func theProjectRunsAndColoursAgainWhenSaved() throws {
        let project = try LiveProject(Self.files(highlight: "redColor"))
        #expect(project.events.filter(\.isError).isEmpty, "\(project.events.filter(\.isError))")
        let shown = try project.run(
            Self.probe + """
                return storage.string:sub(1, 11), storage:attributesAtIndex_effectiveRange(found.location, nil).NSColor
                    :isEqual(objc.UIColor.redColor), #widths > 4, widths[1] < widths[3], storage.store ~= nil
                """)
        #expect(shown == ["A round kit", true, true, true, true])
        try project.save(
            "Source/Highlighter.lua", Self.files(highlight: "orangeColor")["Source/Highlighter.lua"] ?? "",
            as: .inPlace)
        #expect(project.waitFor(.reloaded) >= 1)
        #expect(
            try project.run(
                Self.probe + """
                    return storage:attributesAtIndex_effectiveRange(found.location, nil).NSColor
                        :isEqual(objc.UIColor.orangeColor)
                    """) == [true])
        #expect(project.events.filter(\.isError).isEmpty, "\(project.events.filter(\.isError))")
    }
}
