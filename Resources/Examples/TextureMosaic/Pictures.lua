-- The pictures the mosaic shows: small landscapes drawn once, in the shapes of a photo set.
local UIGraphics = require "UIKit.UIGraphics"
local UIColor = objc.UIColor

local Pictures = {}

-- Width and height of each picture, section by section.
Pictures.sizes = {
    { { 300, 450 }, { 400, 300 }, { 300, 300 }, { 320, 400 }, { 500, 300 }, { 300, 450 }, { 300, 300 },
      { 400, 320 }, { 300, 400 }, { 600, 300 }, { 300, 300 }, { 300, 360 }, { 400, 360 }, { 300, 480 } },
    { { 300, 300 }, { 600, 300 }, { 300, 450 }, { 400, 300 }, { 320, 400 }, { 300, 300 }, { 450, 300 },
      { 300, 420 } },
}

local function landscape(width, height, hue)
    UIGraphics.BeginImageContextWithOptions(struct.CGSize(width, height), true, 1)
    UIColor:colorWithHue_saturation_brightness_alpha(hue, 0.35, 0.95, 1):setFill()
    UIGraphics.UIRectFill(struct.CGRect(0, 0, width, height))
    UIColor:colorWithHue_saturation_brightness_alpha(0.13, 0.7, 1, 1):setFill()
    objc.UIBezierPath:bezierPathWithOvalInRect(struct.CGRect(width * 0.65, height * 0.15, width * 0.2, width * 0.2)):fill()
    local hills = objc.UIBezierPath:bezierPath()
    hills:moveToPoint(struct.CGPoint(0, height))
    hills:addLineToPoint(struct.CGPoint(0, height * 0.7))
    hills:addLineToPoint(struct.CGPoint(width * 0.35, height * 0.45))
    hills:addLineToPoint(struct.CGPoint(width * 0.6, height * 0.65))
    hills:addLineToPoint(struct.CGPoint(width * 0.8, height * 0.5))
    hills:addLineToPoint(struct.CGPoint(width, height * 0.62))
    hills:addLineToPoint(struct.CGPoint(width, height))
    hills:closePath()
    UIColor:colorWithHue_saturation_brightness_alpha((hue + 0.3) % 1, 0.55, 0.6, 1):setFill()
    hills:fill()
    local image = UIGraphics.GetImageFromCurrentImageContext()
    UIGraphics.EndImageContext()
    return image
end

-- The picture at `indexPath`, drawn the first time it is asked for.
local drawn = {}
function Pictures.image(indexPath)
    local key = indexPath.section .. ":" .. indexPath.item
    if not drawn[key] then
        local size = Pictures.sizes[indexPath.section + 1][indexPath.item + 1]
        drawn[key] = landscape(size[1], size[2], (indexPath.item * 0.13 + indexPath.section * 0.4) % 1)
    end
    return drawn[key]
end

return Pictures
