-- A collection view cell showing one word in a label (the tutorial's LabelCell, step 4).

local UICollectionViewCell = objc.UICollectionViewCell
local UILabel = objc.UILabel
local UIColor = objc.UIColor

local AutoResizing = objc.UIView.Autoresizing
local TextAlignment = require("UIKit.NSText").Alignment

local LabelCell = UICollectionViewCell:createSubclass("LabelCell")

-- The label's font for cells of a given size: the layout asks for it to measure words.
function LabelCell.classMethod:labelFontForSize(size)
    return objc.UIFont:boldSystemFontOfSize(size.height * 0.35)
end

function LabelCell:initWithFrame(frame)
    self[UICollectionViewCell]:initWithFrame(frame)
    self:setAppearance()
end

function LabelCell:setAppearance(cellIndex, cellCount)
    cellIndex, cellCount = cellIndex or 0, cellCount or 1

    local contentView = self.contentView
    contentView.clipsToBounds = true

    local cellHue = (cellIndex / cellCount + 0.4) % 1.0
    contentView.backgroundColor = UIColor:colorWithHue_saturation_brightness_alpha(cellHue, 0.2, 0.8, 1)
    contentView.layer.borderWidth = 8
    contentView.layer.borderColor = UIColor:colorWithHue_saturation_brightness_alpha(cellHue, 0.9, 0.8, 1).CGColor

    local label = self.label
    if label == nil then
        label = UILabel:newWithFrame(contentView.bounds)
        label.autoresizingMask = AutoResizing.flexibleHeight + AutoResizing.flexibleWidth
        label.textAlignment = TextAlignment.center
        contentView:addSubview(label)
        self.label = label
    end

    label.font = LabelCell:labelFontForSize(self.bounds.size)
    label.backgroundColor = UIColor.clearColor
    label.shadowColor = UIColor.darkGrayColor
    label.textColor = UIColor.whiteColor
end

return LabelCell
