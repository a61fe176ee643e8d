import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// List cells: accessories, editing, the configuration state and its update handler, and
/// background configurations, in a plain list 400 points wide.
@Suite struct ListCellTests {
    static let source =
        ListLayoutTests.source + """

            function cell(section, item) return collection:cellForItemAtIndexPath(path(section, item)) end
            function contentFrame(section, item) return unpack(cell(section, item).contentView.frame) end
            """

    private func start(configure: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run("configure = \(configure)")
        try t.run("show(ListLayout:newWithAppearance(ListLayout.Appearance.Plain))")
        try t.show(controller: "controller")
        try t.world.layoutPass()
        return t
    }

    @Test func trailingAccessoriesNarrowTheContentAndEditingOnesWaitForEditing() throws {
        let t = try start(
            configure: """
                function(cell, path, item)
                    local content = cell:defaultContentConfiguration()
                    content.text = item
                    cell.contentConfiguration = content
                    deleted = deleted or {}
                    local delete = objc.UICellAccessoryDelete:new()
                    delete.actionHandler = function() table.insert(deleted, item) end
                    cell.accessories = { objc.UICellAccessoryDisclosureIndicator:new(), delete }
                end
                """)
        // The chevron is 8 wide at the 20-point margin, 14 from the content: 42 in all.
        #expect(try ListLayoutTests.numbers(t, "return contentFrame(0, 0)") == [0, 0, 358, 44])
        #expect(
            try t.run(
                "local v = cell(0, 0); for _, s in ipairs(v.subviews) do if s:isKindOfClass(objc.UIControl) and not s.hidden and s.frame.origin.x < 100 then return true end end; return false"
            ) == [.boolean(false)])
        try t.run("collection.editing = true")
        try t.world.layoutPass()
        // The delete control comes in at the leading margin and pushes the content 42 in.
        #expect(try ListLayoutTests.numbers(t, "return contentFrame(0, 0)") == [42, 0, 316, 44])
        try t.run(
            """
            local v = cell(0, 1)
            for _, s in ipairs(v.subviews) do
                if s:isKindOfClass(objc.UIControl) and not s.hidden and s.frame.origin.x < 100 then
                    local center = v:convertPoint_toView(struct.CGPoint(s.frame.origin.x + 11, 22), controller.view)
                    simulate.tap { at = { x = center.x, y = center.y } }
                end
            end
            """)
        #expect(try t.run("return deleted[1]") == [.string("Pears")])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func theUpdateHandlerSeesSelectionAndTheBackgroundTurnsGrey() throws {
        let t = try start(
            configure: """
                function(cell, path, item)
                    cell.configurationUpdateHandler = function(cell, state)
                        local content = cell:defaultContentConfiguration()
                        content.text = state.selected and (item .. " (chosen)") or item
                        cell.contentConfiguration = content
                    end
                end
                """)
        func text() throws -> [LuaValue] { try t.run("return cell(0, 1).contentConfiguration.text") }
        func background() throws -> [LuaValue] {
            try t.run(
                "local b = cell(0, 1).backgroundConfiguration; return b:resolvedBackgroundColorForTintColor(objc.UIColor.systemBlueColor)"
                    + ":isEqual(objc.UIColor.systemGray4Color)")
        }
        #expect(try text() == [.string("Pears")])
        #expect(try background() == [.boolean(false)])
        try t.run("collection:selectItemAtIndexPath_animated_scrollPosition(path(0, 1), false, 0)")
        try t.world.layoutPass()
        #expect(try text() == [.string("Pears (chosen)")])
        #expect(try background() == [.boolean(true)])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func aScriptsBackgroundConfigurationKeepsItsColourWhenSelected() throws {
        let t = try start(
            configure: """
                function(cell, path, item)
                    local background = objc.UIBackgroundConfiguration:listPlainCellConfiguration()
                    background.backgroundColor = objc.UIColor.systemYellowColor
                    background.cornerRadius = 8
                    cell.backgroundConfiguration = background
                end
                """)
        try t.run("collection:selectItemAtIndexPath_animated_scrollPosition(path(0, 0), false, 0)")
        try t.world.layoutPass()
        #expect(
            try t.run(
                "local b = cell(0, 0).backgroundConfiguration; return b:resolvedBackgroundColorForTintColor(objc.UIColor.systemBlueColor):isEqual(objc.UIColor.systemYellowColor), b.cornerRadius"
            )
                == [.boolean(true), .integer(8)])
    }

    /// A list's trailing provider, asked with the row's index path, gives what a swipe to the
    /// left reveals; the action's handler runs on a tap and its completion closes the row.
    @Test func aSwipeRevealsTheListsTrailingActions() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            """
            log = {}
            local configuration = ListLayout:newWithAppearance(ListLayout.Appearance.Plain)
            configuration.trailingSwipeActionsConfigurationProvider = function(indexPath)
                if indexPath.item == 2 then return nil end
                local delete = objc.UIContextualAction:contextualActionWithStyle_title_handler(
                    objc.UIContextualAction.Style.Destructive, "Delete",
                    function(action, sourceView, completion)
                        log[#log + 1] = "delete " .. indexPath.item
                        completion(true)
                    end)
                return objc.UISwipeActionsConfiguration:configurationWithActions { delete }
            end
            show(configuration)
            function swipe(item)
                local c = cell(0, item)
                local start = c:convertPoint_toView({ x = 300, y = 22 }, nil)
                simulate.drag { from = start, to = { x = 150, y = start.y }, steps = 10 }
            end
            function deleteButton()
                for _, view in ipairs(collection.subviews) do
                    for _, sub in ipairs(view.subviews) do
                        if sub:isKindOfClass(objc.UIButton) and sub:titleForState(0) == "Delete" then return sub end
                    end
                end
            end
            """)
        try t.show()
        try t.run("swipe(1)")
        // The row keeps its place; its content slides aside within it, clipped there.
        #expect(
            try t.run(
                "local c = cell(0, 1); return c.configurationState.swiped, c.frame.origin.x, c.bounds.origin.x > 0, c.clipsToBounds"
            ) == [true, 0, true, true])
        try t.run(
            """
            local button = deleteButton()
            local center = button:convertPoint_toView({ x = 10, y = 10 }, nil)
            simulate.tap { at = center }
            """)
        #expect(try t.run("return log[1], cell(0, 1).bounds.origin.x, deleteButton() == nil") == ["delete 1", 0, true])
        // A row the provider gives nothing keeps still: the drag is the scroll view's.
        try t.run("swipe(2)")
        #expect(try t.run("return cell(0, 2).bounds.origin.x, deleteButton() == nil") == [0, true])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    /// A table view controller on screen whose `rows` cells of `style` show a content
    /// configuration of the cell's default style, with `text` (a Lua expression) and `secondaryText`.
    private func table(rows: Int, style: Int, text: String, secondaryText: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UITableViewController:new()
            Source = objc.NSObject:createSubclass("Source")
            Source:declareProtocol("UITableViewDataSource")
            function Source:tableView_numberOfRowsInSection(view, section) return \(rows) end
            function Source:tableView_cellForRowAtIndexPath(view, path)
                local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(\(style), nil)
                local content = cell:defaultContentConfiguration()
                content.text, content.secondaryText = \(text), "\(secondaryText)"
                cell.contentConfiguration = content
                return cell
            end
            source = Source:new()
            controller.tableView.dataSource = source
            """)
        try t.show()
        return t
    }

    /// Content taller than a fixed 44-point row stays centred in it, as UIKit centres it, rather
    /// than hanging from the top margin into the next row.
    @Test func contentTallerThanAFixedRowIsCentredInIt() throws {
        let t = try table(rows: 1, style: 3, text: "'Title'", secondaryText: "subtitle")
        let edges = try ListLayoutTests.numbers(
            t,
            """
            local cell = controller.tableView:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0))
            local content = cell.contentView.subviews[#cell.contentView.subviews]
            local text, secondary = content.subviews[2].frame, content.subviews[3].frame
            return text.origin.y, secondary.origin.y + secondary.size.height, content.bounds.size.height
            """)
        #expect(edges.count == 3 && abs(edges[0] - (edges[2] - edges[1])) < 1e-6, "\(edges)")
        #expect(edges[1] <= edges[2], "\(edges)")
    }

    @Test func aTableCellTakesAContentConfigurationInPlaceOfItsLabels() throws {
        let t = try table(rows: 2, style: 1, text: "'Row ' .. path.row", secondaryText: "value")
        try t.world.layoutPass()
        let result = try t.run(
            """
            local cell = controller.tableView:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0))
            local content = cell.contentView.subviews[#cell.contentView.subviews]
            local secondary = content.subviews[3]
            return cell.textLabel.hidden, content:isKindOfClass(objc.UIListContentView), secondary.text,
                secondary.frame.origin.x + secondary.frame.size.width
            """)
        #expect(Array(result.prefix(3)) == [.boolean(true), .boolean(true), .string("value")])
        // A value cell's secondary text ends at the trailing margin (16 on a 375-point phone).
        if case .number(let end) = result[3] {
            #expect(abs(end - (375 - 16)) < 1e-6)
        } else {
            Issue.record("\(result)")
        }
        #expect(t.errors.isEmpty, "\(t.errors)")
    }
}
