import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Context menus on the items of collection and table views: a long press on an item asks the
/// delegate for its configuration and opens the menu beside the cell, without selecting it.
@Suite struct ListContextMenuTests {
    /// A controller with `list`, made by `makeList` (rows 44 points tall from the top of the
    /// screen, and `names` for its delegate's methods), whose delegate offers "Share" and
    /// "Delete" for every item but the first.
    func world(_ makeList: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            \(TestWorld.labelFinding)
            log = {}
            function menuOpen() return row("Share") ~= nil end
            Lister = objc.NSObject:createSubclass("Lister")
            \(makeList)
            function Lister:configuration(path, point)
                log[#log + 1] = string.format("asked %d at %g", path.item or path.row, point.y)
                if (path.item or path.row) == 0 then return nil end
                return objc.UIContextMenuConfiguration:configurationWithIdentifier_previewProvider_actionProvider(
                    "row", nil, function()
                        return objc.UIMenu:menuWithChildren {
                            objc.UIAction:actionWithTitle_image_identifier_handler("Share", nil, nil,
                                function() log[#log + 1] = "share " .. (path.item or path.row) end),
                            objc.UIAction:actionWithTitle_image_identifier_handler("Delete", nil, nil, function() end),
                        }
                    end)
            end
            Lister[names.view .. "_contextMenuConfigurationFor" .. names.item .. "AtIndexPath_point"] =
                function(self, _, path, point) return self:configuration(path, point) end
            Lister[names.view .. "_willDisplayContextMenuWithConfiguration_animator"] = function(_, _, configuration)
                log[#log + 1] = "display " .. configuration.identifier
            end
            Lister[names.view .. "_willEndContextMenuInteractionWithConfiguration_animator"] = function()
                log[#log + 1] = "end"
            end
            lister = Lister:new()
            list.delegate = lister
            list.dataSource = lister
            controller = objc.UIViewController:new()
            controller.view:addSubview(list)
            """)
        try t.show()
        return t
    }

    static let collection = """
        Lister:declareProtocol "UICollectionViewDataSource"
        Lister:declareProtocol "UICollectionViewDelegate"
        local layout = objc.UICollectionViewFlowLayout:new()
        layout.itemSize = struct.CGSize(375, 44)
        layout.minimumLineSpacing = 0
        names = { view = "collectionView", item = "Item" }
        list = objc.UICollectionView:newWithFrame_collectionViewLayout(struct.CGRect(0, 0, 375, 400), layout)
        list:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "cell")
        function Lister:collectionView_numberOfItemsInSection() return 5 end
        function Lister:collectionView_cellForItemAtIndexPath(view, path)
            return view:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", path)
        end
        function Lister:collectionView_didSelectItemAtIndexPath(_, path) log[#log + 1] = "selected" end
        function selectedCount() return #list.indexPathsForSelectedItems end
        """

    static let table = """
        Lister:declareProtocol "UITableViewDataSource"
        Lister:declareProtocol "UITableViewDelegate"
        names = { view = "tableView", item = "Row" }
        list = objc.UITableView:newWithFrame_style(struct.CGRect(0, 0, 375, 400), 0)
        function Lister:tableView_numberOfRowsInSection() return 5 end
        function Lister:tableView_cellForRowAtIndexPath(view, path)
            local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
            cell.textLabel.text = "Row " .. path.row
            return cell
        end
        function Lister:tableView_didSelectRowAtIndexPath(_, path) log[#log + 1] = "selected" end
        function selectedCount() return #(list.indexPathsForSelectedRows or {}) end
        """

    /// Each list, and how far its content is scrolled: the table's content is inset below the
    /// status bar, so a press at 110 on the screen is at 90 in its coordinates.
    static let lists = [(collection, 0.0), (table, -20.0)]

    @Test(arguments: lists)
    func aLongPressOpensTheItemsMenuAndSelectsNothing(list: String, offset: Double) throws {
        let t = try world(list)
        try t.run("simulate.longPress { at = { x = 100, y = 110 }, duration = 1 }")
        #expect(try t.run("return menuOpen()") == [true])
        try t.run("tapRow 'Share'")
        let heard = try t.takeLog()
        #expect(heard == ["asked 2 at \(Int(110 + offset))", "display row", "end", "share 2"], "\(heard)")
        #expect(try t.run("return menuOpen(), selectedCount()") == [false, 0])
    }

    @Test(arguments: lists)
    func anItemWithoutAConfigurationOpensNoMenu(list: String, offset: Double) throws {
        let t = try world(list)
        try t.run("simulate.longPress { at = { x = 100, y = 20 }, duration = 1 } log[#log + 1] = 'sentinel'")
        let heard = try t.takeLog()
        #expect(heard == ["asked 0 at \(Int(20 + offset))", "sentinel"], "\(heard)")
        #expect(try t.run("return menuOpen()") == [false])
    }
}
