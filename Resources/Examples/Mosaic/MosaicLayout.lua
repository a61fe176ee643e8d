-- A mosaic layout: items of varied shapes fill the shortest of a few columns, each section
-- under a header of its own (after the mosaic example of Texture's walkthrough).
--
-- prepareLayout places every item but keeps only numbers, in plain arrays; attributes objects
-- are made for the elements a query asks for. A screenful then costs the same at 100 items or
-- at 100,000, and a layout pass makes no object per item beyond the index path it asks the
-- delegate about.
local UICollectionViewLayout = objc.UICollectionViewLayout
local Attributes = objc.UICollectionViewLayoutAttributes
local NSIndexPath = objc.NSIndexPath
local Kinds = require "UIKit.UICollectionViewFlowLayout"

local MosaicLayout = UICollectionViewLayout:createSubclass("MosaicLayout")

function MosaicLayout:init()
    self[UICollectionViewLayout]:init()
    self:configure()
    return self
end

-- The layout's measures. The controller applies them again after each save, so that an
-- edit here shows on the layout that is already on screen.
function MosaicLayout:configure()
    self.numberOfColumns = 3
    self.headerHeight = 44
    self.spacing = 8
    self.inset = 8
end

-- The shape of an item comes from the layout's delegate: `aspectRatioForItemAtIndexPath`
-- (height over width). Within a section each item starts at the then-shortest column's
-- bottom, which never rises, so the items' tops are sorted.
function MosaicLayout:prepareLayout()
    local collectionView = self.collectionView
    local width = collectionView.bounds.size.width
    local columns, spacing, inset, headerHeight = self.numberOfColumns, self.spacing, self.inset, self.headerHeight
    local delegate = self.delegate
    local columnWidth = (width - 2 * inset - (columns - 1) * spacing) / columns
    local sections, headers, top = {}, {}, 0
    for section = 0, collectionView:numberOfSections() - 1 do
        local header = Attributes:layoutAttributesForSupplementaryViewOfKind_withIndexPath(
            Kinds.UICollectionElementKindSectionHeader, NSIndexPath:indexPathForItem_inSection(0, section))
        header.frame = struct.CGRect(0, top, width, headerHeight)
        headers[#headers + 1] = header
        local xs, ys, heights, tallest = {}, {}, {}, 0
        local bottoms = {}
        for column = 1, columns do bottoms[column] = top + headerHeight + inset end
        for item = 1, collectionView:numberOfItemsInSection(section) do
            local shortest = 1
            for column = 2, columns do
                if bottoms[column] < bottoms[shortest] then shortest = column end
            end
            local height = columnWidth * delegate:aspectRatioForItemAtIndexPath(NSIndexPath:indexPathForItem_inSection(item - 1, section))
            xs[item], ys[item], heights[item] = inset + (shortest - 1) * (columnWidth + spacing), bottoms[shortest], height
            if height > tallest then tallest = height end
            bottoms[shortest] = bottoms[shortest] + height + spacing
        end
        local bottom = top + headerHeight + inset
        for column = 1, columns do bottom = math.max(bottom, bottoms[column]) end
        sections[section + 1] = { top = top, bottom = bottom, xs = xs, ys = ys, heights = heights, tallest = tallest }
        top = bottom + inset
    end
    self.sections, self.headers, self.columnWidth, self.height = sections, headers, columnWidth, top
end

function MosaicLayout:collectionViewContentSize()
    return { width = self.collectionView.bounds.size.width, height = self.height or 0 }
end

local function itemAttributes(layout, placed, item, section)
    local attributes = Attributes:layoutAttributesForCellWithIndexPath(NSIndexPath:indexPathForItem_inSection(item - 1, section))
    attributes.frame = struct.CGRect(placed.xs[item], placed.ys[item], layout.columnWidth, placed.heights[item])
    return attributes
end

-- The first item whose top is at or below `y` (one past the end when there is none).
local function firstItemFrom(ys, y)
    local low, high = 1, #ys + 1
    while low < high do
        local middle = (low + high) // 2
        if ys[middle] < y then low = middle + 1 else high = middle end
    end
    return low
end

-- A binary search finds the first item that can reach the rect (none is taller than the
-- section's tallest); the scan stops at the first item below it.
function MosaicLayout:layoutAttributesForElementsInRect(rect)
    local found = {}
    local minX, minY = rect.origin.x, rect.origin.y
    local maxX, maxY = minX + rect.size.width, minY + rect.size.height
    local columnWidth = self.columnWidth
    for section, placed in ipairs(self.sections or {}) do
        if placed.top < maxY and minY < placed.bottom then
            local header = self.headers[section]
            local frame = header.frame
            if frame.origin.y < maxY and minY < frame.origin.y + frame.size.height then found[#found + 1] = header end
            local xs, ys, heights = placed.xs, placed.ys, placed.heights
            for item = firstItemFrom(ys, minY - placed.tallest), #ys do
                local y = ys[item]
                if y >= maxY then break end
                if minY < y + heights[item] and xs[item] < maxX and minX < xs[item] + columnWidth then
                    found[#found + 1] = itemAttributes(self, placed, item, section - 1)
                end
            end
        end
    end
    return found
end

function MosaicLayout:layoutAttributesForItemAtIndexPath(indexPath)
    local placed = (self.sections or {})[indexPath.section + 1]
    if placed and placed.ys[indexPath.item + 1] then
        return itemAttributes(self, placed, indexPath.item + 1, indexPath.section)
    end
end

return MosaicLayout
