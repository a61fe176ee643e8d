-- A flick scrolls the mosaic with momentum and it settles inside its content (`rebound test`).

describe("scrolling the mosaic", function()
  local collectionView

  before_each(function()
    host.start "main"
    collectionView = host.find { class = "UICollectionView" }
  end)

  it("glides after a flick, then settles", function()
    local before = {}
    for _, path in ipairs(collectionView:indexPathsForVisibleItems()) do before[path.section .. "." .. path.item] = true end
    flick(collectionView, { to = { x = 187, y = 80 } })
    assert.is_true(collectionView.decelerating)
    simulate.advance(5)
    assert.is_false(collectionView.decelerating)
    local offset = collectionView.contentOffset.y
    assert.is_true(offset > 300, "it moved on after the finger left")
    local maximum = collectionView.contentSize.height - collectionView.bounds.size.height
    assert.is_true(offset <= maximum + 0.5, "it settled inside the content")
    local newCells = 0
    for _, path in ipairs(collectionView:indexPathsForVisibleItems()) do
      if not before[path.section .. "." .. path.item] then newCells = newCells + 1 end
    end
    assert.is_true(newCells > 0)
  end)

  it("bounces back from the top", function()
    drag(collectionView, { points = { { x = 187, y = 200 }, { x = 187, y = 300 }, { x = 187, y = 400 } } })
    simulate.advance(2)
    -- At rest, the first row sits just below the status bar.
    assert.are.equal(-collectionView.adjustedContentInset.top, collectionView.contentOffset.y)
  end)
end)
