-- A mosaic layout: items of varied shapes fill the shortest of a few columns, each section
-- under a header of its own (after the mosaic example of Texture's walkthrough).
local UICollectionViewLayout = objc.UICollectionViewLayout
local Attributes = objc.UICollectionViewLayoutAttributes
local Kinds = require "UIKit.UICollectionViewFlowLayout"

local MosaicLayout = UICollectionViewLayout:createSubclass("MosaicLayout")

function MosaicLayout:init()
    self[UICollectionViewLayout]:init()
    self.numberOfColumns = 3
    self.headerHeight = 44
    self.spacing = 8
    self.inset = 8
    return self
end

-- The shape of an item comes from the layout's delegate: `aspectRatioForItemAtIndexPath`
-- (height over width).
function MosaicLayout:prepareLayout()
    local collectionView = self.collectionView
    local width = collectionView.bounds.size.width
    local columns, spacing, inset = self.numberOfColumns, self.spacing, self.inset
    local columnWidth = (width - 2 * inset - (columns - 1) * spacing) / columns
    local cells, headers, top = {}, {}, 0
    for section = 0, collectionView:numberOfSections() - 1 do
        local path = objc.NSIndexPath:indexPathForItem_inSection(0, section)
        local header = Attributes:layoutAttributesForSupplementaryViewOfKind_withIndexPath(Kinds.UICollectionElementKindSectionHeader, path)
        header.frame = struct.CGRect(0, top, width, self.headerHeight)
        headers[#headers + 1] = header
        local heights = {}
        for column = 1, columns do heights[column] = top + self.headerHeight + inset end
        for item = 0, collectionView:numberOfItemsInSection(section) - 1 do
            local itemPath = objc.NSIndexPath:indexPathForItem_inSection(item, section)
            local shortest = 1
            for column = 2, columns do
                if heights[column] < heights[shortest] then shortest = column end
            end
            local ratio = self.delegate:aspectRatioForItemAtIndexPath(itemPath)
            local attributes = Attributes:layoutAttributesForCellWithIndexPath(itemPath)
            attributes.frame = struct.CGRect(inset + (shortest - 1) * (columnWidth + spacing), heights[shortest],
                                             columnWidth, columnWidth * ratio)
            cells[#cells + 1] = attributes
            heights[shortest] = heights[shortest] + columnWidth * ratio + spacing
        end
        local bottom = top + self.headerHeight + inset
        for column = 1, columns do bottom = math.max(bottom, heights[column]) end
        top = bottom + inset
    end
    self.cells, self.headers, self.height = cells, headers, top
end

function MosaicLayout:collectionViewContentSize()
    return { width = self.collectionView.bounds.size.width, height = self.height or 0 }
end

local function intersects(frame, rect)
    return frame.origin.x < rect.origin.x + rect.size.width and rect.origin.x < frame.origin.x + frame.size.width
       and frame.origin.y < rect.origin.y + rect.size.height and rect.origin.y < frame.origin.y + frame.size.height
end

function MosaicLayout:layoutAttributesForElementsInRect(rect)
    local found = {}
    for _, group in ipairs { self.cells or {}, self.headers or {} } do
        for _, attributes in ipairs(group) do
            if intersects(attributes.frame, rect) then found[#found + 1] = attributes end
        end
    end
    return found
end

function MosaicLayout:layoutAttributesForItemAtIndexPath(indexPath)
    for _, attributes in ipairs(self.cells or {}) do
        if attributes.indexPath == indexPath then return attributes end
    end
end

return MosaicLayout
