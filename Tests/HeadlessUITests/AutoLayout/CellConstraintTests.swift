import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// A table cell laid out by constraints as LuaNavController's `CheckerTableCell` does it: a
/// check button at the left, square, the text after it, centred, rebuilt in `updateConstraints`
/// whenever the cell asks.
@Suite struct CellConstraintTests {
    static let cell = """
        local Constraint = objc.NSLayoutConstraint
        local Layout = require "UIKit.NSLayoutConstraint"
        local Attribute, Relation = Layout.NSLayoutAttribute, Layout.NSLayoutRelation
        cellHeight = 64
        Cell = class.createClass("Cell", objc.UITableViewCell)
        function Cell:initWithStyle_reuseIdentifier(style, identifier)
            self = self[objc.UITableViewCell]:initWithStyle_reuseIdentifier(style, identifier)
            self.accessoryType = 4
            self.contentView.translatesAutoresizingMaskIntoConstraints = false
            self.textLabel.translatesAutoresizingMaskIntoConstraints = false
            local button = objc.UIButton:buttonWithType(0)
            button.translatesAutoresizingMaskIntoConstraints = false
            self.contentView:addSubview(button)
            self.button = button
            self:setNeedsUpdateConstraints()
            return self
        end
        function Cell:updateConstraints()
            local content = self.contentView
            content:removeConstraints(content.constraints)
            if not self.pinned then
                self:addConstraints {
                    Constraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                        content, Attribute.Left, Relation.Equal, self, Attribute.Left, 1, 0),
                    Constraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                        content, Attribute.Top, Relation.Equal, self, Attribute.Top, 1, 0),
                }
                self.pinned = true
            end
            local views = { button = self.button, text = self.textLabel }
            local metrics = { margin = 8, spacing = 15 }
            content:addConstraints(Constraint:constraintsWithVisualFormat_options_metrics_views(
                "|-margin-[button]-spacing-[text]-(>=margin)-|", 0, metrics, views))
            content:addConstraints(Constraint:constraintsWithVisualFormat_options_metrics_views(
                "V:|-margin-[button]-margin-|", 0, metrics, views))
            content:addConstraint(Constraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                self.textLabel, Attribute.CenterY, Relation.Equal, self.button, Attribute.CenterY, 1, 0))
            content:addConstraint(Constraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                content, Attribute.Height, Relation.Equal, nil, Attribute.None, 1, cellHeight))
            self.button:removeConstraints(self.button.constraints)
            self.button:addConstraint(Constraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                self.button, Attribute.Width, Relation.Equal, self.button, Attribute.Height, 1, 0))
            self[objc.UITableViewCell]:updateConstraints()
        end
        Controller = class.createClass("Controller", objc.UITableViewController)
        function Controller:viewDidLoad()
            self.tableView.rowHeight = 65
            self.tableView:registerClass_forCellReuseIdentifier(objc.Cell, "cell")
        end
        function Controller:tableView_numberOfRowsInSection(tableView, section) return 3 end
        function Controller:tableView_cellForRowAtIndexPath(tableView, indexPath)
            local cell = tableView:dequeueReusableCellWithIdentifier("cell")
            cell.textLabel.text = ({ "Banane", "Poire", "Pomme" })[indexPath.row + 1]
            return cell
        end
        controller = objc.Controller:new()
        function frame(v) local f = v.frame return f.origin.x, f.origin.y, f.size.width, f.size.height end
        function firstCell() return controller.tableView:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0)) end
        """

    @Test func theCheckButtonTheTextAndTheAccessoryAreWhereTheDevicePutsThem() throws {
        let t = try TestWorld()
        try t.run(Self.cell)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self)))
        try t.world.layoutPass()
        #expect(try t.run("return frame(firstCell().button)") == [8, 8, 48, 48])
        #expect(try t.run("local x, _, _, h = frame(firstCell().contentView) return x, h") == [0, 64])
        let text = try t.run("local x, y, w, h = frame(firstCell().textLabel) return x, y + h / 2, w > 0")
        #expect(text == [71, 32, true])
        #expect(try t.run("return firstCell().frame.size.height") == [65])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }

    @Test func aNewHeightTakesEffectWhenTheCellsUpdateTheirConstraints() throws {
        let t = try TestWorld()
        try t.run(Self.cell)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self)))
        try t.world.layoutPass()
        try t.run("cellHeight = 40 firstCell():setNeedsUpdateConstraints()")
        try t.world.layoutPass()
        #expect(try t.run("return frame(firstCell().button)") == [8, 8, 24, 24])
        #expect(t.warnings.isEmpty, "\(t.warnings)")
    }
}
