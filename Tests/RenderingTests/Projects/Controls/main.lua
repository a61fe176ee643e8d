-- Controls as UIKit draws them, for the renderer's golden picture: switches on and off (and with
-- an on tint), sliders, system buttons in the inherited tint, disabled, the info and contact add
-- types, and a custom button over a resizable background image with a title colour per state.

local UIGraphics = require "UIKit.UIGraphics"
local UIColor = objc.UIColor
local CGRect = struct.CGRect

local Controls = objc.UIViewController:createSubclass "Controls"

local function backgroundImage(color)
    UIGraphics.BeginImageContextWithOptions({ width = 21, height = 21 }, false, 0)
    color:setFill()
    objc.UIBezierPath:bezierPathWithRoundedRect_cornerRadius(CGRect(0, 0, 21, 21), 10):fill()
    local image = UIGraphics.GetImageFromCurrentImageContext()
    UIGraphics.EndImageContext()
    return image:resizableImageWithCapInsets { top = 10, left = 10, bottom = 10, right = 10 }
end

local function button(parent, kind, title, y)
    local b = objc.UIButton:buttonWithType(kind)
    if title then b:setTitle_forState(title, 0) end
    b.frame = CGRect(20, y, 160, 44)
    parent:addSubview(b)
    return b
end

function Controls:loadView()
    local view = objc.UIView:newWithFrame(objc.UIScreen.mainScreen.bounds)
    view.backgroundColor = UIColor.whiteColor

    local off = objc.UISwitch:new()
    off.frame = CGRect(20, 40, 0, 0)
    view:addSubview(off)
    local on = objc.UISwitch:new()
    on.frame = CGRect(90, 40, 0, 0)
    on.on = true
    view:addSubview(on)
    local tinted = objc.UISwitch:new()
    tinted.frame = CGRect(160, 40, 0, 0)
    tinted.onTintColor = UIColor.orangeColor
    tinted:setOn_animated(true, false)
    view:addSubview(tinted)

    local slider = objc.UISlider:newWithFrame(CGRect(20, 90, 335, 34))
    slider.value = 0.3
    view:addSubview(slider)
    local red = objc.UISlider:newWithFrame(CGRect(20, 130, 335, 34))
    red.value = 0.75
    red.minimumTrackTintColor = UIColor.redColor
    view:addSubview(red)

    button(view, 1, "System button", 180)
    local disabled = button(view, 1, "Disabled", 230)
    disabled.enabled = false
    local purple = objc.UIView:newWithFrame(CGRect(200, 180, 175, 100))
    purple.tintColor = UIColor.purpleColor
    view:addSubview(purple)
    button(purple, 1, "Inherited tint", 0)
    button(purple, 3, nil, 50).frame = CGRect(20, 50, 44, 44)
    button(purple, 5, nil, 50).frame = CGRect(80, 50, 44, 44)

    local custom = button(view, 0, "Custom", 300)
    custom.frame = CGRect(20, 300, 200, 50)
    custom:setBackgroundImage_forState(backgroundImage(UIColor:colorWithRed_green_blue_alpha(0.1, 0.5, 0.3, 1)), 0)
    local selected = button(view, 0, "Selected", 360)
    selected.frame = CGRect(20, 360, 200, 50)
    selected:setBackgroundImage_forState(backgroundImage(UIColor.lightGrayColor), 0)
    selected:setTitleColor_forState(UIColor.yellowColor, 4)
    selected.selected = true

    self.view = view
end

return Controls
