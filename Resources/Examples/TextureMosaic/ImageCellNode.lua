-- The walkthrough's cell node: an image node kept at its picture's shape by a ratio spec, in a
-- stack, inset from the cell's edges.
local Defines = require "AsyncDisplayKit.ASStackLayoutDefines"

local ImageCellNode = objc.ASCellNode:createSubclass("ImageCellNode")

function ImageCellNode:initWithImage(image)
    self[objc.ASCellNode]:init()
    self.imageNode = objc.ASImageNode:new()
    self.imageNode.image = image
    self.imageNode.cornerRadius = 6
    self.imageNode.clipsToBounds = true
    self:addSubnode(self.imageNode)
    return self
end

function ImageCellNode:layoutSpecThatFits(constrainedSize)
    local size = self.imageNode.image.size
    local ratio = objc.ASRatioLayoutSpec:ratioLayoutSpecWithRatio_child(size.height / size.width, self.imageNode)
    local stack = objc.ASStackLayoutSpec:stackLayoutSpecWithDirection_spacing_justifyContent_alignItems_children(
        Defines.ASStackLayoutDirection.Vertical, 0, Defines.ASStackLayoutJustifyContent.Start,
        Defines.ASStackLayoutAlignItems.Stretch, { ratio })
    return objc.ASInsetLayoutSpec:insetLayoutSpecWithInsets_child(struct.UIEdgeInsets(0, 0, 0, 0), stack)
end

return ImageCellNode
