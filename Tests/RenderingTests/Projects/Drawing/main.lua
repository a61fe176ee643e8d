-- Every drawing primitive Rebound draws, for the renderer's golden picture: drawRect with
-- CGContext calls, UIBezierPath, gradients, shadows, text, an image context's image, and image
-- views in each content mode.

local UIGraphics = require "UIKit.UIGraphics"
local CGContext = require "CoreGraphics.CGContext"
local CGGradient = require "CoreGraphics.CGGradient"
local CGColorSpace = require "CoreGraphics.CGColorSpace"
local UIColor = objc.UIColor

local function rect(x, y, w, h) return { origin = { x = x, y = y }, size = { width = w, height = h } } end

local Canvas = objc.UIView:createSubclass "Canvas"

function Canvas:drawRect(bounds)
    local c = UIGraphics.GetCurrentContext()

    -- Rectangles, filled and stroked, in the context's colours.
    CGContext.SetFillColorWithColor(c, UIColor:colorWithRed_green_blue_alpha(0.9, 0.5, 0.1, 1).CGColor)
    CGContext.FillRect(c, rect(10, 10, 60, 40))
    CGContext.SetStrokeColorWithColor(c, UIColor.blueColor.CGColor)
    CGContext.SetLineWidth(c, 4)
    CGContext.StrokeRect(c, rect(80, 10, 60, 40))
    CGContext.FillEllipseInRect(c, rect(150, 10, 60, 40))

    -- A path built point by point, with a curve, under a saved translated and rotated CTM.
    CGContext.SaveGState(c)
    CGContext.TranslateCTM(c, 260, 30)
    CGContext.RotateCTM(c, math.pi / 8)
    CGContext.ScaleCTM(c, 1.2, 1)
    CGContext.BeginPath(c)
    CGContext.MoveToPoint(c, -30, -15)
    CGContext.AddLineToPoint(c, 30, -15)
    CGContext.AddCurveToPoint(c, 40, 0, 20, 20, 0, 15)
    CGContext.ClosePath(c)
    CGContext.SetFillColorWithColor(c, UIColor.purpleColor.CGColor)
    CGContext.FillPath(c)
    CGContext.RestoreGState(c)

    -- UIBezierPath: rounded rect, oval, arc, dashes, joins and caps, an appended and moved path.
    local rounded = objc.UIBezierPath:bezierPathWithRoundedRect_cornerRadius(rect(10, 70, 80, 50), 12)
    UIColor.greenColor:setFill()
    rounded:fill()
    rounded.lineWidth = 3
    UIColor.blackColor:setStroke()
    rounded:stroke()

    local zigzag = objc.UIBezierPath:bezierPath()
    zigzag:moveToPoint { x = 110, y = 120 }
    zigzag:addLineToPoint { x = 130, y = 75 }
    zigzag:addLineToPoint { x = 150, y = 120 }
    zigzag:addQuadCurveToPoint_controlPoint({ x = 190, y = 120 }, { x = 170, y = 60 })
    zigzag.lineWidth = 6
    zigzag.lineJoinStyle = CGContext.kCGLineJoinRound
    zigzag.lineCapStyle = CGContext.kCGLineCapRound
    UIColor.redColor:setStroke()
    zigzag:stroke()

    local arc = objc.UIBezierPath:bezierPathWithArcCenter_radius_startAngle_endAngle_clockwise({ x = 240, y = 95 }, 25, 0,
                                                                                               math.pi * 1.5, true)
    arc.lineWidth = 5
    arc:setLineDash_count_phase({ 8, 4 }, 2, 0)
    UIColor.darkGrayColor:setStroke()
    arc:stroke()

    local ring = objc.UIBezierPath:bezierPathWithOvalInRect(rect(290, 70, 60, 50))
    ring:appendPath(objc.UIBezierPath:bezierPathWithOvalInRect(rect(305, 80, 30, 30)))
    ring.usesEvenOddFillRule = true
    UIColor.orangeColor:setFill()
    ring:fill()

    -- Gradients, clipped to shapes.
    local space = CGColorSpace.CreateDeviceRGB()
    local gradient = CGGradient.CreateWithColors(space, { UIColor.yellowColor.CGColor, UIColor.redColor.CGColor }, { 0, 1 })
    CGContext.SaveGState(c)
    CGContext.AddRect(c, rect(10, 140, 160, 50))
    CGContext.Clip(c)
    CGContext.DrawLinearGradient(c, gradient, { x = 10, y = 140 }, { x = 170, y = 190 }, 0)
    CGContext.RestoreGState(c)
    CGContext.SaveGState(c)
    objc.UIBezierPath:bezierPathWithOvalInRect(rect(190, 135, 60, 60)):addClip()
    local radial = CGGradient.CreateWithColorComponents(space, { 1, 1, 1, 1, 0, 0.3, 0.8, 1 }, { 0, 1 }, 2)
    CGContext.DrawRadialGradient(c, radial, { x = 210, y = 155 }, 2, { x = 220, y = 165 }, 32, 3)
    CGContext.RestoreGState(c)

    -- A shadow, blurred, under a filled square; then none again.
    CGContext.SaveGState(c)
    CGContext.SetShadowWithColor(c, { width = 6, height = 6 }, 6, UIColor:colorWithWhite_alpha(0, 0.6).CGColor)
    CGContext.SetFillColorWithColor(c, UIColor.cyanColor.CGColor)
    CGContext.FillRect(c, rect(275, 140, 50, 45))
    CGContext.RestoreGState(c)

    -- Text at a point and in a box that wraps it.
    local font = objc.UIFont:boldSystemFontOfSize(16)
    local NSFont = require("UIKit.NSAttributedString").NSFontAttributeName
    local NSColor = require("UIKit.NSAttributedString").NSForegroundColorAttributeName
    local text = "Drawn text"
    text:drawAtPoint_withAttributes({ x = 10, y = 205 }, { [NSFont] = font, [NSColor] = UIColor.whiteColor })
    local words = "Words wrap inside the box and are cut at its bottom edge where it ends"
    words:drawInRect_withAttributes(rect(150, 205, 120, 40), { [NSFont] = objc.UIFont:systemFontOfSize(12),
                                                                [NSColor] = UIColor.yellowColor })

    -- An image context's image, drawn twice: whole and squeezed.
    local star = Canvas.starImage
    star:drawAtPoint { x = 290, y = 200 }
    star:drawInRect(rect(330, 205, 20, 40))
end

-- A star drawn once in an image context at @2x.
local function star()
    UIGraphics.BeginImageContextWithOptions({ width = 40, height = 40 }, false, 2)
    local path = objc.UIBezierPath:bezierPath()
    for i = 0, 9 do
        local radius = (i % 2 == 0) and 19 or 8
        local angle = -math.pi / 2 + i * math.pi / 5
        local point = { x = 20 + radius * math.cos(angle), y = 20 + radius * math.sin(angle) }
        if i == 0 then path:moveToPoint(point) else path:addLineToPoint(point) end
    end
    path:closePath()
    UIColor.yellowColor:setFill()
    path:fill()
    local image = UIGraphics.GetImageFromCurrentImageContext()
    UIGraphics.EndImageContext()
    return image
end

local Controller = objc.UIViewController:createSubclass "Controller"

function Controller:viewDidLoad()
    self.view.backgroundColor = UIColor:colorWithWhite_alpha(0.2, 1)
    Canvas.starImage = star()
    local canvas = Canvas:newWithFrame(rect(0, 20, 375, 260))
    canvas.backgroundColor = UIColor:colorWithWhite_alpha(0.35, 1)
    self.view:addSubview(canvas)

    local badge = objc.UIImage:imageNamed "badge"
    local modes = objc.UIView.ContentMode
    local names = { "ScaleToFill", "ScaleAspectFit", "ScaleAspectFill", "Center", "TopLeft", "BottomRight" }
    for index, name in ipairs(names) do
        local view = objc.UIImageView:newWithImage(badge)
        view.frame = rect(10 + (index - 1) * 60, 300, 50, 40)
        view.contentMode = modes[name]
        view.backgroundColor = UIColor.whiteColor
        view.clipsToBounds = name ~= "ScaleAspectFill"
        self.view:addSubview(view)
    end
    local star = objc.UIImageView:newWithImage(Canvas.starImage)
    star.frame = rect(10, 360, 80, 80)
    self.view:addSubview(star)
end

return Controller
