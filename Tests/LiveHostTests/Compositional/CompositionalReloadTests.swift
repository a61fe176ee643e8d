import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// A save of the module whose function describes a compositional layout's sections shows the
/// new sections at the next pass, with no handler of the project's, keeping the data source's
/// snapshot and the scroll position.
@Suite(.serialized) struct CompositionalReloadTests {
    static func sections(rowHeight: Int) -> String {
        """
        local Sections = {}
        function Sections.section(index, environment)
            local Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
            local item = objc.NSCollectionLayoutItem:itemWithLayoutSize(Size:sizeWithWidthDimension_heightDimension(
                Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
            local group = objc.NSCollectionLayoutGroup:horizontalGroupWithLayoutSize_subitems(Size:sizeWithWidthDimension_heightDimension(
                Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(\(rowHeight))), { item })
            return objc.NSCollectionLayoutSection:sectionWithGroup(group)
        end
        return Sections
        """
    }

    static let controller = """
        local Sections = require "Sections"
        local Controller = objc.UICollectionViewController:createSubclass("Controller")
        function Controller:init()
            local layout = objc.UICollectionViewCompositionalLayout:newWithSectionProvider(function(index, environment)
                return Sections.section(index, environment)
            end)
            self[objc.UICollectionViewController]:initWithCollectionViewLayout(layout)
            return self
        end
        function Controller:viewDidLoad()
            self[objc.UICollectionViewController]:viewDidLoad()
            self.collectionView:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "cell")
            self.dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(self.collectionView,
                function(view, path, item) return view:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", path) end)
            local snapshot = objc.NSDiffableDataSourceSnapshot:new()
            snapshot:appendSectionsWithIdentifiers { "rows" }
            local items = {}
            for i = 1, 100 do items[i] = "row " .. i end
            snapshot:appendItemsWithIdentifiers(items)
            self.dataSource:applySnapshot_animatingDifferences(snapshot, false)
        end
        return Controller
        """

    @Test func aSavedSectionProviderShowsAtTheNextPass() throws {
        let project = try LiveProject(["main.lua": Self.controller, "Sections.lua": Self.sections(rowHeight: 50)])
        try project.run(
            """
            controller = objc.UIApplication.sharedApplication.keyWindow.rootViewController
            collectionView = controller.collectionView
            collectionView:setContentOffset_animated(struct.CGPoint(0, 300), false)
            function rowHeight()
                local path = controller.dataSource:indexPathForItemIdentifier("row 10")
                return collectionView.collectionViewLayout:layoutAttributesForItemAtIndexPath(path).frame.size.height
            end
            """)
        try project.world.layoutPass()
        #expect(try project.run("return rowHeight()") == [50])
        try project.save("Sections.lua", Self.sections(rowHeight: 80), as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.run("return rowHeight(), controller.dataSource:snapshot().numberOfItems") == [80, 100])
        #expect(try project.value("collectionView.contentOffset.y") == .number(300))
    }

    /// A module that returns a plain table keeps the table through a save: what required it
    /// before calls its new functions, and keys the new version lacks are gone.
    @Test func aSavedModulesTableIsMergedIntoTheOneItsDependentsHold() throws {
        let helpers = { (greeting: String, extra: String) in
            "local Helpers = {} function Helpers.greet() return \"\(greeting)\" end \(extra) return Helpers"
        }
        let project = try LiveProject([
            "main.lua": """
            held = require "Helpers"
            return objc.UIViewController
            """,
            "Helpers.lua": helpers("hello", "Helpers.old = true"),
        ])
        #expect(try project.run("return held.greet(), held.old") == ["hello", true])
        try project.save("Helpers.lua", helpers("bonjour", ""), as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(
            try project.run("return held.greet(), held.old, require('Helpers') == held") == ["bonjour", .nil, true])
    }
}
