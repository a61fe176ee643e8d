-- A flow layout whose pinched cell follows the fingers: scaled, moved, turned and raised
-- above the others (the tutorial's PinchFlowLayout, step 3). Only the pinched item's layout
-- is invalidated while the gesture goes on.

local UICollectionViewFlowLayout = objc.UICollectionViewFlowLayout

local PinchFlowLayout = UICollectionViewFlowLayout:createSubclass("PinchFlowLayout")

PinchFlowLayout.pinchedCellPath = property()

function PinchFlowLayout:setPinchedCellPath(path)
    self._pinchedCellPath = path
    if path ~= nil then
        local invalidateContext = objc.UICollectionViewFlowLayoutInvalidationContext:new()
        invalidateContext.invalidateFlowLayoutDelegateMetrics = false
        invalidateContext:invalidateItemsAtIndexPaths { path }
        self.pinchInvalidationContext = invalidateContext
        self:invalidateLayoutWithContext(self.pinchInvalidationContext)
    else
        self.pinchInvalidationContext = nil
        self:invalidateLayout()
    end
end

function PinchFlowLayout:invalidateLayoutOfPinchedCell()
    if self.pinchInvalidationContext ~= nil then
        self:invalidateLayoutWithContext(self.pinchInvalidationContext)
    end
end

PinchFlowLayout.pinchedCellScale = property { set = function(self, scale)
                                                  self._pinchedCellScale = scale
                                                  self:invalidateLayoutOfPinchedCell()
                                              end }
PinchFlowLayout.pinchedCellCenter = property { set = function(self, center)
                                                   self._pinchedCellCenter = center
                                                   self:invalidateLayoutOfPinchedCell()
                                               end }
PinchFlowLayout.rotationAngle = property { set = function(self, angle)
                                               self._rotationAngle = angle
                                               self:invalidateLayoutOfPinchedCell()
                                           end }

function PinchFlowLayout:layoutAttributesForElementsInRect(rect)
    local allAttributesInRect = self[UICollectionViewFlowLayout]:layoutAttributesForElementsInRect(rect)
    if self.pinchedCellPath ~= nil then
        for cellAttributes in allAttributesInRect do
            if cellAttributes.indexPath:isEqual(self.pinchedCellPath) then
                self:applyPinchToLayoutAttributes(cellAttributes)
            end
        end
    end
    return allAttributesInRect
end

function PinchFlowLayout:layoutAttributesForItemAtIndexPath(indexPath)
    local cellAttributes = self[UICollectionViewFlowLayout]:layoutAttributesForItemAtIndexPath(indexPath)
    if self.pinchedCellPath ~= nil and cellAttributes.indexPath:isEqual(self.pinchedCellPath) then
        self:applyPinchToLayoutAttributes(cellAttributes)
    end
    return cellAttributes
end

function PinchFlowLayout:applyPinchToLayoutAttributes(layoutAttributes)
    if self._pinchedCellCenter then
        layoutAttributes.center = self._pinchedCellCenter
    end

    layoutAttributes.zIndex = 1

    if self._pinchedCellScale then
        layoutAttributes.size = { width = layoutAttributes.size.width * self._pinchedCellScale,
                                  height = layoutAttributes.size.height * self._pinchedCellScale }
    end

    local angle = self._rotationAngle
    if angle and angle ~= 0 then
        local cos, sin = math.cos(angle), math.sin(angle)
        layoutAttributes.transform = { a = cos, b = sin, c = -sin, d = cos, tx = 0, ty = 0 }
    end
end

-- A knob for layout experiments (--param, --sweep, the console's :param): the spacing
-- between cells, read again at each layout.
function PinchFlowLayout:prepareLayout()
    local spacing = rebound.param("spacing", 10, { min = 0, max = 40, step = 1 })
    self.minimumInteritemSpacing = spacing
    self.minimumLineSpacing = spacing
    self[PinchFlowLayout.superclass]:prepareLayout()
end

return PinchFlowLayout
