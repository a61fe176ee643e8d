-- A plain table in a navigation controller, for the renderer's golden picture: UIKit's default
-- colours, separators (none under the last row), every standard accessory, the cell styles,
-- and bar button items in the tint.

local UITableViewCell = objc.UITableViewCell
local Accessory = require("UIKit.UITableViewCell").Accessory

local Rows = objc.UITableViewController:createSubclass "Rows"

local rows = {
    { "None", Accessory.None, 0 },
    { "Disclosure indicator", Accessory.DisclosureIndicator, 0 },
    { "Checkmark", Accessory.Checkmark, 1, "Value1" },
    { "Detail button", Accessory.DetailButton, 3, "A subtitle" },
    { "Detail disclosure", Accessory.DetailDisclosureButton, 0 },
    { "A long title that does not fit beside its accessory", Accessory.DisclosureIndicator, 0 },
}

function Rows:viewDidLoad()
    self[objc.UITableViewController]:viewDidLoad()
    self.title = "Accessories"
    self.navigationItem.rightBarButtonItem = objc.UIBarButtonItem:newWithTitle_style_target_action("Edit", 0, nil, nil)
    self.navigationItem.leftBarButtonItem = objc.UIBarButtonItem:newWithTitle_style_target_action("Sort", 0, nil, nil)
end

function Rows:tableView_numberOfRowsInSection(tableView, section)
    return #rows
end

function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
    local row = rows[indexPath.row + 1]
    local cell = UITableViewCell:newWithStyle_reuseIdentifier(row[3], nil)
    cell.textLabel.text = row[1]
    if row[4] then cell.detailTextLabel.text = row[4] end
    cell.accessoryType = row[2]
    return cell
end

return objc.UINavigationController:newWithRootViewController(Rows:new())
