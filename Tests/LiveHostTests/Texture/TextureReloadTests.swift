import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// A save of a module that defines a node class lays the live nodes of that class out again,
/// with no handler of the project's, and the collection keeps its scroll position.
@Suite(.serialized) struct TextureReloadTests {
    static func row(inset: Int) -> String {
        """
        local Row = objc.ASCellNode:createSubclass("Row")
        function Row:initWithNumber(number)
            self[objc.ASCellNode]:init()
            self.box = objc.ASDisplayNode:new()
            self.box.style.preferredSize = struct.CGSize(50, 40)
            self:addSubnode(self.box)
            return self
        end
        function Row:layoutSpecThatFits(constrainedSize)
            local inset = \(inset)
            return objc.ASInsetLayoutSpec:insetLayoutSpecWithInsets_child(struct.UIEdgeInsets(inset, inset, inset, inset), self.box)
        end
        return Row
        """
    }

    static let controller = """
        local Row = require "Row"
        local Controller = objc.ASViewController:createSubclass("Controller")
        Controller:declareProtocol("ASCollectionDataSource")
        function Controller:init()
            local layout = objc.UICollectionViewFlowLayout:new()
            layout.minimumLineSpacing = 0
            self.collectionNode = objc.ASCollectionNode:newWithCollectionViewLayout(layout)
            self[objc.ASViewController]:initWithNode(self.collectionNode)
            self.collectionNode.dataSource = self
            return self
        end
        function Controller:collectionNode_numberOfItemsInSection(node, section) return 100 end
        function Controller:collectionNode_nodeForItemAtIndexPath(node, path) return Row:newWithNumber(path.item) end
        return Controller
        """

    @Test func aSavedNodeClassLaysItsNodesOutAgainWhereTheCollectionWas() throws {
        let project = try LiveProject(["main.lua": Self.controller, "Row.lua": Self.row(inset: 10)])
        try project.run(
            """
            local view = objc.UIApplication.sharedApplication.keyWindow.rootViewController.collectionNode.view
            collectionView = view
            view:setContentOffset_animated(struct.CGPoint(0, 300), false)
            function firstVisible()
                local first
                for path in collectionView:indexPathsForVisibleItems() do
                    if not first or path.item < first.item then first = path end
                end
                local cell = collectionView:cellForItemAtIndexPath(first)
                return cell.frame.size.height, cell.contentView.subviews[1].subviews[1].frame.origin.x
            end
            """)
        try project.world.layoutPass()
        #expect(try project.run("return firstVisible()") == [60, 10])
        try project.save("Row.lua", Self.row(inset: 20), as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.run("return firstVisible()") == [80, 20])
        #expect(try project.value("collectionView.contentOffset.y") == .number(300))
    }

    @Test func theLayoutDumpListsNodesWithTheirSpecsFrames() throws {
        let project = try LiveProject(["main.lua": Self.controller, "Row.lua": Self.row(inset: 10)])
        try project.world.layoutPass()
        let rows = LayoutDump.entries(of: project.world).filter { $0.node == "Row" }
        // The flow inspector's range: any width up to the collection's, so the row is its box and insets.
        #expect(rows.count > 5)
        #expect(
            rows.first?.layoutSpecs == [LayoutDump.Spec(depth: 0, name: "ASInsetLayoutSpec", frame: [0, 0, 70, 60])])
        #expect(LayoutDump.text(of: project.world).contains("node Row"))
    }
}
