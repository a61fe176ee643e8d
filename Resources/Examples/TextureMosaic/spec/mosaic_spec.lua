-- The Texture mosaic: cell nodes in three columns under 44-point section headers, measured at
-- the layout inspector's sizes; a tap selects, and a flick brings new nodes in (`rebound test`).

describe("the Texture mosaic", function()
  local controller, collectionNode, collectionView

  before_each(function()
    host.start "main"
    controller = host.rootViewController
    collectionNode = controller.collectionNode
    collectionView = collectionNode.view
  end)

  it("places the cell nodes in three columns under the header", function()
    local layout = collectionView.collectionViewLayout
    local first = collectionNode:nodeForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
    assert.are.equal(layout:columnWidth(), first.calculatedSize.width)
    -- 300 x 450: one and a half times as tall as the column is wide.
    assert.are.equal(layout:columnWidth() * 1.5, first.calculatedSize.height)
    local header = collectionNode:supplementaryNodeForElementKind_atIndexPath(
      require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader,
      objc.NSIndexPath:indexPathForItem_inSection(0, 0))
    assert.are.equal(44, header.calculatedSize.height)
    local columns = {}
    for _, node in ipairs(collectionNode.visibleNodes) do columns[node.view.superview.superview.frame.origin.x] = true end
    local count = 0
    for _ in pairs(columns) do count = count + 1 end
    assert.are.equal(3, count)
    host.snapshot("mosaic")
  end)

  it("brings new nodes in after a flick", function()
    local before = #collectionNode.visibleNodes
    flick(collectionView, { to = { x = 187, y = 80 } })
    simulate.advance(5)
    assert.is_true(collectionView.contentOffset.y > 300)
    assert.is_true(#collectionNode.visibleNodes >= before - 4)
    local last = collectionNode:nodeForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(7, 1))
    assert.is_not_nil(last, "the second section's nodes were made as they came in")
  end)
end)
