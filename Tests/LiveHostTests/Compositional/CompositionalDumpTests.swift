import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// `rebound render --layout-json` names a compositional layout's elements: each cell's section
/// (its index path) and group, and each supplementary view's kind.
@Suite struct CompositionalDumpTests {
    @Test func theLayoutDumpNamesGroupsAndKinds() throws {
        let project = try LiveProject([
            "main.lua": """
            local Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
            local function size(w, h) return Size:sizeWithWidthDimension_heightDimension(w, h) end
            local Controller = objc.UICollectionViewController:createSubclass("Controller")
            function Controller:init()
                local item = objc.NSCollectionLayoutItem:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(0.5), Dimension:fractionalHeightDimension(1)))
                local group = objc.NSCollectionLayoutGroup:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(80)), { item })
                local section = objc.NSCollectionLayoutSection:sectionWithGroup(group)
                section.boundarySupplementaryItems = {
                    objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
                        size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(30)), "header", require("UIKit.UIGeometry").NSRectAlignment.Top),
                }
                self[objc.UICollectionViewController]:initWithCollectionViewLayout(objc.UICollectionViewCompositionalLayout:newWithSection(section))
                return self
            end
            function Controller:viewDidLoad()
                self[objc.UICollectionViewController]:viewDidLoad()
                self.collectionView:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "cell")
                self.collectionView:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(objc.UICollectionReusableView, "header", "header")
            end
            function Controller:collectionView_numberOfItemsInSection(view, section) return 6 end
            function Controller:collectionView_cellForItemAtIndexPath(view, path)
                return view:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", path)
            end
            function Controller:collectionView_viewForSupplementaryElementOfKind_atIndexPath(view, kind, path)
                return view:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(kind, "header", path)
            end
            return Controller
            """
        ])
        try project.world.layoutPass()
        let entries = LayoutDump.entries(of: project.world)
        // Two items a row: item 5 is in the third group.
        #expect(entries.first { $0.indexPath == [0, 5] && $0.elementKind == nil }?.group == 2)
        #expect(entries.first { $0.elementKind == "header" }?.indexPath == [0, 0])
        #expect(LayoutDump.text(of: project.world).contains("[0, 5] group 2"))
        #expect(LayoutDump.text(of: project.world).contains("[0, 0] kind \"header\""))
    }
}
