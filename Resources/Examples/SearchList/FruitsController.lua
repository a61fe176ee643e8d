-- A list of fruit and vegetables with a search controller in the navigation bar: typing
-- filters the list in place, and the scope bar narrows it to one kind. Save this file while
-- Rebound runs and the list is made again.

local FruitsController = class.createClass("FruitsController", objc.UITableViewController)
FruitsController:declareProtocol("UISearchResultsUpdating")

local produce = {
    { "Apple", "Fruit" }, { "Apricot", "Fruit" }, { "Asparagus", "Vegetable" }, { "Avocado", "Fruit" },
    { "Banana", "Fruit" }, { "Beetroot", "Vegetable" }, { "Blackberry", "Fruit" }, { "Broccoli", "Vegetable" },
    { "Cabbage", "Vegetable" }, { "Carrot", "Vegetable" }, { "Cherry", "Fruit" }, { "Courgette", "Vegetable" },
    { "Fig", "Fruit" }, { "Grape", "Fruit" }, { "Leek", "Vegetable" }, { "Lemon", "Fruit" }, { "Mango", "Fruit" },
    { "Onion", "Vegetable" }, { "Pear", "Fruit" }, { "Pepper", "Vegetable" }, { "Plum", "Fruit" },
}
local scopes = { "All", "Fruit", "Vegetable" }

function FruitsController:viewDidLoad()
    self[FruitsController.superclass]:viewDidLoad()
    self.title = "Produce"
    self.tableView:registerClass_forCellReuseIdentifier(objc.UITableViewCell, "item")
    local search = objc.UISearchController:newWithSearchResultsController(nil)
    search.searchResultsUpdater = self
    search.searchBar.placeholder = "Fruit and vegetables"
    search.searchBar.scopeButtonTitles = scopes
    search.searchBar.accessibilityIdentifier = "search"
    self.navigationItem.searchController = search
    self.shown = produce
end

-- The updater: what the search bar holds now decides what the table shows.
function FruitsController:updateSearchResultsForSearchController(search)
    local text = search.searchBar.text:lower()
    local scope = scopes[search.searchBar.selectedScopeButtonIndex + 1]
    local shown = {}
    for _, item in ipairs(produce) do
        local matches = text == "" or item[1]:lower():find(text, 1, true)
        if matches and (scope == "All" or scope == item[2]) then shown[#shown + 1] = item end
    end
    self.shown = shown
    self.tableView:reloadData()
end

function FruitsController:tableView_numberOfRowsInSection(tableView, section)
    return #self.shown
end

function FruitsController:tableView_cellForRowAtIndexPath(tableView, indexPath)
    local cell = tableView:dequeueReusableCellWithIdentifier_forIndexPath("item", indexPath)
    local item = self.shown[indexPath.row + 1]
    cell.textLabel.text = item[1]
    return cell
end

return FruitsController
