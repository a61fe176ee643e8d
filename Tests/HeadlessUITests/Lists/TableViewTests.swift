import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UITableView and its cells, controller, selection, updates and reuse, with the geometry
/// worked by hand: rows of 44 points, plain headers of 28 when a section has a title, grouped
/// headers and footers of 17.5 with 35 above a first section without a title.
@Suite struct TableViewTests {
    /// A table view controller with `rows` (a Lua list of row counts) and `titles` (header titles
    /// by section, or none), cells of class `Cell` in style `cellStyle`, and `log` of delegate calls.
    func world(style: Int = 0, _ extra: String = "") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            rows, titles, cellStyle = { 3, 2 }, { "General", "Display" }, 0
            made, reused, log = 0, 0, {}
            Cell = objc.UITableViewCell:createSubclass "Cell"
            function Cell:initWithStyle_reuseIdentifier(style, identifier)
                self[objc.UITableViewCell]:initWithStyle_reuseIdentifier(cellStyle, identifier)
                made = made + 1
            end
            function Cell:prepareForReuse() reused = reused + 1 end
            Settings = objc.UITableViewController:createSubclass "Settings"
            function Settings:viewDidLoad()
                self.tableView:registerClass_forCellReuseIdentifier(Cell, "cell")
                -- Rows from the screen's top: no inset for the status bar.
                self.tableView.contentInsetAdjustmentBehavior = 2
            end
            function Settings:numberOfSectionsInTableView(tableView) return #rows end
            function Settings:tableView_numberOfRowsInSection(tableView, section) return rows[section + 1] end
            function Settings:tableView_titleForHeaderInSection(tableView, section) return titles[section + 1] end
            function Settings:tableView_cellForRowAtIndexPath(tableView, indexPath)
                local cell = tableView:dequeueReusableCellWithIdentifier_forIndexPath("cell", indexPath)
                cell.textLabel.text = "Row " .. indexPath.section .. "." .. indexPath.row
                return cell
            end
            for _, name in ipairs { "tableView_didSelectRowAtIndexPath", "tableView_didDeselectRowAtIndexPath",
                                    "tableView_didHighlightRowAtIndexPath", "tableView_didUnhighlightRowAtIndexPath" } do
                Settings[name] = function(self, tableView, path)
                    log[#log + 1] = name:gsub("tableView_", ""):gsub("RowAtIndexPath", "") .. " " .. path.section .. "." .. path.row
                end
            end
            path = function(row, section) return objc.NSIndexPath:indexPathForRow_inSection(row, section or 0) end
            \(extra)
            controller = Settings:newWithStyle(\(style))
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self)))
        try t.run("tv = controller.tableView")
        return t
    }

    func frame(_ t: TestWorld, _ expression: String) throws -> [Double] {
        try t.run("local f = \(expression) return f.origin.x, f.origin.y, f.size.width, f.size.height").map {
            $0.numberValue ?? .nan
        }
    }

    @Test func aPlainTableStacksTitledSectionsOfRows() throws {
        let t = try world()
        #expect(try t.run("return #tv.visibleCells, tv.contentSize.height, tv.style") == [5, 276, 0])
        #expect(try frame(t, "tv:cellForRowAtIndexPath(path(0)).frame") == [0, 28, 375, 44])
        #expect(try frame(t, "tv:rectForRowAtIndexPath(path(1, 1))") == [0, 232, 375, 44])
        #expect(try frame(t, "tv:headerViewForSection(1).frame") == [0, 160, 375, 28])
        #expect(
            try t.run(
                "return tv:headerViewForSection(0).textLabel.text, tv:indexPathForRowAtPoint(struct.CGPoint(10, 200)).section"
            )
                == ["General", 1])
        #expect(
            try t.run("return tv:cellForRowAtIndexPath(path(2)).textLabel.text, tv:numberOfRowsInSection(1)") == [
                "Row 0.2", 2,
            ])
    }

    @Test func theDelegateSetsRowHeightsAndAGroupedTableKeepsItsSpacing() throws {
        let t = try world(
            style: 1,
            """
            titles = { nil, "Display" }
            function Settings:tableView_heightForRowAtIndexPath(tableView, indexPath) return indexPath.row % 2 == 0 and 60 or 44 end
            """)
        // Section 0: 35 above (no title), rows 60 + 44 + 60, footer 17.5; section 1: header 17.5, rows 60 + 44, footer 17.5.
        #expect(try frame(t, "tv:rectForRowAtIndexPath(path(2))") == [0, 35 + 104, 375, 60])
        #expect(try frame(t, "tv:rectForRowAtIndexPath(path(1, 1))") == [0, 35 + 164 + 17.5 + 17.5 + 60, 375, 44])
        #expect(
            try t.run(
                "return tv.contentSize.height, tv:headerViewForSection(1).textLabel.text, tv:headerViewForSection(0)")
                == [.number(35 + 164 + 17.5 + 17.5 + 104 + 17.5), "DISPLAY", nil])
        #expect(
            t.error(
                "function Settings:tableView_heightForRowAtIndexPath() return -5 end tv:reloadData() tv:layoutIfNeeded()"
            ) == "")
        #expect(t.errors.contains { $0.contains("tableView_heightForRowAtIndexPath returned -5.0") })
    }

    @Test func cellStylesLayOutTheirLabelsWithRealMetrics() throws {
        let measure = """
            local Attributes = require "UIKit.NSAttributedString"
            local function size(text, points)
                local s = text:sizeWithAttributes { [Attributes.NSFontAttributeName] = objc.UIFont:systemFontOfSize(points) }
                return math.ceil(s.width), math.ceil(s.height)
            end

            """
        for (style, expected) in [(0, "default"), (1, "value1"), (3, "subtitle")] {
            let t = try world(_: "cellStyle = \(style)")
            let cell = "tv:cellForRowAtIndexPath(path(0))"
            try t.run(
                "local c = \(cell) if c.detailTextLabel then c.detailTextLabel.text = 'Detail' end c:setNeedsLayout() c:layoutIfNeeded()"
            )
            let (textWidth, textHeight) = try measured(t, measure + "return size('Row 0.0', 17)")
            let text = try frame(t, "\(cell).textLabel.frame")
            switch expected {
            case "default":
                #expect(text == [16, ((44 - textHeight) / 2 * 2).rounded() / 2, 343, textHeight])
            case "value1":
                let (detailWidth, detailHeight) = try measured(t, measure + "return size('Detail', 17)")
                #expect(text == [16, ((44 - textHeight) / 2 * 2).rounded() / 2, textWidth, textHeight])
                #expect(
                    try frame(t, "\(cell).detailTextLabel.frame") == [
                        359 - detailWidth, ((44 - detailHeight) / 2 * 2).rounded() / 2,
                        detailWidth, detailHeight,
                    ])
            default:
                let (detailWidth, detailHeight) = try measured(t, measure + "return size('Detail', 12)")
                let top = ((44 - textHeight - detailHeight) / 2 * 2).rounded() / 2
                #expect(text == [16, top, textWidth, textHeight])
                #expect(
                    try frame(t, "\(cell).detailTextLabel.frame") == [16, top + textHeight, detailWidth, detailHeight])
            }
        }
        let t = try world()
        try t.run(
            """
            local Types = require("UIKit.UITableViewCell").AccessoryType
            tv:cellForRowAtIndexPath(path(0)).accessoryType = Types.DisclosureIndicator
            tv:layoutIfNeeded()
            """)
        // The content view gives way to the accessory, and to the separator's pixel below it.
        #expect(try frame(t, "tv:cellForRowAtIndexPath(path(0)).contentView.frame") == [0, 0, 337, 43.5])
        #expect(try t.run("return tv:cellForRowAtIndexPath(path(0)).detailTextLabel") == [nil])
    }

    func measured(_ t: TestWorld, _ source: String) throws -> (Double, Double) {
        let values = try t.run(source)
        return (values[0].numberValue ?? .nan, values[1].numberValue ?? .nan)
    }

    @Test func flickingTenThousandRowsKeepsAScreenfulOfCells() throws {
        let t = try world(_: "rows, titles = { 10000 }, {}")
        try t.run(
            """
            local last = tv.contentSize.height - tv.bounds.size.height
            flicks = 0
            while tv.contentOffset.y < last and flicks < 200 do
                simulate.flick { from = { x = 100, y = 660 }, to = { x = 100, y = 10 }, duration = 0.03 }
                simulate.advance(1)
                flicks = flicks + 1
            end
            simulate.advance(10)
            """)
        // 667 / 44 rows are on screen at once, 16 when both ends show part of a row.
        #expect(
            try t.run("return tv.contentOffset.y, tv:cellForRowAtIndexPath(path(9999)) ~= nil") == [
                .number(440_000 - 667), true,
            ])
        #expect(try t.run("return made").first?.numberValue ?? 99 <= 17)
        #expect(try t.run("return reused").first?.numberValue ?? 0 > 9000)
        #expect(try t.run("return #tv.visibleCells").first?.numberValue ?? 99 <= 16)
    }

    @Test func tappingRowsSelectsThemAsUIKitDoes() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 100, y = 50 } } simulate.tap { at = { x = 100, y = 100 } }")
        #expect(
            try t.run("return table.concat(log, ', ')") == [
                "didHighlight 0.0, didUnhighlight 0.0, didSelect 0.0, didHighlight 0.1, didUnhighlight 0.1, didDeselect 0.0, didSelect 0.1"
            ])
        #expect(
            try t.run(
                "return tv.indexPathForSelectedRow.row, tv:cellForRowAtIndexPath(path(1)).selected, tv:cellForRowAtIndexPath(path(0)).selected"
            )
                == [1, true, false])
        try t.run(
            """
            log = {}
            function Settings:tableView_willSelectRowAtIndexPath(tableView, indexPath)
                if indexPath.section == 1 then return nil end
                return path(2)
            end
            simulate.tap { at = { x = 100, y = 200 } }
            simulate.tap { at = { x = 100, y = 50 } }
            """)
        #expect(
            try t.run("return table.concat(log, ', '), tv.indexPathForSelectedRow.row") == [
                "didHighlight 1.0, didUnhighlight 1.0, didHighlight 0.0, didUnhighlight 0.0, didDeselect 0.1, didSelect 0.2",
                2,
            ])
        // Appearing again, the controller clears the selection.
        try t.world.setRoot(nil)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self)))
        #expect(try t.run("return tv.indexPathForSelectedRow") == [nil])
    }

    @Test func updatesAreCheckedThenSlideAndFade() throws {
        let t = try world()
        try t.run(
            """
            leaving = tv:cellForRowAtIndexPath(path(0))
            moving = tv:cellForRowAtIndexPath(path(2))
            tv:beginUpdates()
            rows[1] = 2
            tv:deleteRowsAtIndexPaths_withRowAnimation({ path(0) }, require("UIKit.UITableView").RowAnimation.Fade)
            tv:endUpdates()
            simulate.advance(0.15)
            """)
        #expect(try t.run("return leaving.layer:presentationLayer().opacity, leaving.superview == tv") == [0.5, true])
        // Row 2 moved up one row, from y 116 to 72: halfway there.
        #expect(try frame(t, "moving.layer:presentationLayer().frame") == [0, 94, 375, 44])
        try t.run("simulate.advance(0.2)")
        #expect(
            try t.run("return leaving.superview, #tv.visibleCells, tv:cellForRowAtIndexPath(path(1)) == moving") == [
                nil, 4, true,
            ])
        let message = t.error(
            """
            rows[1] = 5
            tv:insertRowsAtIndexPaths_withRowAnimation({ path(0) }, 0)
            """)
        #expect(
            message.contains(
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
                    + "section after the update (5) must be equal to the number of rows contained in that section before the update (2), "
                    + "plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted)"),
            "\(message)")
        try t.run(
            """
            rows[1] = 3
            tv:performBatchUpdates_completion(function()
                tv:insertRowsAtIndexPaths_withRowAnimation({ path(2) }, require("UIKit.UITableView").RowAnimation.None)
            end, function(finished) done = finished end)
            """)
        #expect(try t.run("return done, tv:cellForRowAtIndexPath(path(2)).alpha") == [true, 1])
        #expect(t.error("tv:endUpdates()").contains("endUpdates without a matching beginUpdates"))
    }

    @Test func scrollingToARowPlacesItAndAPlainHeaderStaysOnTop() throws {
        let t = try world(_: "rows, titles = { 30, 30 }, { 'First', 'Second' }")
        let positions = "local P = require('UIKit.UITableView').ScrollPosition "
        try t.run(positions + "tv:scrollToRowAtIndexPath_atScrollPosition_animated(path(20), P.Top, false)")
        #expect(try t.run("return tv.contentOffset.y") == [.number(28 + 20 * 44)])
        try t.run(positions + "tv:scrollToRowAtIndexPath_atScrollPosition_animated(path(20), P.Middle, false)")
        #expect(try t.run("return tv.contentOffset.y") == [.number(28 + 20 * 44 + 22 - 333.5)])
        try t.run(
            positions
                + "tv:scrollToRowAtIndexPath_atScrollPosition_animated(path(20), P.Bottom, false) tv:layoutIfNeeded()")
        let bottom = Double(28 + 21 * 44 - 667)
        #expect(try t.run("return tv.contentOffset.y") == [.number(bottom)])
        // The first section's header is pinned to the top of what shows.
        #expect(try frame(t, "tv:headerViewForSection(0).frame") == [0, bottom, 375, 28])
        // Near the end of the first section, its header is pushed up by the section's end.
        try t.run("tv.contentOffset = struct.CGPoint(0, 28 + 30 * 44 - 10) tv:layoutIfNeeded()")
        let sectionEnd = Double(28 + 30 * 44)
        #expect(try frame(t, "tv:headerViewForSection(0).frame") == [0, sectionEnd - 28, 375, 28])
        #expect(
            t.error(positions + "tv:scrollToRowAtIndexPath_atScrollPosition_animated(path(99), P.Top, false)")
                .contains("no row 99 in section 0"))
    }

    @Test func dequeuingWithoutARegisteredClassIsNilOrAClearError() throws {
        let t = try world()
        #expect(try t.run("return tv:dequeueReusableCellWithIdentifier('unknown')") == [nil])
        #expect(
            t.error("tv:dequeueReusableCellWithIdentifier_forIndexPath('unknown', path(0))")
                .contains("unable to dequeue a cell with identifier unknown"))
        #expect(
            t.error("tv:registerClass_forCellReuseIdentifier(objc.UIView, 'x')").contains(
                "UIView is not a UITableViewCell class"))
        #expect(t.error("tv.rowHeight = 0/0").contains("rowHeight must be a number from 0"))
    }
}
