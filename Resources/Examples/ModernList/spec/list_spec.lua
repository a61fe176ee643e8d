-- The grocery list: rows in an inset grouped list under their headers, a swipe that deletes a
-- row, and a save that changes the rows at the next pass (`rebound test`).

local IndexPath = objc.NSIndexPath

describe("the grocery list", function()
  local controller, collectionView

  before_each(function()
    host.start()
    controller = host.rootViewController.topViewController
    collectionView = controller.collectionView
  end)

  local function row(section, item)
    return collectionView:cellForItemAtIndexPath(IndexPath:indexPathForItem_inSection(item, section))
  end

  it("shows each section's items as standard rows under its header", function()
    assert.are.equal("Apples", row(0, 0).contentConfiguration.text)
    assert.are.equal("6", row(0, 0).contentConfiguration.secondaryText)
    assert.are.equal(44, row(0, 0).frame.size.height)
    assert.are.equal(row(0, 0).frame.origin.y + 44, row(0, 1).frame.origin.y)
    host.snapshot("list")
  end)

  it("deletes a row with its swipe action", function()
    local start = row(1, 0):convertPoint_toView({ x = 300, y = 22 }, nil)
    drag(collectionView, { points = { start, { x = 200, y = start.y }, { x = 120, y = start.y } } })
    assert.is_true(row(1, 0).configurationState.swiped)
    host.snapshot("swiped")
    tap(host.find { class = "UIButton" }) -- the action's button, the only one on screen
    simulate.advance(1)
    assert.are.equal(1, collectionView:numberOfItemsInSection(1))
    assert.are.equal("Croissants", row(1, 0).contentConfiguration.text)
  end)

  it("shows a saved cell handler at the next pass, keeping the rows", function()
    local path = objc.NSBundle.mainBundle:pathForResource_ofType("ListController", "lua")
    local source = objc.NSString:stringWithContentsOfFile_encoding_error(path, 4, nil)
    local edited = source:gsub("content.secondaryText = item.detail", 'content.secondaryText = "x " .. item.detail')
    assert.are_not.equal(source, edited)
    assert.is_true(host.edit("ListController.lua", edited))
    assert.are.equal("x 6", row(0, 0).contentConfiguration.secondaryText)
    assert.are.equal(3, collectionView:numberOfSections())
  end)
end)
