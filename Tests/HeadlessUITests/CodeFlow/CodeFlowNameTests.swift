import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Celedev's samples as they are: modules named after the SDK's headers, enums under CodeFlow's
/// names (Rebound's earlier names still answer), Core Foundation's release functions, and
/// `UIDevice` from the device profile.
@Suite struct CodeFlowNameTests {
    @Test(arguments: [
        ("UITableViewCellAccessory", "UITableViewCellAccessoryType", "UIKit.UITableViewCell", "Accessory"),
        ("UIButtonType", "UIButtonType", "UIKit.UIButton", "Type"),
        ("kCGGradientDraws", "CGGradientDrawingOptions", "CoreGraphics.CGGradient", "Draws"),
        ("UIRectEdge", "UIRectEdge", "UIKit.UIGeometry", "UIRectEdge"),
        ("kCGLineJoin", "CGLineJoin", "CoreGraphics.CGPath", "CGLineJoin"),
        ("NSDateFormatter", "NSDateFormatterStyle", "Foundation.NSDateFormatter", "Style"),
        ("UIUserInterfaceIdiom", "UIUserInterfaceIdiom", "UIKit.UIDevice", "UIUserInterfaceIdiom"),
        (
            "UIControlContentVerticalAlignment", "UIControlContentVerticalAlignment", "UIKit.UIControl",
            "ContentVerticalAlignment"
        ),
    ])
    func anEnumsNameIsItsConstantsPrefixLessTheHeadersClass(
        constants: String, type: String, module: String, name: String
    ) {
        #expect(EnumDescription.codeFlowName(constants: constants, type: type, module: module) == name)
    }

    @Test func theSamplesModulesAndEnums() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local NSPropertyList = require "Foundation.NSPropertyList"
            local CgPath = require "CoreGraphics.CGPath"
            local UiDevice = require "UIKit.UIDevice"
            local UiTableViewCell, UiButton = require "UIKit.UITableViewCell", require "UIKit.UIButton"
            local UiControl, UiGeometry = require "UIKit.UIControl", require "UIKit.UIGeometry"
            local CgGradient = require "CoreGraphics.CGGradient"
            assert(require "Foundation.NSPropertyListSerialization" == NSPropertyList, "the old name is the same module")
            return CgPath.CGLineJoin.Round, CgPath.CGLineCap.Round, UiDevice.UIUserInterfaceIdiom.Pad,
                UiTableViewCell.Accessory.DetailDisclosureButton, UiTableViewCell.AccessoryType.DetailDisclosureButton,
                objc.UITableViewCell.Accessory.Checkmark, UiButton.Type.Custom, UiButton.ButtonType.System,
                UiControl.ContentVerticalAlignment.Center, UiControl.ContentHorizontalAlignment.Right,
                UiGeometry.UIRectEdge.None, UiGeometry.RectEdge.All, CgGradient.Draws.AfterEndLocation,
                NSPropertyList.Format.XMLFormat_v1_0, UiControl.Event.TouchDown, UiControl.Events.TouchUpInside,
                require("UIKit.NSParagraphStyle").NSLineBreakBy.TruncatingTail
            """)
        #expect(results == [1, 1, 1, 2, 2, 3, 0, 1, 0, 2, 0, 15, 2, 100, 1, 64, 4])
    }

    @Test func releaseFunctionsTakeTheirObjectAndNothingElse() throws {
        let t = try TestWorld()
        try t.run(
            """
            local CgColorSpace, CgGradient = require "CoreGraphics.CGColorSpace", require "CoreGraphics.CGGradient"
            local space = CgColorSpace.CreateDeviceRGB()
            local gradient = CgGradient.CreateWithColorComponents(space, { 1, 0, 0, 1, 0, 0, 1, 1 }, { 0, 1 }, 2)
            CgColorSpace.Release(space)
            CgGradient.Release(gradient)
            require("CoreGraphics.CGPath").Release(objc.UIBezierPath:bezierPath().CGPath)
            require("CoreGraphics.CGColor").Release(objc.UIColor.redColor.CGColor)
            require("CoreFoundation.CFBase").CFRelease(space)
            """)
        #expect(t.error("require('CoreGraphics.CGColorSpace').Release(42)").contains("CGColorSpace.Release"))
        #expect(t.error("require('CoreGraphics.CGGradient').Release(nil)").contains("CGGradient.Release"))
        #expect(t.error("require('CoreFoundation.CFBase').CFRelease('text')").contains("CFRelease"))
    }

    @Test(arguments: [
        ("phone", "iPhone", 0), ("tablet", "iPad", 1), ("800x600@1", "iPad", 1), ("320x480@2", "iPhone", 0),
    ])
    func theDeviceIsTheProfiles(profile: String, model: String, idiom: Int) throws {
        let t = try TestWorld(profile: try DeviceProfile(parsing: profile))
        let results = try t.run(
            """
            local device = objc.UIDevice.currentDevice
            return device.systemVersion, device.model, device.userInterfaceIdiom, device.systemName,
                device == objc.UIDevice:currentDevice()
            """)
        #expect(
            results == [
                .string(DeviceProfile.defaultSystemVersion), .string(model), .integer(Int64(idiom)), "iOS", true,
            ])
    }

    @Test func aButtonsContentFollowsItsAlignments() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local UiControl = require "UIKit.UIControl"
            local button = objc.UIButton:buttonWithType(0)
            button.frame = struct.CGRect(0, 0, 200, 100)
            button:setTitle_forState("Go", 0)
            objc.UIApplication.sharedApplication.keyWindow:addSubview(button)
            button:layoutIfNeeded()
            local centred = button.titleLabel.frame
            button.contentHorizontalAlignment = UiControl.ContentHorizontalAlignment.Right
            button.contentVerticalAlignment = UiControl.ContentVerticalAlignment.Top
            button:layoutIfNeeded()
            local moved = button.titleLabel.frame
            return centred.origin.x > 0 and centred.origin.y > 0, moved:getMaxX(), moved.origin.y
            """)
        #expect(results == [true, 200, 0])
        #expect(
            t.error("objc.UIButton:new().contentVerticalAlignment = 9").contains(
                "contentVerticalAlignment must be one of 0 to 3"))
    }
}
