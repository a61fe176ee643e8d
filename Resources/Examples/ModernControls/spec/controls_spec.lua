-- Today's controls in light and dark, the menus they open, and the drawer a slider scrubs
-- (`rebound test`).

describe("the modern controls", function()
  local controller

  before_each(function()
    simulate.appearance("light") -- the appearance stays from test to test within a file
    host.start()
    controller = host.rootViewController.topViewController
  end)

  it("draws every control in light and in dark", function()
    host.snapshot("controls")
    simulate.appearance("dark")
    host.snapshot("controls-dark")
  end)

  it("chooses the sort order from the pop-up button's menu", function()
    tap(host.find { accessibilityIdentifier = "sort" })
    simulate.advance(0.5)
    host.snapshot("sort-menu")
    tap "Date"
    simulate.advance(0.5)
    assert.are.equal("Date", controller.sortedBy)
    assert.are.equal("Date", host.find({ accessibilityIdentifier = "sort" }).configuration.title)
  end)

  it("opens the card's context menu in dark", function()
    simulate.appearance("dark")
    longPress(host.find { accessibilityIdentifier = "card" }, { duration = 1 })
    simulate.advance(0.5)
    host.snapshot("card-menu-dark")
    assert.is_not_nil(host.find { text = "Delete" })
  end)

  it("shows the filters in a sheet at half height, then dragged up, in dark", function()
    simulate.appearance("dark")
    tap "Filters"
    simulate.advance(1)
    local sheet = controller.presentedViewController.sheetPresentationController
    host.snapshot("sheet-medium-dark")
    drag(host.window, { points = { { x = 180, y = 345 }, { x = 180, y = 200 }, { x = 180, y = 100 }, { x = 180, y = 100 } } })
    simulate.advance(1)
    assert.are.equal("com.apple.UIKit.large", sheet.selectedDetentIdentifier)
    host.snapshot("sheet-large-dark")
  end)

  it("picks a size in the filters' sheet", function()
    tap "Filters"
    simulate.advance(1)
    host.snapshot("sheet-medium")
    tap(host.find { text = "L" })
    simulate.advance(1)
    assert.are.equal("L", controller.size)
    assert.are.equal(3, host.find({ accessibilityIdentifier = "sizes" }):selectedRowInComponent(0))
  end)

  it("scrubs the drawer with the slider", function()
    local slider = host.find { accessibilityIdentifier = "scrub" }
    slider.value = 0.5
    slider:sendActionsForControlEvents(require("UIKit.UIControl").Events.ValueChanged)
    local drawer = controller.view.subviews[2]
    assert.are.equal(325, drawer.center.x)
    assert.is_true(math.abs(drawer.layer:presentationLayer().position.x - 187.5) < 1e-6)
    host.snapshot("scrubbed")
  end)
end)
