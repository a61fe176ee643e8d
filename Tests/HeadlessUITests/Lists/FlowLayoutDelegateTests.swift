import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// A script delegate's item sizes, which the flow layout asks for a run of items at a time.
@Suite struct FlowLayoutDelegateTests {
    /// A world showing the tutorial's collection with `count` items sized by `size` (a Lua
    /// expression of `path`), every call counted in `calls`.
    func world(count: Int, size: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                calls = 0
                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return \(count) end
                function CollectionController:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, path)
                    calls = calls + 1
                    return \(size)
                end
                CollectionController:declareProtocol "UICollectionViewDelegateFlowLayout"
                function frameOf(item)
                    return controller.collectionView.collectionViewLayout:layoutAttributesForItemAtIndexPath(
                        objc.NSIndexPath:indexPathForItem_inSection(item, 0)).frame
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        return t
    }

    @Test func everyItemOfManyRunsGetsItsOwnSizeOnce() throws {
        let t = try world(count: 600, size: "struct.CGSize(10 + path.item % 50, 20 + path.item % 3)")
        for item in [0, 255, 256, 257, 511, 512, 599] {
            #expect(
                try t.run("local f = frameOf(\(item)) return f.size.width, f.size.height")
                    == [.number(Double(10 + item % 50)), .number(Double(20 + item % 3))], "item \(item)")
        }
        #expect(try t.run("return calls") == [600])
        #expect(t.errors.isEmpty)
    }

    @Test func plainTablesAndStructsAreBothSizes() throws {
        let t = try world(
            count: 300, size: "path.item % 2 == 0 and { width = 30, height = 40 } or struct.CGSize(50, 60)")
        #expect(try t.run("return frameOf(298).size.width, frameOf(299).size.height") == [30, 60])
    }

    @Test func aWrongSizeInTheMiddleOfARunNamesTheMethodAndTheProblem() throws {
        let t = try world(
            count: 400, size: "path.item == 300 and { width = 'wide', height = 1 } or struct.CGSize(10, 10)")
        let errors = t.errors.joined(separator: "\n")
        #expect(
            errors.contains(
                "CollectionController:collectionView_layout_sizeForItemAtIndexPath returned a wrong value (CGSize expected: field 'width' is a string, not a number)"
            ),
            "\(errors)")
        #expect(try t.run("return calls") == [301])  // the layout stopped at the wrong size
    }

    @Test func anErrorInTheDelegateIsReportedWithItsLine() throws {
        let t = try world(
            count: 400, size: "path.item == 270 and error('no size for ' .. path.item) or struct.CGSize(10, 10)")
        let error = try #require(t.scriptErrors.first)
        #expect(error.message == "test:33: no size for 270")
        // The script's frames end with the delegate method, as if the layout had called it
        // directly: no frame of the shim's own below it.
        #expect(error.traceback?.hasSuffix("\ttest:33: in function <test:31>") == true, "\(error.traceback ?? "")")
    }

    @Test func aNegativeOrNaNSizeIsRefusedWithTheItem() throws {
        let t = try world(count: 300, size: "path.item == 280 and struct.CGSize(-1, 5) or struct.CGSize(10, 10)")
        #expect(t.errors.joined().contains("the size of item 280 of section 0 must not be negative"), "\(t.errors)")
    }
}
