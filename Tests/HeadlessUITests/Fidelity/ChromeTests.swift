import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// What UIKit's own views do besides drawing: the detail button that tells the table's
/// delegate, the switch's slide on the virtual clock, one transform for a cell's layer and view,
/// iOS 6's text measuring, and resizable images.
@Suite struct ChromeTests {
    @Test func theDetailButtonTellsTheDelegateAndDoesNotSelectTheRow() throws {
        let t = try TestWorld()
        try t.run(
            """
            calls = {}
            local Rows = objc.UITableViewController:createSubclass "Rows"
            function Rows:tableView_numberOfRowsInSection() return 3 end
            function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
                local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
                cell.textLabel.text = "Row " .. indexPath.row
                cell.accessoryType = indexPath.row == 1 and 4 or 2
                return cell
            end
            function Rows:tableView_accessoryButtonTappedForRowWithIndexPath(tableView, indexPath)
                calls[#calls + 1] = "accessory " .. indexPath.row
            end
            function Rows:tableView_didSelectRowAtIndexPath(tableView, indexPath)
                calls[#calls + 1] = "selected " .. indexPath.row
            end
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = Rows:new()
            """)
        try t.world.layoutPass()
        // Row 1 is 44 points tall from y 44 below the status bar, its detail button 22 points
        // wide, 16 points from the trailing edge.
        try t.run(
            """
            simulate.tap { at = { x = 375 - 16 - 11, y = 20 + 44 + 22 } }
            simulate.tap { at = { x = 100, y = 20 + 44 + 22 } }
            """)
        #expect(try t.run("return table.concat(calls, ', ')") == [.string("accessory 1, selected 1")])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func aSwitchSlidesOnTheVirtualClock() throws {
        let t = try TestWorld()
        try t.run(
            """
            toggle = objc.UISwitch:new()
            objc.UIApplication.sharedApplication.keyWindow:addSubview(toggle)
            toggle:setOn_animated(true, true)
            """)
        let toggle = try #require(t.world.window.subviews.compactMap { $0 as? Switch }.first)
        #expect(toggle.isOn && toggle.thumbPosition == 0, "the model is on at once; the thumb has not moved yet")
        try t.run("simulate.advance(0.125)")
        #expect(toggle.thumbPosition > 0.3 && toggle.thumbPosition < 0.7, "\(toggle.thumbPosition)")
        try t.run("simulate.advance(0.2)")
        #expect(toggle.thumbPosition == 1)
        try t.run("toggle.on = false")
        #expect(toggle.thumbPosition == 0, "without animation it jumps")
    }

    @Test func aCellsTransform3DTurnsItOnce() throws {
        let t = try TestWorld()
        try t.run(
            """
            local CaTransform3D = require "QuartzCore.CATransform3D"
            view = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
            view.layer.transform = CaTransform3D.Rotate(CaTransform3D.Identity, 0.5, 0, 0, 1)
            """)
        let angle = try t.run("local t = view.transform return math.atan(t.b, t.a)").first?.numberValue ?? 0
        #expect(abs(angle - 0.5) < 1e-9, "the view's transform is the layer's: \(angle)")
        try t.run("view.transform = { a = 2, b = 0, c = 0, d = 2, tx = 0, ty = 0 }")
        #expect(try t.run("return view.layer.transform.m11, view.layer.transform.m22") == [.number(2), .number(2)])
    }

    @Test func iOS6TextMeasuringWrapsAndCutsToTheBox() throws {
        let t = try TestWorld()
        let font = "objc.UIFont:systemFontOfSize(17)"
        let line = try t.run("return ('Word'):sizeWithFont(\(font)).height").first?.numberValue ?? 0
        #expect(line > 0)
        let wrapped = try t.run(
            "local s = ('one two three four five six'):sizeWithFont_constrainedToSize_lineBreakMode(\(font), { width = 60, height = 1000 }, 0) return s.width, s.height"
        ).compactMap(\.numberValue)
        #expect(wrapped.count == 2 && wrapped[0] <= 60 && wrapped[1] >= 3 * line.rounded(.down), "\(wrapped)")
        let cut = try t.run(
            "return ('one two three four five six'):sizeWithFont_constrainedToSize_lineBreakMode(\(font), { width = 60, height = \(line * 2) }, 4).height"
        ).first?.numberValue
        #expect(cut == (2 * line).rounded(.up), "two lines fit: \(String(describing: cut))")
        #expect(
            t.error("('x'):sizeWithFont_constrainedToSize(\(font), { width = -1, height = 10 })")
                .contains("size must not be negative"))
    }

    @Test func resizableImagesKeepTheirCaps() throws {
        let t = try TestWorld()
        try t.run(
            """
            local UIGraphics = require "UIKit.UIGraphics"
            UIGraphics.BeginImageContextWithOptions({ width = 20, height = 10 }, false, 1)
            local image = UIGraphics.GetImageFromCurrentImageContext()
            UIGraphics.EndImageContext()
            tiled = image:resizableImageWithCapInsets { top = 2, left = 30, bottom = 2, right = 4 }
            stretched = image:resizableImageWithCapInsets_resizingMode({ top = 1, left = 1, bottom = 1, right = 1 }, 1)
            old = image:stretchableImageWithLeftCapWidth_topCapHeight(9, 0)
            """)
        #expect(
            try t.run("return tiled.capInsets.left, tiled.capInsets.right, tiled.resizingMode") == [
                .number(20), .number(0), .number(0),
            ], "caps are kept within the image")
        #expect(
            try t.run("return stretched.resizingMode, old.capInsets.left, old.capInsets.right") == [
                .number(1), .number(9), .number(10),
            ])
        #expect(
            t.error("tiled:resizableImageWithCapInsets_resizingMode({ top = 0, left = 0, bottom = 0, right = 0 }, 7)")
                .contains("resizingMode must be"))
    }
}
