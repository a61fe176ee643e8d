-- The photo grid: a wide picture beside two small ones, rows of three squares, headers that
-- stay in view while their section scrolls by, and a saved section provider (`rebound test`).

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
    -- keeps 2 points of inset on every side.
    local width = 359
    near({ 8 + 2, 44 + 2, width * 2 / 3 - 4, width * 2 / 3 - 4 }, frame(0, 0))
    near({ 8 + width * 2 / 3 + 2, 44 + 2, width / 3 - 4, width / 3 - 4 }, frame(0, 1))
    near({ 8 + 2, 44 + width * 2 / 3 + 2, width / 3 - 4, width / 3 - 4 }, frame(0, 3))
    host.snapshot("grid")
  end)

  it("keeps the section's header in view while its photos scroll by", function()
    collectionView:setContentOffset_animated(struct.CGPoint(0, 300), false)
    host.displayPass()
    local kind = require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader
    local header = collectionView:layoutAttributesForSupplementaryElementOfKind_atIndexPath(kind,
      IndexPath:indexPathForItem_inSection(0, 0))
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
    assert.are.equal(22, frame(0, 0)[1])
  end)
end)
