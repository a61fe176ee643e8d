-- The start module: a collection view controller that is its collection view's data source.
-- Save any module while `rebound run` runs this project: the module runs again in place
-- (classes and objects stay), then refreshView, the system.did_load_module handler that
-- viewDidLoad registers, shows the new code.

local ItemCell = require "ItemCell"

local CollectionController = objc.UICollectionViewController:createSubclass("CollectionController")

local itemCount = 24

function CollectionController:init()
    return self:initWithCollectionViewLayout(objc.UICollectionViewFlowLayout:new())
end

function CollectionController:viewDidLoad()
    self[objc.UICollectionViewController]:viewDidLoad()
    self.collectionView:registerClass_forCellWithReuseIdentifier(ItemCell, "ItemCell")
    self:addMessageHandler("system.did_load_module", "refreshView")
    self:configureView()
end

function CollectionController:configureView()
    local collectionView = self.collectionView
    collectionView.backgroundColor = objc.UIColor.whiteColor
    local layout = collectionView.collectionViewLayout
    layout.itemSize = { width = 100, height = 100 }
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    layout.sectionInset = { top = 20, left = 10, bottom = 20, right = 10 }
end

-- Called after every save of a module: apply what may have changed.
function CollectionController:refreshView()
    self:configureView()
    self.collectionView:reloadData()
end

function CollectionController:collectionView_numberOfItemsInSection(collectionView, section)
    return itemCount
end

function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
    local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("ItemCell", indexPath)
    cell:showItem(indexPath.item, itemCount)
    return cell
end

return CollectionController
