-- A pinch on a word cell scales it while the fingers move, then lets it go (`rebound test`).

describe("pinching a word", function()
  local states, scales

  before_each(function()
    local Controller = require "CollectionController"
    local handle = Controller.handlePinchGesture
    states, scales = {}, {}
    function Controller:handlePinchGesture(recognizer)
      handle(self, recognizer)
      states[#states + 1] = recognizer.state
      scales[#scales + 1] = self.collectionView.collectionViewLayout._pinchedCellScale
    end
    host.start "CollectionController"
  end)

  it("shows one cell per word", function()
    assert.is_true(#host.findAll { class = "LabelCell" } > 10)
  end)

  -- A cell well inside the screen, so that both fingers are on it.
  local function middleCell()
    for _, cell in ipairs(host.findAll { class = "LabelCell" }) do
      local center = cell:convertPoint_toView({ x = cell.bounds.size.width / 2, y = cell.bounds.size.height / 2 }, nil)
      if center.x > 120 and center.x < 255 and center.y > 150 then return cell end
    end
  end

  it("scales the pinched cell with the fingers, then lets it go", function()
    local cell = assert(middleCell())
    local layout = host.rootViewController.collectionView.collectionViewLayout
    pinchOpen(cell)
    local State = objc.UIGestureRecognizer.State
    assert.are.equal(State.began, states[1])
    assert.are.equal(State.ended, states[#states])
    assert.is_true(math.max(table.unpack(scales)) > 1.5, "the cell grew with the fingers")
    simulate.advance(1)
    assert.is_nil(layout.pinchedCellPath)
    assert.are.equal(1, layout._pinchedCellScale)
  end)

  it("leaves a cell alone when the fingers come together", function()
    pinchClose(assert(middleCell()))
    assert.is_true(math.min(table.unpack(scales)) < 1)
  end)
end)
