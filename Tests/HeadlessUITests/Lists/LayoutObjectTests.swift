import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Layout attributes and invalidation contexts as scripts use them (the tutorial's pinch layout).
@Suite struct LayoutObjectTests {
    @Test func attributesKeepFrameCenterAndSizeTogetherAndCopiesAreIndependent() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Attributes = objc.UICollectionViewLayoutAttributes
            local path = objc.NSIndexPath:indexPathForItem_inSection(3, 1)
            local a = Attributes:layoutAttributesForCellWithIndexPath(path)
            a.frame = struct.CGRect(10, 20, 100, 50)
            local copy = a:copy()
            copy.zIndex = 2
            copy.center = { x = 0, y = 0 }
            local header = Attributes:layoutAttributesForSupplementaryViewOfKind_withIndexPath("UICollectionElementKindSectionHeader", path)
            return a.center.x, a.center.y, a.size.width, copy.frame.origin.x, a.zIndex, a:isEqual(a:copy()), a:isEqual(copy),
                   a.indexPath == path, a.representedElementCategory, header.representedElementCategory,
                   header.representedElementKind, objc.UICollectionViewLayoutAttributes.Category.supplementaryView
            """)
        #expect(results == [60, 45, 100, -50, 0, true, false, true, 0, 1, "UICollectionElementKindSectionHeader", 1])
        #expect(
            t.error("objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(nil)").contains(
                "bad argument #1"))
        #expect(
            t.error(
                """
                local a = objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
                a.size = { width = -1, height = 2 }
                """
            ).contains("UICollectionViewLayoutAttributes.size: size must not be negative"))
        #expect(
            t.error(
                """
                local a = objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
                a.transform = { a = 1, b = 0, c = 0, d = 0/0, tx = 0, ty = 0 }
                """
            ).contains("transform.d must be a finite number"))
        #expect(
            try t.run(
                """
                local a = objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
                a.transform = { a = 2, b = 0, c = 0, d = 3, tx = 4, ty = 5 }
                return a.transform3D.m11, a.transform3D.m22, a.transform3D.m41, a.transform.ty
                """) == [2, 3, 4, 5])
    }

    @Test func invalidationContextsCollectWhatTheyCover() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local path = objc.NSIndexPath:indexPathForItem_inSection(4, 0)
            local context = objc.UICollectionViewFlowLayoutInvalidationContext:new()
            context.invalidateFlowLayoutDelegateMetrics = false
            context:invalidateItemsAtIndexPaths { path }
            context:invalidateItemsAtIndexPaths { path, objc.NSIndexPath:indexPathForItem_inSection(5, 0) }
            context:invalidateSupplementaryElementsOfKind_atIndexPaths("UICollectionElementKindSectionHeader", { path })
            local items = context.invalidatedItemIndexPaths
            return #items, items[1] == path, items[2].item, context.invalidateFlowLayoutDelegateMetrics,
                   context.invalidateFlowLayoutAttributes, context.invalidateEverything,
                   #context:invalidatedSupplementaryIndexPathsOfKind("UICollectionElementKindSectionHeader"),
                   objc.UICollectionViewLayoutInvalidationContext:new().invalidatedItemIndexPaths
            """)
        #expect(results == [2, true, 5, false, true, false, 1, nil])
    }

    @Test func layoutsNameTheirInvalidationContextClass() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                Pinch = objc.UICollectionViewFlowLayout:createSubclass("Pinch")
                return tostring(objc.UICollectionViewLayout:invalidationContextClass()), tostring(Pinch:invalidationContextClass()),
                       Pinch:invalidationContextClass():new().invalidateFlowLayoutAttributes
                """) == [
                    "class UICollectionViewLayoutInvalidationContext",
                    "class UICollectionViewFlowLayoutInvalidationContext", true,
                ])
    }
}
