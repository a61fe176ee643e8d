import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The collection view as the Bounces tutorial sets it up, for the collection view's tests: a
/// controller as data source, a cell class with a label, a flow layout.
enum TutorialCollection {
    static let tutorial = """
        local UICollectionViewCell = objc.UICollectionViewCell
        LabelCell = UICollectionViewCell:createSubclass("LabelCell")
        made, reused = 0, 0
        function LabelCell:initWithFrame(frame)
            self[UICollectionViewCell]:initWithFrame(frame)
            made = made + 1
            local label = objc.UILabel:newWithFrame(self.contentView.bounds)
            label.autoresizingMask = objc.UIView.Autoresizing.flexibleWidth + objc.UIView.Autoresizing.flexibleHeight
            self.contentView:addSubview(label)
            self.label = label
        end
        function LabelCell:prepareForReuse() reused = reused + 1 end

        CollectionController = objc.UICollectionViewController:createSubclass("CollectionController")
        function CollectionController:viewDidLoad()
            self[objc.UICollectionViewController]:viewDidLoad()
            self.collectionView:registerClass_forCellWithReuseIdentifier(LabelCell, "LabelCell")
            local layout = self.collectionView.collectionViewLayout
            layout.itemSize = { width = 100, height = 50 }
            layout.sectionInset = { top = 10, left = 10, bottom = 10, right = 10 }
        end
        function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 100 end
        function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
            local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("LabelCell", indexPath)
            cell.label.text = "Yo" .. (indexPath.item + 1)
            return cell
        end
        controller = CollectionController:newWithCollectionViewLayout(objc.UICollectionViewFlowLayout:new())
        """

    /// The tutorial with two sections of 2 and 3 items, from the Lua table `sections`.
    static func startWithSections(_ t: TestWorld) throws {
        try t.run(
            tutorial + """

                sections = { 2, 3 }
                function CollectionController:numberOfSectionsInCollectionView(collectionView) return #sections end
                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section)
                    return sections[section + 1]
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
    }

    static func start() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(tutorial)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        return t
    }
}
