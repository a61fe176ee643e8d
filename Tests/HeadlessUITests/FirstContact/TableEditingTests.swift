import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Editing a table as UIKit does: editing mode with delete and insert controls, the data
/// source's commit, and swipe actions revealed by a swipe across a row.
@Suite struct TableEditingTests {
    /// A list of fruit whose data source deletes and inserts rows, logging what it hears.
    static let setUp = """
        log = {}
        fruit = { "Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig" }
        Controller = objc.UITableViewController:createSubclass("Controller")
        function Controller:tableView_numberOfRowsInSection() return #fruit end
        function Controller:tableView_cellForRowAtIndexPath(tableView, indexPath)
            local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, "row")
            cell.textLabel.text = fruit[indexPath.row + 1]
            cell.accessoryType = objc.UITableViewCell.AccessoryType.DisclosureIndicator
            return cell
        end
        function Controller:tableView_commitEditingStyle_forRowAtIndexPath(tableView, style, indexPath)
            log[#log + 1] = "commit " .. style .. " " .. indexPath.row
            if style == objc.UITableViewCell.EditingStyle.Delete then
                table.remove(fruit, indexPath.row + 1)
                tableView:deleteRowsAtIndexPaths_withRowAnimation({ indexPath }, objc.UITableView.RowAnimation.None)
            end
        end
        function Controller:tableView_didSelectRowAtIndexPath(tableView, indexPath)
            log[#log + 1] = "select " .. indexPath.row
        end
        controller = Controller:new()
        function path(row) return objc.NSIndexPath:indexPathForRow_inSection(row, 0) end
        function cell(row) return controller.tableView:cellForRowAtIndexPath(path(row)) end
        -- A point on row `row`, `x` points from the screen's left.
        function rowPoint(row, x)
            local c = cell(row)
            local y = c:convertPoint_toView({ x = 0, y = c.bounds.size.height / 2 }, nil).y
            return { x = x, y = y }
        end
        function swipe(row, fromX, toX)
            local start = rowPoint(row, fromX)
            simulate.drag { from = start, to = { x = toX, y = start.y }, steps = 10 }
        end
        -- The button on screen titled `title`.
        function actionButton(title)
            local function search(view)
                if view:isKindOfClass(objc.UIButton) and view:titleForState(0) == title then return view end
                for _, sub in ipairs(view.subviews) do
                    local found = search(sub)
                    if found then return found end
                end
            end
            return search(objc.UIApplication.sharedApplication.keyWindow)
        end
        function tapView(view)
            local b = view.bounds
            simulate.tap { at = view:convertPoint_toView({ x = b.size.width / 2, y = b.size.height / 2 }, nil) }
        end
        """

    @Test func editingModePutsDeleteControlsOnTheRowsAndPushesTheContentIn() throws {
        let t = try TestWorld()
        try t.run(Self.setUp)
        try t.show()
        #expect(try t.run("return cell(1).contentView.frame.origin.x") == [0])
        try t.run("controller:setEditing_animated(true, false)")
        #expect(
            try t.run("return controller.editing, controller.tableView.editing, cell(1).editing") == [true, true, true])
        #expect(try t.run("return cell(1).editingStyle") == [1])
        #expect(try t.run("return cell(1).contentView.frame.origin.x") == [38])
        // The disclosure indicator goes in editing mode: the content reaches the trailing margin.
        #expect(try t.run("return cell(1).contentView.frame.size.width") == [337])
        try t.run("controller:setEditing_animated(false, false)")
        #expect(try t.run("return cell(1).editing, cell(1).contentView.frame.origin.x") == [false, 0])
    }

    @Test func aDeleteControlShowsTheDeleteButtonWhichCommitsTheDeletion() throws {
        let t = try TestWorld()
        try t.run(Self.setUp)
        try t.show()
        try t.run("controller.editing = true")
        try t.run("simulate.tap { at = rowPoint(2, 27) }")
        #expect(try t.run("return cell(2).showingDeleteConfirmation") == [true])
        #expect(try t.run("return actionButton('Delete') ~= nil") == [true])
        #expect(try t.run("return cell(2).frame.origin.x < 0") == [true], "the row moved aside")
        try t.run("tapView(actionButton('Delete'))")
        #expect(try t.run("return log[1], #fruit, cell(2).textLabel.text") == ["commit 1 2", 5, "Damson"])
        #expect(try t.run("return actionButton('Delete') == nil") == [true])
    }

    @Test func anInsertControlCommitsTheInsertion() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                function Controller:tableView_editingStyleForRowAtIndexPath(tableView, indexPath)
                    return indexPath.row == 0 and objc.UITableViewCell.EditingStyle.Insert
                        or objc.UITableViewCell.EditingStyle.None
                end
                """)
        try t.show()
        try t.run("controller.editing = true")
        #expect(try t.run("return cell(0).editingStyle, cell(1).editingStyle") == [2, 0])
        #expect(try t.run("return cell(1).contentView.frame.origin.x") == [0], "a row of style None is not indented")
        try t.run("simulate.tap { at = rowPoint(0, 27) }")
        #expect(try t.run("return log[1]") == ["commit 2 0"])
    }

    @Test func swipeActionsShowUnderASwipeAndRunTheirHandler() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                function Controller:tableView_trailingSwipeActionsConfigurationForRowAtIndexPath(tableView, indexPath)
                    local archive = objc.UIContextualAction:contextualActionWithStyle_title_handler(
                        objc.UIContextualAction.Style.Normal, "Archive",
                        function(action, sourceView, completion)
                            log[#log + 1] = "archive " .. indexPath.row .. " " .. action.title
                            completion(true)
                        end)
                    local flag = objc.UIContextualAction:contextualActionWithStyle_title_handler(
                        objc.UIContextualAction.Style.Normal, "Flag", function(action, sourceView, completion) end)
                    flag.backgroundColor = objc.UIColor.orangeColor
                    return objc.UISwipeActionsConfiguration:configurationWithActions({ archive, flag })
                end
                function Controller:tableView_willBeginEditingRowAtIndexPath(tableView, indexPath)
                    log[#log + 1] = "begin " .. indexPath.row
                end
                function Controller:tableView_didEndEditingRowAtIndexPath(tableView, indexPath)
                    log[#log + 1] = "end " .. indexPath.row
                end
                """)
        try t.show()
        try t.run("swipe(3, 300, 180)")
        #expect(try t.run("return log[1], cell(3).showingDeleteConfirmation") == ["begin 3", true])
        let archive = try t.run("local b = actionButton('Archive').frame return b.origin.x, b.size.width")
        let flag = try t.run("local b = actionButton('Flag').frame return b.origin.x, b.size.width")
        // The first action is nearest the trailing edge.
        #expect((archive.first?.numberValue ?? 0) > (flag.first?.numberValue ?? 0), "\(archive) \(flag)")
        let open = try t.run("return -cell(3).frame.origin.x").first?.numberValue ?? 0
        #expect(
            open == (archive[1].numberValue ?? 0) + (flag[1].numberValue ?? 0), "the row rests at the buttons' width")
        #expect(try t.run("return actionButton('Flag').backgroundColor == objc.UIColor.orangeColor") == [true])
        try t.run("tapView(actionButton('Archive'))")
        #expect(try t.run("return log[2], log[3]") == ["archive 3 Archive", "end 3"])
        #expect(try t.run("return cell(3).frame.origin.x, cell(3).showingDeleteConfirmation") == [0, false])
        #expect(try t.run("return actionButton('Archive') == nil") == [true])
    }

    @Test func aShortSwipeSpringsBackAndATapElsewhereClosesWithoutSelecting() throws {
        let t = try TestWorld()
        try t.run(Self.setUp)
        try t.show()
        try t.run("swipe(1, 300, 280)")
        #expect(try t.run("return cell(1).frame.origin.x, actionButton('Delete') == nil") == [0, true])
        try t.run("swipe(1, 300, 150)")
        #expect(try t.run("return cell(1).showingDeleteConfirmation") == [true])
        try t.run("simulate.tap { at = rowPoint(4, 100) }")
        #expect(try t.run("return cell(1).showingDeleteConfirmation, #log") == [false, 0], "closed, nothing selected")
        try t.run("simulate.tap { at = rowPoint(4, 100) }")
        #expect(try t.run("return log[1]") == ["select 4"], "the next tap selects")
    }

    @Test func aFullSwipePerformsTheFirstAction() throws {
        let t = try TestWorld()
        try t.run(Self.setUp)
        try t.show()
        try t.run("swipe(0, 360, 20)")
        #expect(try t.run("return log[1], #fruit, cell(0).textLabel.text") == ["commit 1 0", 5, "Banana"])
        #expect(try t.run("return cell(0).frame.origin.x") == [0])
    }

    @Test func rowsThatCannotBeEditedHaveNoSwipeAndNoControl() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                function Controller:tableView_canEditRowAtIndexPath(tableView, indexPath) return indexPath.row ~= 1 end
                """)
        try t.show()
        try t.run("swipe(1, 300, 150)")
        #expect(try t.run("return cell(1).showingDeleteConfirmation") == [false])
        try t.run("controller.editing = true")
        #expect(try t.run("return cell(1).editingStyle, cell(2).editingStyle") == [0, 1])
        // A table whose data source does not commit edits has no swipe to delete; the script's
        // own swipe recognizer gets the swipe instead (the sentinel).
        try t.run(
            """
            controller.editing = false
            Controller.tableView_commitEditingStyle_forRowAtIndexPath = nil
            Handler = class.createClass("Handler")
            function Handler:swiped() log[#log + 1] = "swiped" end
            Handler:declareActionMethod("swiped")
            handler = Handler:new()
            local recognizer = objc.UISwipeGestureRecognizer:newWithTarget_action(handler, "swiped")
            recognizer.direction = objc.UISwipeGestureRecognizer.Direction.Left
            controller.tableView:addGestureRecognizer(recognizer)
            """)
        try t.run("swipe(2, 300, 100)")
        #expect(try t.run("return cell(2).showingDeleteConfirmation, log[1]") == [false, "swiped"])
    }

    @Test func theEditButtonTogglesTheModeThroughTheScriptsOverride() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                function Controller:setEditing_animated(editing, animated)
                    log[#log + 1] = "editing " .. tostring(editing)
                    self[objc.UITableViewController]:setEditing_animated(editing, animated)
                end
                """)
        try t.show()
        try t.run("item = controller.editButtonItem")
        #expect(try t.run("return item.title, item.style") == ["Edit", 0])
        try t.run("controller.editing = true")
        #expect(
            try t.run("return log[1], item.title, item.style, controller.tableView.editing") == [
                "editing true", "Done", 2, true,
            ])
        // In editing mode a tap on a row selects nothing unless the table allows it.
        try t.run("simulate.tap { at = rowPoint(3, 200) }")
        #expect(try t.run("return #log") == [1])
        try t.run("controller.tableView.allowsSelectionDuringEditing = true")
        try t.run("simulate.tap { at = rowPoint(3, 200) }")
        #expect(try t.run("return log[2]") == ["select 3"])
    }

    @Test func theEditButtonInANavigationBarReadsDoneWhileEditing() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                controller.navigationItem.rightBarButtonItem = controller.editButtonItem
                controller = objc.UINavigationController:newWithRootViewController(controller)
                """)
        try t.show()
        try t.run("table = controller.topViewController.tableView")
        try t.run("tapView(actionButton('Edit'))")
        #expect(try t.run("return table.editing, actionButton('Done') ~= nil") == [true, true])
        try t.run("tapView(actionButton('Done'))")
        #expect(try t.run("return table.editing, actionButton('Edit') ~= nil") == [false, true])
    }

    /// The actions on screen keep their script fields through a full collection, and the
    /// delegate is asked for them once a gesture, not at every move of the finger.
    @Test func actionsOnScreenKeepTheirFieldsAndAreAskedForOnce() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                asked = 0
                function Controller:tableView_trailingSwipeActionsConfigurationForRowAtIndexPath(tableView, indexPath)
                    asked = asked + 1
                    if indexPath.row == 0 then return objc.UISwipeActionsConfiguration:configurationWithActions({}) end
                    local action = objc.UIContextualAction:contextualActionWithStyle_title_handler(
                        0, "Pin", function(action, sourceView, completion) log[#log + 1] = action.note completion(true) end)
                    action.note = "pinned " .. indexPath.row
                    return objc.UISwipeActionsConfiguration:configurationWithActions({ action })
                end
                """)
        try t.show()
        try t.run(
            "local start = rowPoint(0, 300) simulate.drag { from = start, to = { x = 40, y = start.y }, steps = 20 }")
        #expect(try t.run("return asked") == [1], "asked once for the whole drag")
        try t.run("swipe(2, 300, 150)")
        try t.run("collectgarbage() collectgarbage()")
        try t.run("tapView(actionButton('Pin'))")
        #expect(try t.run("return log[1]") == ["pinned 2"])
    }

    @Test func badValuesFromScriptsAreErrorsThatNameThem() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                function Controller:tableView_editingStyleForRowAtIndexPath() return 7 end
                """)
        try t.show()
        #expect(t.error("controller.editing = true").contains("tableView_editingStyleForRowAtIndexPath returned 7"))
        #expect(
            t.error("objc.UIContextualAction:contextualActionWithStyle_title_handler(5, 'x', nil)")
                .contains("5 is not a UIContextualActionStyle"))
    }
}
