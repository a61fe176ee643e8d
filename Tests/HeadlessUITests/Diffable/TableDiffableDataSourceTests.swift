import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// `UITableViewDiffableDataSource`: a table's rows from a snapshot, updated by diffing.
@Suite struct TableDiffableDataSourceTests {
    static let source = """
        controller = objc.UITableViewController:newWithStyle(objc.UITableView.Style.Plain)
        table = controller.tableView
        table:registerClass_forCellReuseIdentifier(objc.UITableViewCell, "row")
        made = 0
        dataSource = objc.UITableViewDiffableDataSource:newWithTableView_cellProvider(table, function(tableView, indexPath, item)
            made = made + 1
            local cell = tableView:dequeueReusableCellWithIdentifier_forIndexPath("row", indexPath)
            cell.textLabel.text = tostring(item)
            return cell
        end)
        function apply(items, animated)
            local snapshot = objc.NSDiffableDataSourceSnapshot:new()
            snapshot:appendSectionsWithIdentifiers { "main" }
            snapshot:appendItemsWithIdentifiers(items)
            dataSource:applySnapshot_animatingDifferences(snapshot, animated)
        end
        function cellFor(item)
            local path = dataSource:indexPathForItemIdentifier(item)
            return path and table:cellForRowAtIndexPath(path)
        end
        """

    @Test func rowsComeFromTheSnapshotAndStayThroughUpdates() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run("apply({ 'a', 'b', 'c' }, false)")
        try t.show()
        let results = try t.run(
            """
            local a, c = cellFor('a'), cellFor('c')
            local before = made
            apply({ 'c', 'a', 'new' }, true)
            simulate.advance(1)
            return made - before, cellFor('a') == a, cellFor('c') == c, cellFor('c').frame.origin.y,
                cellFor('new').textLabel.text, table:numberOfRowsInSection(0), dataSource:itemIdentifierForIndexPath(objc.NSIndexPath:indexPathForRow_inSection(1, 0))
            """)
        // Only the new row is made; c moved to the top, its cell kept.
        #expect(results == [1, true, true, 0, "new", 3, "a"])
    }

    @Test func theTablesRowHeightStillApplies() throws {
        let t = try TestWorld()
        try t.run(
            Self.source + """

                table.rowHeight = 60
                apply({ 1, 2, 3 }, false)
                """)
        try t.show()
        #expect(try t.run("return cellFor(2).frame.origin.y, cellFor(3).frame.size.height") == [60, 60])
    }
}
