-- The photo grid: a featured row that pages across, then albums of a wide picture beside two
-- small ones and rows of three squares, headers that stay in view while their section scrolls
-- by, and a saved section provider (`rebound test`).

local IndexPath = objc.NSIndexPath

describe("the photo grid", function()
  local collectionView

  before_each(function()
    collectionView = host.start().collectionView
  end)

  local function frame(section, item)
    local attributes = collectionView:layoutAttributesForItemAtIndexPath(IndexPath:indexPathForItem_inSection(item, section))
    local f = attributes.frame
    return { f.origin.x, f.origin.y, f.size.width, f.size.height }
  end

  local function near(expected, actual)
    for index, value in ipairs(expected) do
      assert.is_true(math.abs(value - actual[index]) < 1e-9, ("%s: %s, expected %s"):format(index, actual[index], value))
    end
  end

  it("lays each section out as a feature row then rows of three", function()
    -- 375 wide less 8 either side: 359. The feature row is 2/3 of that tall; each picture
    -- keeps 2 points of inset on every side. The album starts under the featured row (8 +
    -- 180 + 16) and its 44-point header.
    local width, top = 359, 204 + 44
    near({ 8 + 2, top + 2, width * 2 / 3 - 4, width * 2 / 3 - 4 }, frame(1, 0))
    near({ 8 + width * 2 / 3 + 2, top + 2, width / 3 - 4, width / 3 - 4 }, frame(1, 1))
    near({ 8 + 2, top + width * 2 / 3 + 2, width / 3 - 4, width / 3 - 4 }, frame(1, 3))
    host.snapshot("grid")
  end)

  it("pages the featured row across, a card at a time, each coming to rest centred", function()
    drag(collectionView, { points = { { x = 300, y = 150 }, { x = 200, y = 150 }, { x = 120, y = 150 } } })
    simulate.advance(1)
    local card = frame(0, 1)
    -- The card's centre (its 4-point insets either side) is the screen's.
    assert.is_true(math.abs(card[1] + card[3] / 2 - 375 / 2) < 1e-9, "centred: " .. card[1])
    assert.is_true(frame(0, 0)[1] < 0, "the first card went out on the left")
    host.snapshot("grid-featured")
  end)

  it("keeps the section's header in view while its photos scroll by", function()
    collectionView:setContentOffset_animated(struct.CGPoint(0, 300), false)
    host.displayPass()
    local kind = require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader
    local header = collectionView:layoutAttributesForSupplementaryElementOfKind_atIndexPath(kind,
      IndexPath:indexPathForItem_inSection(0, 1))
    assert.are.equal(300 + collectionView.adjustedContentInset.top, header.frame.origin.y)
    host.snapshot("grid-scrolled")
  end)

  it("lays the grid out again when the section provider is saved", function()
    local path = objc.NSBundle.mainBundle:pathForResource_ofType("GridController", "lua")
    local source = objc.NSString:stringWithContentsOfFile_encoding_error(path, 4, nil)
    local edited = source:gsub("contentInsets = struct.NSDirectionalEdgeInsets%(0, 8, 16, 8%)",
      "contentInsets = struct.NSDirectionalEdgeInsets(0, 20, 16, 20)")
    assert.are_not.equal(source, edited)
    assert.is_true(host.edit("GridController.lua", edited))
    assert.are.equal(22, frame(1, 0)[1])
  end)
end)
