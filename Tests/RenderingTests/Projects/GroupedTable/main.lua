-- A grouped table pushed on a navigation controller, for the renderer's golden picture: the
-- grouped background, full-width separators at the top and bottom of each section, and the
-- back button's chevron.

local Root = objc.UIViewController:createSubclass "Root"
function Root:init()
    self[objc.UIViewController]:init()
    self.title = "Settings" -- the back button's title, before the view loads
end

local Sections = objc.UITableViewController:createSubclass "Sections"

function Sections:init()
    return self:initWithStyle(1)
end

function Sections:viewDidLoad()
    self[objc.UITableViewController]:viewDidLoad()
    self.title = "General"
end

function Sections:numberOfSectionsInTableView(tableView)
    return 2
end

function Sections:tableView_titleForHeaderInSection(tableView, section)
    return section == 0 and "ABOUT" or "DISPLAY"
end

function Sections:tableView_numberOfRowsInSection(tableView, section)
    return section == 0 and 3 or 2
end

function Sections:tableView_cellForRowAtIndexPath(tableView, indexPath)
    local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(1, nil)
    cell.textLabel.text = ("Row %d"):format(indexPath.row + 1)
    cell.detailTextLabel.text = indexPath.section == 0 and "Detail" or nil
    cell.accessoryType = 1
    return cell
end

local navigation = objc.UINavigationController:newWithRootViewController(Root:new())
navigation:pushViewController_animated(Sections:new(), false)
return navigation
