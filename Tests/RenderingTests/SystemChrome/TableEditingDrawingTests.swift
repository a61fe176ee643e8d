import Foundation
import HeadlessUI
import Rendering
import Testing

/// Table editing as UIKit draws it: a red delete control or a green insert control at the
/// start of each row in editing mode, and the swipe actions' coloured buttons beside a row
/// pulled aside.
@Suite struct TableEditingDrawingTests {
    static let table = """
        Rows = objc.UITableViewController:createSubclass "Rows"
        function Rows:tableView_numberOfRowsInSection() return 5 end
        function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
            local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
            cell.textLabel.text = "Row " .. indexPath.row
            cell.accessoryType = objc.UITableViewCell.AccessoryType.DisclosureIndicator
            return cell
        end
        function Rows:tableView_editingStyleForRowAtIndexPath(tableView, indexPath)
            return indexPath.row == 4 and objc.UITableViewCell.EditingStyle.Insert or objc.UITableViewCell.EditingStyle.Delete
        end
        function Rows:tableView_commitEditingStyle_forRowAtIndexPath() end
        controller = Rows:new()
        objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
        controller.tableView:layoutIfNeeded()
        """

    static func render(_ world: UIWorld) throws -> PixelImage {
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }

    /// Row `index`'s middle, below the 20-point status bar.
    static func rowMiddle(_ index: Double) -> Double { 20 + 44 * index + 22 }

    @Test func editingModeDrawsDeleteAndInsertControls() throws {
        let world = try UIWorld(profile: .phone, services: ScreenRenderer.worldServices)
        try world.bridge.state.run(Self.table + "controller:setEditing_animated(true, false)", chunkName: "=test")
        let image = try Self.render(world)
        let color = { (x: Double, y: Double) in SelectionDrawingTests.color(image, x: x, y: y) }
        // The circle's middle is at x 27, 11 points in from the side margin's end.
        #expect(color(20, Self.rowMiddle(1)) == [255, 59, 48], "a delete control is systemRed")
        #expect(color(27, Self.rowMiddle(1)) == [255, 255, 255], "with a white bar")
        #expect(color(27, Self.rowMiddle(1) - 4) == [255, 59, 48], "a bar, not a plus")
        #expect(color(20, Self.rowMiddle(4)) == [52, 199, 89], "an insert control is systemGreen")
        #expect(color(27, Self.rowMiddle(4) - 4) == [255, 255, 255], "with a plus")
        // No chevrons in editing mode: the trailing end of a row is white.
        let trailing = (340...360).flatMap { x in (76...96).map { y in color(Double(x), Double(y)) } }
        #expect(trailing.allSatisfy { $0 == [255, 255, 255] }, "the disclosure indicator is gone")
    }

    @Test func aSwipedRowShowsItsActionsBesideIt() throws {
        let world = try UIWorld(profile: .phone, services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            Self.table + """
                local y = \(Self.rowMiddle(2))
                simulate.drag { from = { x = 300, y = y }, to = { x = 150, y = y }, steps = 10 }
                """, chunkName: "=test")
        let image = try Self.render(world)
        let color = { (x: Double, y: Double) in SelectionDrawingTests.color(image, x: x, y: y) }
        #expect(color(370, Self.rowMiddle(2) - 15) == [255, 59, 48], "the Delete button is red to the edge")
        #expect(color(370, Self.rowMiddle(1)) == [255, 255, 255], "the row above is as it was")
        let title = (300...374).flatMap { x in (-6...6).map { dy in color(Double(x), Self.rowMiddle(2) + Double(dy)) } }
        #expect(title.contains { $0 == [255, 255, 255] }, "the white title 'Delete'")
    }
}
