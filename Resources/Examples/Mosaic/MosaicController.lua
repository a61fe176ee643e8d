-- The mosaic's controller: sections of pictures of varied shapes, each under a header.
local UICollectionViewController = objc.UICollectionViewController
local MosaicLayout = require "MosaicLayout"
local Kinds = require "UIKit.UICollectionViewFlowLayout"

local Tile = objc.UICollectionViewCell:createSubclass("Tile")
local Header = objc.UICollectionReusableView:createSubclass("Header")

function Header:initWithFrame(frame)
    self[objc.UICollectionReusableView]:initWithFrame(frame)
    self.label = objc.UILabel:newWithFrame(struct.CGRect(8, 0, 300, 44))
    self:addSubview(self.label)
end

local MosaicController = UICollectionViewController:createSubclass("MosaicController")

-- Height over width of each picture, section by section (as a photo set would have them).
local ratios = {
    { 1.5, 0.75, 1, 1.25, 0.6, 1.5, 1, 0.8, 1.33, 0.5, 1, 1.2, 0.9, 1.6 },
    { 1, 0.5, 1.5, 0.75, 1.25, 1, 0.66, 1.4 },
}

function MosaicController:init()
    local layout = MosaicLayout:new()
    layout.delegate = self
    return self[UICollectionViewController]:initWithCollectionViewLayout(layout)
end

function MosaicController:viewDidLoad()
    local collectionView = self.collectionView
    collectionView:registerClass_forCellWithReuseIdentifier(Tile, "Tile")
    collectionView:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(Header, Kinds.UICollectionElementKindSectionHeader, "Header")
    collectionView.backgroundColor = objc.UIColor.whiteColor
    self:addMessageHandler("system.did_load_module", "refreshView")
end

-- After each save of a module: the layout's measures and the cells, made anew.
function MosaicController:refreshView()
    local layout = self.collectionView.collectionViewLayout
    layout:configure()
    layout:invalidateLayout()
    self.collectionView:reloadData()
end

function MosaicController:aspectRatioForItemAtIndexPath(indexPath)
    return ratios[indexPath.section + 1][indexPath.item + 1]
end

function MosaicController:numberOfSectionsInCollectionView(collectionView) return #ratios end

function MosaicController:collectionView_numberOfItemsInSection(collectionView, section)
    return #ratios[section + 1]
end

function MosaicController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
    local tile = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("Tile", indexPath)
    tile.contentView.backgroundColor = objc.UIColor:colorWithHue_saturation_brightness_alpha(indexPath.item / 16, 0.5, 0.9, 1)
    return tile
end

function MosaicController:collectionView_viewForSupplementaryElementOfKind_atIndexPath(collectionView, kind, indexPath)
    local header = collectionView:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(kind, "Header", indexPath)
    header.label.text = "Section " .. (indexPath.section + 1)
    return header
end

return MosaicController
