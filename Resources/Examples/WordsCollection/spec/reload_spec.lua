-- Saving LabelCell.lua reloads it in place and refreshes the cells; a broken save keeps the
-- last good code (`rebound test`, `host.edit`). The tests of one file share its context, as
-- busted's do, so each checks what changed rather than what the file held at first.

describe("editing LabelCell.lua", function()
  before_each(function()
    host.start "CollectionController"
  end)

  local function borderWidths()
    local widths = {}
    for _, cell in ipairs(host.findAll { class = "LabelCell" }) do widths[cell.contentView.layer.borderWidth] = true end
    return widths
  end

  it("shows the new border on every cell", function()
    assert.are.same({ [8] = true }, borderWidths())
    local path = objc.NSBundle.mainBundle:pathForResource_ofType("LabelCell", "lua")
    local text = objc.NSString:stringWithContentsOfFile_encoding_error(path, 4, nil)
    assert.is_true(host.edit("LabelCell.lua", (text:gsub("borderWidth = 8", "borderWidth = 3"))))
    assert.are.same({ [3] = true }, borderWidths())
  end)

  it("keeps the last good code after a broken save", function()
    local before = borderWidths()
    local ok, message = host.edit("LabelCell.lua", "local broken = ")
    assert.is_false(ok)
    assert.matches("LabelCell.lua:1:", message)
    assert.are.same(before, borderWidths())
  end)
end)
