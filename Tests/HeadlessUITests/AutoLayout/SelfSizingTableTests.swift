import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Table rows sized by their cells' constraints (`rowHeight = UITableViewAutomaticDimension`):
/// each row is as tall as its content view's constraints make it for the row's width, plus the
/// separator's pixel; rows not yet shown keep their estimate.
@Suite struct SelfSizingTableTests {
    /// A cell whose multi-line label sits 12 points inside the content view, top and bottom,
    /// and 16 at the sides; the texts grow with the row.
    static let table = """
        local Constraint = objc.NSLayoutConstraint
        automatic = require("UIKit.UITableView").UITableViewAutomaticDimension
        Cell = class.createClass("Cell", objc.UITableViewCell)
        function Cell:initWithStyle_reuseIdentifier(style, identifier)
            self = self[objc.UITableViewCell]:initWithStyle_reuseIdentifier(style, identifier)
            local label = objc.UILabel:new()
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            self.contentView:addSubview(label)
            local views = { label = label }
            self.contentView:addConstraints(Constraint:constraintsWithVisualFormat_options_metrics_views(
                "H:|-16-[label]-16-|", 0, nil, views))
            self.contentView:addConstraints(Constraint:constraintsWithVisualFormat_options_metrics_views(
                "V:|-12-[label]-12-|", 0, nil, views))
            self.label = label
            return self
        end
        rows = 200
        function text(row) return string.rep("word ", 1 + (row % 7) * 9) end
        Controller = class.createClass("Controller", objc.UITableViewController)
        function Controller:viewDidLoad()
            self.tableView.rowHeight = automatic
            self.tableView.estimatedRowHeight = 50
            self.tableView.contentInsetAdjustmentBehavior = 2  -- rows from the screen's top
            self.tableView:registerClass_forCellReuseIdentifier(objc.Cell, "cell")
        end
        function Controller:tableView_numberOfRowsInSection(tableView, section) return rows end
        function Controller:tableView_cellForRowAtIndexPath(tableView, indexPath)
            local cell = tableView:dequeueReusableCellWithIdentifier_forIndexPath("cell", indexPath)
            cell.label.text = text(indexPath.row)
            return cell
        end
        controller = objc.Controller:new()
        function path(row) return objc.NSIndexPath:indexPathForRow_inSection(row, 0) end
        function rowRect(row) local r = controller.tableView:rectForRowAtIndexPath(path(row)) return r.origin.y, r.size.height end
        -- What the label's text needs at the content width: the height the row must have.
        local measure = objc.UILabel:new()
        measure.numberOfLines = 0
        function expected(row, width)
            measure.text = text(row)
            return measure:sizeThatFits(struct.CGSize(width - 32, 0)).height + 24 + 0.5
        end
        """

    private func world(_ extra: String = "") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(Self.table + "\n" + extra)
        try t.show()
        return t
    }

    @Test func theVisibleRowsAreAsTallAsTheirLabelsAndTheRestKeepTheEstimate() throws {
        let t = try world()
        let visible = try t.run("return #controller.tableView.visibleCells")[0]
        let count = try #require(visible.numberValue.map { Int($0) })
        #expect(count > 3)
        var y = 0.0
        for row in 0..<count {
            let expected = try #require(t.run("return expected(\(row), 375)")[0].numberValue)
            let rect = try t.run("return rowRect(\(row))")
            #expect(rect == [.number(y), .number(expected)], "row \(row)")
            y += expected
        }
        #expect(try t.run("return rowRect(\(count + 10))")[1] == 50)
        // The first pass showed the screen's height of rows at their estimate and measured
        // them all; the rows after them keep the estimate.
        let measured = Int((667.0 / 50).rounded(.up))
        var measuredHeight = 0.0
        for row in 0..<measured { measuredHeight += try #require(t.run("return expected(\(row), 375)")[0].numberValue) }
        let contentHeight = try #require(t.run("return controller.tableView.contentSize.height")[0].numberValue)
        #expect(contentHeight == measuredHeight + Double(200 - measured) * 50)
        // The label fills its row's content view, 12 points in from the top and the bottom.
        let label = try t.run(
            "local cell = controller.tableView:cellForRowAtIndexPath(path(1)) "
                + "local f = cell.label.frame return f.origin.y, cell.contentView.frame.size.height - f.size.height - f.origin.y"
        )
        #expect(label == [12, 12])
    }

    /// The same cells with the label pinned to the content view's layout margins guide: each
    /// row is the label's height plus the margins (and the separator), not 44 points.
    @Test func cellsPinnedToTheMarginsGuideSizeTheirRows() throws {
        let t = try TestWorld()
        let pinned = Self.table.replacingOccurrences(
            of: """
                    local views = { label = label }
                    self.contentView:addConstraints(Constraint:constraintsWithVisualFormat_options_metrics_views(
                        "H:|-16-[label]-16-|", 0, nil, views))
                    self.contentView:addConstraints(Constraint:constraintsWithVisualFormat_options_metrics_views(
                        "V:|-12-[label]-12-|", 0, nil, views))
                """,
            with: """
                    local guide = self.contentView.layoutMarginsGuide
                    Constraint:activateConstraints {
                        label.leadingAnchor:constraintEqualToAnchor(guide.leadingAnchor),
                        label.trailingAnchor:constraintEqualToAnchor(guide.trailingAnchor),
                        label.topAnchor:constraintEqualToAnchor(guide.topAnchor),
                        label.bottomAnchor:constraintEqualToAnchor(guide.bottomAnchor),
                    }
                """)
        #expect(pinned != Self.table)
        try t.run(pinned)
        try t.show()
        let margins = try t.run(
            "local m = controller.tableView:cellForRowAtIndexPath(path(0)).contentView.layoutMargins "
                + "return m.left, m.top, m.right, m.bottom")
        let (left, top, right, bottom) = try (
            #require(margins[0].numberValue), #require(margins[1].numberValue), #require(margins[2].numberValue),
            #require(margins[3].numberValue)
        )
        for row in 0..<3 {
            let label = try #require(
                t.run(
                    "local m = objc.UILabel:new() m.numberOfLines = 0 m.text = text(\(row)) "
                        + "return m:sizeThatFits(struct.CGSize(\(375 - left - right), 0)).height"
                )[0].numberValue)
            let rect = try t.run("return rowRect(\(row))")
            #expect(
                rect[1] == .number(label + top + bottom + 0.5),
                "row \(row): \(rect), label \(label), margins \(margins)")
        }
    }

    @Test func theLayoutPassThatMakesTheCellsPlacesTheirLabels() throws {
        let t = try TestWorld()
        try t.run(Self.table)
        let state = t.world.bridge.state
        try t.world.setRoot(try #require(try state.object(of: state.global("controller"), as: ViewController.self)))
        // One pass, the one setting the root ran: the cells it made have their labels placed.
        let label = try t.run(
            "local f = controller.tableView:cellForRowAtIndexPath(path(1)).label.frame "
                + "return f.origin.x, f.origin.y, f.size.width")
        #expect(label == [16, 12, 343])
    }

    @Test func scrollingMeasuresTheRowsThatComeIntoView() throws {
        let t = try world()
        try t.run("controller.tableView.contentOffset = struct.CGPoint(0, 1500)")
        try t.world.layoutPass()
        let first = try #require(t.run("return controller.tableView.indexPathsForVisibleRows[1].row")[0].numberValue)
        for row in Int(first)..<Int(first) + 4 {
            let expected = try t.run("return expected(\(row), 375)")[0]
            #expect(try t.run("return rowRect(\(row))")[1] == expected, "row \(row)")
        }
    }

    @Test func reloadingMeasuresAgain() throws {
        let t = try world("function text(row) return 'x' end")
        let short = try t.run("return rowRect(0)")[1]
        try t.run("function text(row) return string.rep('long text ', 40) end controller.tableView:reloadData()")
        try t.world.layoutPass()
        let long = try t.run("return rowRect(0)")[1]
        #expect(long == (try t.run("return expected(0, 375)")[0]))
        #expect((long.numberValue ?? 0) > (short.numberValue ?? 0) + 40)
    }

    @Test func aRecycledCellWhoseConstraintsChangedIsMeasuredByItsNewOnes() throws {
        let t = try world()
        let before = try #require(t.run("return rowRect(0)")[1].numberValue)
        try t.run(
            """
            local cell = controller.tableView:cellForRowAtIndexPath(path(0))
            for _, c in ipairs(cell.contentView.constraints) do
                if c.constant == 12 and c.firstAttribute == 3 then c.constant = 30 end -- the label's top
            end
            controller.tableView:reloadData()
            """)
        try t.world.layoutPass()
        // Only the recycled cell that was row 0 has the new constant; it shows one of the rows.
        var grown = 0
        for row in 0..<8 {
            let height = try #require(t.run("return rowRect(\(row))")[1].numberValue)
            let expected = try #require(t.run("return expected(\(row), 375)")[0].numberValue)
            if height == expected + 18 { grown += 1 } else { #expect(height == expected, "row \(row)") }
        }
        #expect(grown == 1)
        #expect(before > 0)
    }

    @Test func theDelegateMayFixSomeRowsAndLeaveOthersAutomatic() throws {
        let t = try world(
            """
            function Controller:tableView_heightForRowAtIndexPath(tableView, indexPath)
                if indexPath.row % 2 == 0 then return 30 end
                return automatic
            end
            controller.tableView:reloadData()
            """)
        try t.world.layoutPass()
        #expect(try t.run("return rowRect(0)") == [0, 30])
        #expect(try t.run("return rowRect(1)") == [30, t.run("return expected(1, 375)")[0]])
    }

    @Test func aContentViewThatItsConstraintsLeaveWithoutHeightGetsTheStandardRow() throws {
        let t = try world(
            """
            NoHeight = class.createClass("NoHeight", objc.UITableViewCell)
            function Controller:tableView_cellForRowAtIndexPath(tableView, indexPath)
                return objc.NoHeight:newWithStyle_reuseIdentifier(0, nil)
            end
            controller.tableView:reloadData()
            """)
        try t.world.layoutPass()
        #expect(try t.run("return rowRect(0)") == [0, 44])
        #expect(try t.run("return rowRect(1)") == [44, 44])
    }

    @Test func aFixedRowHeightLeavesTheSeparatorsPixelUnderTheContentView() throws {
        let t = try world("controller.tableView.rowHeight = 60")
        try t.world.layoutPass()
        let content = try t.run(
            "local f = controller.tableView:cellForRowAtIndexPath(path(0)).contentView.frame return f.size.height")
        #expect(content == [59.5])
        try t.run("controller.tableView.separatorStyle = 0 controller.tableView:reloadData()")
        try t.world.layoutPass()
        let full = try t.run(
            "local f = controller.tableView:cellForRowAtIndexPath(path(0)).contentView.frame return f.size.height")
        #expect(full == [60])
    }
}
