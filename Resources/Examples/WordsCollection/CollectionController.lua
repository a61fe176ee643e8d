-- The WordsCollection app as the Bounces tutorial leaves it after step 4: a collection view
-- of the words of a text resource, one cell per word, each as wide as its word; pinch a cell
-- to zoom, move and turn it.

local CollectionViewLayout = require "PinchFlowLayout"
local LabelCell = require "LabelCell"

local NsStringAttributes = require "UIKit.NSAttributedString"
local UIGestureRecognizerState = objc.UIGestureRecognizer.State
local enumeration = objc.NSString.Enumeration

local CollectionController = objc.UICollectionViewController:createSubclass("CollectionController")

function CollectionController:init()
    return self:initWithCollectionViewLayout(CollectionViewLayout:new())
end

function CollectionController:viewDidLoad()
    self.collectionView:registerClass_forCellWithReuseIdentifier(LabelCell, "LABEL_CELL")
    self:addMessageHandler({ "system.did_load_module", "system.did_change_param" }, "refreshView")
    self:configureView()
end

function CollectionController:configureView()
    local collectionView = self.collectionView
    collectionView.backgroundColor = objc.UIColor.whiteColor
    collectionView.collectionViewLayout.itemSize = { width = 100, height = 80 }

    if self.pinchRecognizer == nil then
        local pinchRecognizer = objc.UIPinchGestureRecognizer:newWithTarget_action(self, "handlePinchGesture")
        collectionView:addGestureRecognizer(pinchRecognizer)
        self.pinchRecognizer = pinchRecognizer

        local rotationRecognizer = objc.UIRotationGestureRecognizer:newWithTarget_action(self, "handleRotationGesture")
        rotationRecognizer.delegate = self
        pinchRecognizer.delegate = self
        collectionView:addGestureRecognizer(rotationRecognizer)
        self.rotationRecognizer = rotationRecognizer
    end

    if self.textWords == nil then
        self:getResource("h2g2", "txt", "collectionText")
    end
end

function CollectionController:refreshView()
    local collectionView = self.collectionView
    if collectionView ~= nil then
        self:configureView()
        collectionView:reloadData()
        collectionView.collectionViewLayout:invalidateLayout()
    end
end

-- The text resource: one cell per word.

CollectionController.collectionText = property()

function CollectionController:setCollectionText(text)
    local fullRange = { location = 0, length = text.length }
    local words = {}
    local wordsCount = 0
    text:enumerateSubstringsInRange_options_usingBlock(fullRange, enumeration.byWords,
                                                       function(word)
                                                           wordsCount = wordsCount + 1
                                                           words[wordsCount] = word
                                                       end)
    self.textWords = words
    self.collectionView:reloadData()
end

-- Data source

local baseCellCount = 70

function CollectionController:collectionView_numberOfItemsInSection(collectionView, section)
    return self.textWords and #self.textWords or baseCellCount
end

function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
    local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("LABEL_CELL", indexPath)
    local cellIndex = indexPath.item
    cell:setAppearance(cellIndex, self:collectionView_numberOfItemsInSection(collectionView, 0))
    cell.label.text = self.textWords and self.textWords[cellIndex + 1] or ("Yo" .. tostring(cellIndex + 1))
    return cell
end

-- Flow layout delegate: each cell as wide as its word, plus a margin.

function CollectionController:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, indexPath)
    local cellIndex = indexPath.item + 1
    local cellFont = LabelCell:labelFontForSize(layout.itemSize)
    if self.textWords and cellIndex <= #self.textWords then
        local cellLabelSize = self.textWords[cellIndex]:sizeWithAttributes { [NsStringAttributes.NSFontAttributeName] = cellFont }
        return { width = cellLabelSize.width + 30, height = layout.itemSize.height }
    end
    return layout.itemSize
end

CollectionController:declareProtocol "UICollectionViewDelegateFlowLayout"

-- Gestures

function CollectionController:handlePinchGesture(gestureRecognizer)
    local layout = self.collectionView.collectionViewLayout

    if gestureRecognizer.state == UIGestureRecognizerState.began then
        if layout.pinchedCellPath == nil then
            local initialPinchPoint = gestureRecognizer:locationInView(self.collectionView)
            layout.pinchedCellPath = self.collectionView:indexPathForItemAtPoint(initialPinchPoint)
        end
    elseif gestureRecognizer.state == UIGestureRecognizerState.changed then
        layout.pinchedCellScale = gestureRecognizer.scale
        if gestureRecognizer.numberOfTouches > 1 then
            layout.pinchedCellCenter = gestureRecognizer:locationInView(self.collectionView)
        end
    else
        self.collectionView:performBatchUpdates_completion(function()
                                                               layout.pinchedCellScale = 1
                                                               layout.pinchedCellCenter = nil
                                                               layout.rotationAngle = 0
                                                           end,
                                                           function(finished)
                                                               layout.pinchedCellPath = nil
                                                           end)
    end
end

function CollectionController:handleRotationGesture(gestureRecognizer)
    local layout = self.collectionView.collectionViewLayout
    if gestureRecognizer.state == UIGestureRecognizerState.changed and layout.pinchedCellPath ~= nil then
        layout.rotationAngle = gestureRecognizer.rotation
    end
end

CollectionController:declareActionMethod("handlePinchGesture")
CollectionController:declareActionMethod("handleRotationGesture")

-- Pinch and rotation recognize together.
function CollectionController:gestureRecognizer_shouldRecognizeSimultaneouslyWithGestureRecognizer(first, second)
    return true
end

CollectionController:declareProtocol "UIGestureRecognizerDelegate"

-- A tapped cell shows it is selected (a click in the preview page selects one); the next
-- selection puts the last one back.
function CollectionController:collectionView_didSelectItemAtIndexPath(collectionView, indexPath)
    local cell = collectionView:cellForItemAtIndexPath(indexPath)
    if cell ~= nil then cell.contentView.layer.borderColor = objc.UIColor.blackColor.CGColor end
end

function CollectionController:collectionView_didDeselectItemAtIndexPath(collectionView, indexPath)
    local cell = collectionView:cellForItemAtIndexPath(indexPath)
    if cell ~= nil then
        cell:setAppearance(indexPath.item, self:collectionView_numberOfItemsInSection(collectionView, 0))
    end
end

return CollectionController
