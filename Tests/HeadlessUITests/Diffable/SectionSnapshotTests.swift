import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Section snapshots: outlines of items under parents, which a list shows down to its expanded
/// items, and an outline disclosure accessory that expands and collapses them.
@Suite struct SectionSnapshotTests {
    @Test func anOutlineShowsTheChildrenOfExpandedItemsDepthFirst() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local outline = objc.NSDiffableDataSourceSectionSnapshot:new()
            outline:appendItems { "Fruit", "Bread" }
            outline:appendItems_intoParentItem({ "Apple", "Pear" }, "Fruit")
            outline:appendItems_intoParentItem({ "Cox", "Gala" }, "Apple")
            local collapsed = table.concat(outline.visibleItems, " ")
            outline:expandItems { "Fruit", "Apple" }
            local expanded = table.concat(outline.visibleItems, " ")
            local level, parent = outline:levelOfItem("Gala"), outline:parentOfChildItem("Pear")
            outline:collapseItems { "Apple" }
            local hidden = outline:isVisible("Cox")
            outline:deleteItems { "Apple" }
            return collapsed, expanded, level, parent, hidden, table.concat(outline.items, " ")
            """)
        #expect(
            results == [
                "Fruit Bread", "Fruit Apple Cox Gala Pear Bread", 2, "Fruit", false, "Fruit Pear Bread",
            ])
        #expect(
            t.error(
                "local o = objc.NSDiffableDataSourceSectionSnapshot:new(); o:appendItems { 'a' }; o:appendItems { 'a' }"
            )
            .contains(
                "NSDiffableDataSourceSectionSnapshot: supplied item identifiers are not unique: \"a\" is there twice"))
        #expect(
            t.error(
                "local o = objc.NSDiffableDataSourceSectionSnapshot:new(); o:appendItems_intoParentItem({ 'b' }, 'x')"
            )
            .contains("item identifier \"x\" is not in the section snapshot"))
    }

    @Test func anOutlineDisclosureExpandsAndCollapsesItsItem() throws {
        let t = try TestWorld()
        try t.run(ListLayoutTests.source)
        try t.run(
            """
            configure = function(cell, path, item)
                local content = cell:defaultContentConfiguration()
                content.text = item
                cell.contentConfiguration = content
                cell.accessories = { objc.UICellAccessoryOutlineDisclosure:new() }
            end
            sections = {}
            show(ListLayout:newWithAppearance(ListLayout.Appearance.Sidebar))
            local outline = objc.NSDiffableDataSourceSectionSnapshot:new()
            outline:appendItems { "Fruit", "Bread" }
            outline:appendItems_intoParentItem({ "Apple", "Pear" }, "Fruit")
            source:applySnapshot_toSection_animatingDifferences(outline, "Shop", false)
            function shown()
                local names = {}
                for item = 0, collection:numberOfItemsInSection(0) - 1 do
                    names[#names + 1] = cell(0, item).contentConfiguration.text
                end
                return table.concat(names, " ")
            end
            function cell(section, item) return collection:cellForItemAtIndexPath(path(section, item)) end
            function tapDisclosure(item)
                local row = cell(0, item)
                for _, view in ipairs(row.subviews) do
                    if view:isKindOfClass(objc.UIControl) and not view.hidden then
                        local center = view:convertPoint_toView({ x = view.bounds.size.width / 2, y = 22 }, nil)
                        simulate.tap { at = center }
                        simulate.advance(1)
                        return
                    end
                end
            end
            """)
        try t.show(controller: "controller")
        try t.world.layoutPass()
        #expect(try t.run("return shown()") == ["Fruit Bread"])
        try t.run("tapDisclosure(0)")
        #expect(
            try t.run("return shown(), cell(0, 1).indentationLevel, cell(0, 0).indentationLevel") == [
                "Fruit Apple Pear Bread", 1, 0,
            ])
        #expect(
            try t.run(
                "return source:snapshotForSection('Shop'):isExpanded('Fruit'), cell(0, 0).configurationState.expanded")
                == [true, true])
        try t.run("tapDisclosure(0)")
        #expect(try t.run("return shown()") == ["Fruit Bread"])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }
}
