import Foundation
import HeadlessUI
import Rendering
import Testing

/// Selection as UIKit draws it: a selected or highlighted row shows its selected background
/// view, UIKit's grey when it has none, and nothing for the style none; a collection view cell
/// shows its own selected background view.
@Suite struct SelectionDrawingTests {
    /// The colour at a point of the phone's screen (in points, at its 2x scale).
    static func color(_ image: PixelImage, x: Double, y: Double) -> [UInt8] {
        Array(image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3))
    }

    static func render(_ script: String) throws -> PixelImage {
        let world = try UIWorld(profile: .phone, services: ScreenRenderer.worldServices)
        try world.bridge.state.run(script, chunkName: "=test")
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }

    @Test func aSelectedRowIsGreyUnlessItsStyleIsNoneOrItHasItsOwnBackground() throws {
        let image = try Self.render(
            """
            Rows = objc.UITableViewController:createSubclass "Rows"
            function Rows:tableView_numberOfRowsInSection() return 5 end
            function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
                local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
                cell.textLabel.text = "Row " .. indexPath.row
                cell.accessoryType = objc.UITableViewCell.AccessoryType.DisclosureIndicator
                if indexPath.row == 2 then cell.selectionStyle = objc.UITableViewCell.SelectionStyle.None end
                if indexPath.row == 3 then
                    cell.selectedBackgroundView = objc.UIView:new()
                    cell.selectedBackgroundView.backgroundColor = objc.UIColor.redColor
                end
                return cell
            end
            local controller = Rows:new()
            controller.tableView.allowsMultipleSelection = true
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
            controller.tableView:layoutIfNeeded()
            for row = 1, 3 do
                controller.tableView:selectRowAtIndexPath_animated_scrollPosition(
                    objc.NSIndexPath:indexPathForRow_inSection(row, 0), false, 0)
            end
            """)
        // Rows are 44 points from below the 20-point status bar; x = 300 is clear of the text.
        func row(_ index: Double) -> [UInt8] { Self.color(image, x: 300, y: 20 + 44 * index + 22) }
        #expect(row(0) == [255, 255, 255], "not selected")
        #expect(row(1) == [209, 209, 214], "UIKit's grey (systemGray4)")
        #expect(row(2) == [255, 255, 255], "selection style none")
        #expect(row(3) == [255, 0, 0], "its own selected background view")
        #expect(row(4) == [255, 255, 255])
        let world = try UIWorld(profile: .phone, services: ScreenRenderer.worldServices)
        #expect(throws: (any Error).self, "a selection style UIKit does not have") {
            try world.bridge.state.run(
                "objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil).selectionStyle = 7", chunkName: "=test")
        }
        let chevron = (340...360).flatMap { x in (76...96).map { y in Self.color(image, x: Double(x), y: Double(y)) } }
        #expect(chevron.contains { $0[0] < 200 }, "the selected row's chevron shows over its background")
    }

    @Test func aCollectionCellShowsItsSelectedBackgroundWhileSelectedOrHighlighted() throws {
        let script = """
            Grid = objc.UICollectionViewController:createSubclass "Grid"
            function Grid:collectionView_numberOfItemsInSection() return 2 end
            function Grid:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
                local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", indexPath)
                cell.backgroundColor = objc.UIColor.whiteColor
                cell.selectedBackgroundView = objc.UIView:new()
                cell.selectedBackgroundView.backgroundColor = objc.UIColor.blueColor
                return cell
            end
            local layout = objc.UICollectionViewFlowLayout:new()
            layout.itemSize = struct.CGSize(100, 100)
            controller = Grid:newWithCollectionViewLayout(layout)
            controller.collectionView:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "cell")
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
            controller.collectionView:layoutIfNeeded()
            controller.collectionView:selectItemAtIndexPath_animated_scrollPosition(
                objc.NSIndexPath:indexPathForItem_inSection(1, 0), false, 0)
            """
        let image = try Self.render(script)
        let highlighted = try Self.render(
            script + """

                controller.collectionView:deselectItemAtIndexPath_animated(
                    objc.NSIndexPath:indexPathForItem_inSection(1, 0), false)
                controller.collectionView.visibleCells[1].highlighted = true
                """)
        #expect(Self.color(highlighted, x: 50, y: 70) == [0, 0, 255], "highlighted")
        #expect(Self.color(highlighted, x: 187, y: 70) == [255, 255, 255], "no longer selected")
        // Two 100-point items spaced as a line of three, below the status bar.
        #expect(Self.color(image, x: 50, y: 70) == [255, 255, 255], "not selected")
        #expect(Self.color(image, x: 187, y: 70) == [0, 0, 255], "selected")
    }
}
