-- The walkthrough's mosaic layout: each item goes to the foot of the shortest of
-- `numberOfColumns` columns, each section under a `headerHeight` header. Item shapes come from
-- the layout's delegate (`originalItemSizeAtIndexPath`); the cell nodes are measured at the
-- sizes the layout inspector below gives them.
local UICollectionViewFlowLayout = objc.UICollectionViewFlowLayout
local Attributes = objc.UICollectionViewLayoutAttributes
local NSIndexPath = objc.NSIndexPath
local Kinds = require "UIKit.UICollectionViewFlowLayout"
local ASDimension = require "AsyncDisplayKit.ASDimension"

local MosaicLayout = UICollectionViewFlowLayout:createSubclass("MosaicLayout")

function MosaicLayout:init()
    self[UICollectionViewFlowLayout]:init()
    self.numberOfColumns = 3
    self.headerHeight = 44
    self.columnSpacing = 10
    self.sectionInset = struct.UIEdgeInsets(10, 10, 10, 10)
    return self
end

function MosaicLayout:columnWidth()
    local inset = self.sectionInset
    local width = self.collectionView.bounds.size.width - inset.left - inset.right
    return (width - (self.numberOfColumns - 1) * self.columnSpacing) / self.numberOfColumns
end

-- The height of an item in a column: its original shape, scaled to the column's width.
function MosaicLayout:itemHeightAtIndexPath(indexPath)
    local size = self.delegate:collectionView_layout_originalItemSizeAtIndexPath(self.collectionView, self, indexPath)
    return self:columnWidth() * size.height / size.width
end

function MosaicLayout:prepareLayout()
    local collectionView = self.collectionView
    local inset, columns, columnWidth = self.sectionInset, self.numberOfColumns, self:columnWidth()
    local width = collectionView.bounds.size.width
    self.elements, self.top = {}, 0
    for section = 0, collectionView:numberOfSections() - 1 do
        local header = Attributes:layoutAttributesForSupplementaryViewOfKind_withIndexPath(
            Kinds.UICollectionElementKindSectionHeader, NSIndexPath:indexPathForItem_inSection(0, section))
        header.frame = struct.CGRect(0, self.top, width, self.headerHeight)
        table.insert(self.elements, header)
        local bottoms = {}
        for column = 1, columns do bottoms[column] = self.top + self.headerHeight + inset.top end
        for item = 0, collectionView:numberOfItemsInSection(section) - 1 do
            local shortest = 1
            for column = 2, columns do
                if bottoms[column] < bottoms[shortest] then shortest = column end
            end
            local indexPath = NSIndexPath:indexPathForItem_inSection(item, section)
            local attributes = Attributes:layoutAttributesForCellWithIndexPath(indexPath)
            local height = self:itemHeightAtIndexPath(indexPath)
            attributes.frame = struct.CGRect(inset.left + (shortest - 1) * (columnWidth + self.columnSpacing),
                bottoms[shortest], columnWidth, height)
            table.insert(self.elements, attributes)
            bottoms[shortest] = bottoms[shortest] + height + self.columnSpacing
        end
        self.top = math.max(table.unpack(bottoms)) - self.columnSpacing + inset.bottom
    end
end

function MosaicLayout:collectionViewContentSize()
    return struct.CGSize(self.collectionView.bounds.size.width, self.top or 0)
end

function MosaicLayout:layoutAttributesForElementsInRect(rect)
    local found = {}
    for _, attributes in ipairs(self.elements or {}) do
        if attributes.frame:intersectsRect(rect) then table.insert(found, attributes) end
    end
    return found
end

function MosaicLayout:layoutAttributesForItemAtIndexPath(indexPath)
    for _, attributes in ipairs(self.elements or {}) do
        if attributes.representedElementCategory == 0 and attributes.indexPath == indexPath then return attributes end
    end
end

-- The inspector tells the collection node the size range of each node: an item's exact
-- frame size, a header's width and height.
local MosaicLayoutInspector = objc.NSObject:createSubclass("MosaicLayoutInspector")
MosaicLayoutInspector:declareProtocol("ASCollectionViewLayoutInspecting")

function MosaicLayoutInspector:collectionView_constrainedSizeForNodeAtIndexPath(collectionView, indexPath)
    local layout = collectionView.collectionViewLayout
    local size = struct.CGSize(layout:columnWidth(), layout:itemHeightAtIndexPath(indexPath))
    return ASDimension.ASSizeRangeMake(size, size)
end

function MosaicLayoutInspector:collectionView_constrainedSizeForSupplementaryNodeOfKind_atIndexPath(collectionView, kind, indexPath)
    local size = struct.CGSize(collectionView.bounds.size.width, collectionView.collectionViewLayout.headerHeight)
    return ASDimension.ASSizeRangeMake(size, size)
end

function MosaicLayoutInspector:scrollableDirections()
    return 12 -- ASScrollDirectionVerticalDirections: up and down
end

MosaicLayout.Inspector = MosaicLayoutInspector
return MosaicLayout
