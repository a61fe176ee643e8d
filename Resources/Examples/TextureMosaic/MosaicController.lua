-- The walkthrough's controller: an ASViewController over a collection node, with the mosaic
-- layout, its inspector, and header nodes for each section.
local MosaicLayout = require "MosaicLayout"
local ImageCellNode = require "ImageCellNode"
local Pictures = require "Pictures"
local Kinds = require "UIKit.UICollectionViewFlowLayout"

local MosaicController = objc.ASViewController:createSubclass("MosaicController")
MosaicController:declareProtocol("ASCollectionDataSource")
MosaicController:declareProtocol("ASCollectionDelegate")

function MosaicController:init()
    local layout = MosaicLayout:new()
    local collectionNode = objc.ASCollectionNode:newWithFrame_collectionViewLayout(struct.CGRect(0, 0, 0, 0), layout)
    self[objc.ASViewController]:initWithNode(collectionNode)
    layout.delegate = self
    self.layoutInspector = MosaicLayout.Inspector:new()
    collectionNode.layoutInspector = self.layoutInspector
    collectionNode:registerSupplementaryNodeOfKind(Kinds.UICollectionElementKindSectionHeader)
    collectionNode.dataSource = self
    collectionNode.delegate = self
    self.collectionNode = collectionNode
    return self
end

function MosaicController:viewDidLoad()
    self.collectionNode.view.scrollEnabled = true
    self.collectionNode.view.backgroundColor = objc.UIColor.whiteColor
    self:addMessageHandler("system.did_load_module", "refresh")
end

-- After each save of a module: the nodes made anew from the saved classes.
function MosaicController:refresh()
    self.collectionNode.view.collectionViewLayout:invalidateLayout()
    self.collectionNode:reloadData()
end

function MosaicController:collectionView_layout_originalItemSizeAtIndexPath(collectionView, layout, indexPath)
    local size = Pictures.sizes[indexPath.section + 1][indexPath.item + 1]
    return struct.CGSize(size[1], size[2])
end

function MosaicController:numberOfSectionsInCollectionNode(collectionNode) return #Pictures.sizes end

function MosaicController:collectionNode_numberOfItemsInSection(collectionNode, section)
    return #Pictures.sizes[section + 1]
end

function MosaicController:collectionNode_nodeForItemAtIndexPath(collectionNode, indexPath)
    return ImageCellNode:newWithImage(Pictures.image(indexPath))
end

function MosaicController:collectionNode_nodeForSupplementaryElementOfKind_atIndexPath(collectionNode, kind, indexPath)
    local header = objc.ASCellNode:new()
    local title = objc.ASTextNode:new()
    title.attributedText = objc.NSAttributedString:newWithString_attributes("Section " .. (indexPath.section + 1), {
        NSFont = objc.UIFont:boldSystemFontOfSize(20),
        NSColor = objc.UIColor.darkGrayColor,
    })
    header:addSubnode(title)
    header.layoutSpecBlock = function(node, constrainedSize)
        local centered = objc.ASCenterLayoutSpec:centerLayoutSpecWithCenteringOptions_sizingOptions_child(2, 0, title)
        return objc.ASInsetLayoutSpec:insetLayoutSpecWithInsets_child(struct.UIEdgeInsets(0, 15, 0, 15), centered)
    end
    return header
end

return MosaicController
