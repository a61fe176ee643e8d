-- A cell that shows its item's number on a colour of its own.

local UICollectionViewCell = objc.UICollectionViewCell

-- Enums hang off their class (objc.UIView.Autoresizing) and live in the SDK's binding
-- modules (require "UIKit.NSText" for text alignment), as in Bounces and CodeFlow.
local Autoresizing = objc.UIView.Autoresizing
local TextAlignment = require("UIKit.NSText").Alignment

local ItemCell = UICollectionViewCell:createSubclass("ItemCell")

function ItemCell:initWithFrame(frame)
    self[UICollectionViewCell]:initWithFrame(frame)
    local label = objc.UILabel:newWithFrame(self.contentView.bounds)
    label.autoresizingMask = Autoresizing.flexibleWidth + Autoresizing.flexibleHeight
    label.textAlignment = TextAlignment.center
    label.textColor = objc.UIColor.whiteColor
    label.font = objc.UIFont:boldSystemFontOfSize(32)
    self.contentView:addSubview(label)
    self.label = label
end

function ItemCell:showItem(item, count)
    self.label.text = tostring(item + 1)
    self.contentView.backgroundColor = objc.UIColor:colorWithHue_saturation_brightness_alpha(item / count, 0.6, 0.8, 1)
end

return ItemCell
