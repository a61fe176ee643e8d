-- Text and fills as real screens draw them, for the renderer's golden picture: labels of several
-- lines cut with an ellipsis (at the tail, the head, the middle), iOS 6's NSString drawing in the
-- context's fill colour under a shadow with a negative offset, and pattern colours filling a path
-- and a view's background.

local UIGraphics = require "UIKit.UIGraphics"
local CGContext = require "CoreGraphics.CGContext"
local UIColor = objc.UIColor
local CGRect = struct.CGRect

local function patternImage()
    UIGraphics.BeginImageContextWithOptions({ width = 16, height = 16 }, true, 0)
    UIColor:colorWithRed_green_blue_alpha(0.15, 0.25, 0.55, 1):setFill()
    UIGraphics.UIRectFill(CGRect(0, 0, 16, 16))
    UIColor.whiteColor:setStroke()
    local line = objc.UIBezierPath:bezierPath()
    line:moveToPoint { x = 0, y = 16 }
    line:addLineToPoint { x = 16, y = 0 }
    line:stroke()
    local image = UIGraphics.GetImageFromCurrentImageContext()
    UIGraphics.EndImageContext()
    return image
end

local Chart = objc.UIView:createSubclass "Chart"

function Chart:drawRect(rect)
    local ctx = UIGraphics.GetCurrentContext()
    UIColor:colorWithPatternImage(patternImage()):setFill()
    objc.UIBezierPath:bezierPathWithOvalInRect(CGRect(10, 10, 150, 80)):fill()

    UIColor.whiteColor:setFill()
    CGContext.SaveGState(ctx)
    CGContext.SetShadowWithColor(ctx, { width = 1, height = -2 }, 0, UIColor.darkGrayColor.CGColor)
    local font = objc.UIFont:boldSystemFontOfSize(18)
    local month = "November"
    local size = month:sizeWithFont(font)
    month:drawInRect_withFont(CGRect(180, 20, size.width, size.height), font)
    local sentence = "A long sentence that the box cuts at its last line"
    sentence:drawInRect_withFont_lineBreakMode_alignment(
        CGRect(180, 50, 150, 44), objc.UIFont:systemFontOfSize(14), 4, 1)
    CGContext.RestoreGState(ctx)
end

local Screen = objc.UIViewController:createSubclass "Screen"

local function label(view, text, y, mode)
    local l = objc.UILabel:newWithFrame(CGRect(20, y, 160, 44))
    l.text = text
    l.numberOfLines = 2
    l.lineBreakMode = mode
    l.backgroundColor = UIColor:colorWithWhite_alpha(0.9, 1)
    view:addSubview(l)
end

function Screen:loadView()
    local view = objc.UIView:new()
    view.backgroundColor = UIColor.whiteColor
    local chart = Chart:newWithFrame(CGRect(0, 40, 375, 110))
    chart.backgroundColor = UIColor:colorWithWhite_alpha(0.35, 1)
    view:addSubview(chart)

    label(view, "Nov 14, 2023 at 10:13 PM, a date that does not fit", 170, 4)
    label(view, "Nov 14, 2023 at 10:13 PM, a date that does not fit", 220, 3)
    label(view, "Nov 14, 2023 at 10:13 PM, a date that does not fit", 270, 5)
    local fits = objc.UILabel:newWithFrame(CGRect(200, 170, 160, 44))
    fits.text = "Short enough"
    fits.numberOfLines = 0
    view:addSubview(fits)
    local zero = objc.UILabel:newWithFrame(CGRect(200, 220, 160, 44))
    zero.text = "Any number of lines, as many as the bounds hold"
    zero.numberOfLines = 0
    view:addSubview(zero)

    local tiles = objc.UIView:newWithFrame(CGRect(20, 340, 335, 100))
    tiles.backgroundColor = UIColor:colorWithPatternImage(patternImage())
    view:addSubview(tiles)
    self.view = view
end

return Screen
