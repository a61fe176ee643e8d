-- The search controller in the navigation bar, in light and dark: typing filters the list, a
-- scope narrows it, and Cancel brings the whole list back (`rebound test`).

describe("the searchable list", function()
  local controller, search

  before_each(function()
    simulate.appearance("light") -- the appearance stays from test to test within a file
    host.start()
    controller = host.rootViewController.topViewController
    search = controller.navigationItem.searchController
  end)

  it("shows the search bar under the title, in light and in dark", function()
    host.snapshot("list")
    simulate.appearance("dark")
    host.snapshot("list-dark")
  end)

  it("scrolls the search bar away, then the large title", function()
    local bar = host.rootViewController.navigationBar
    assert.are.equal(148, bar.frame.size.height)
    -- Let go most of the way, the search bar goes on to go entirely; the large title stays.
    drag(controller.tableView, { points = { { x = 200, y = 500 }, { x = 200, y = 490 }, { x = 200, y = 450 }, { x = 200, y = 450 } } })
    simulate.advance(1)
    assert.are.equal(96, bar.frame.size.height)
    host.snapshot("scrolled")
    flick(controller.tableView, { to = { x = 200, y = 100 } })
    simulate.advance(3)
    assert.are.equal(44, bar.frame.size.height)
    host.snapshot("collapsed")
  end)

  it("filters the list as the user types", function()
    host.type(search.searchBar.searchTextField, "an")
    host.displayPass()
    assert.is_true(search.active)
    assert.are.equal("an", search.searchBar.text)
    assert.are.equal(2, controller.tableView:numberOfRowsInSection(0)) -- Banana and Mango
    host.snapshot("typed")
  end)

  it("narrows the search to a scope, in dark", function()
    simulate.appearance("dark")
    host.type(search.searchBar.searchTextField, "a")
    local scopes = host.find { class = "UISegmentedControl" }
    local frame = scopes:convertRect_toView(scopes.bounds, nil)
    tap { x = frame.origin.x + frame.size.width * 5 / 6, y = frame.origin.y + frame.size.height / 2 } -- the third of three
    host.displayPass()
    assert.are.equal(2, search.searchBar.selectedScopeButtonIndex)
    for row = 0, controller.tableView:numberOfRowsInSection(0) - 1 do
      local cell = controller.tableView:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(row, 0))
      assert.is_not_nil(cell.textLabel.text:lower():find("a", 1, true))
    end
    host.snapshot("scoped-dark")
  end)

  it("brings the whole list back on Cancel", function()
    host.type(search.searchBar.searchTextField, "pe")
    tap "Cancel"
    host.displayPass()
    assert.is_false(search.active)
    assert.are.equal("", search.searchBar.text)
    assert.are.equal(21, controller.tableView:numberOfRowsInSection(0))
    assert.is_false(search.searchBar.showsCancelButton)
  end)
end)
