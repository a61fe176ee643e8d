import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Flow layout items sized by their cells (`estimatedItemSize`): a shown cell's
/// `preferredLayoutAttributesFittingAttributes` (its content view's constraints, or a script's
/// override) gives the item its size, and the lines flow again around it.
@Suite struct SelfSizingCollectionTests {
    /// Tags: a one-line label 8 points inside each cell, as wide as its word.
    static let collection = """
        local Constraint = objc.NSLayoutConstraint
        local Flow = require "UIKit.UICollectionViewFlowLayout"
        Tag = class.createClass("Tag", objc.UICollectionViewCell)
        function Tag:initWithFrame(frame)
            self = self[objc.UICollectionViewCell]:initWithFrame(frame)
            local label = objc.UILabel:new()
            label.translatesAutoresizingMaskIntoConstraints = false
            self.contentView:addSubview(label)
            local views = { label = label }
            for _, format in ipairs { "H:|-8-[label]-8-|", "V:|-8-[label]-8-|" } do
                self.contentView:addConstraints(
                    Constraint:constraintsWithVisualFormat_options_metrics_views(format, 0, nil, views))
            end
            self.label = label
            return self
        end
        words = { "a", "Auto Layout", "flow", "self-sizing cells", "UIKit", "Bounces", "Lua", "constraints" }
        Controller = class.createClass("Controller", objc.UICollectionViewController)
        function Controller:viewDidLoad()
            self.collectionView:registerClass_forCellWithReuseIdentifier(objc.Tag, "tag")
        end
        function Controller:collectionView_numberOfItemsInSection(view, section) return 400 end
        function Controller:collectionView_cellForItemAtIndexPath(view, indexPath)
            local cell = view:dequeueReusableCellWithReuseIdentifier_forIndexPath("tag", indexPath)
            cell.label.text = words[indexPath.item % #words + 1]
            return cell
        end
        layout = objc.UICollectionViewFlowLayout:new()
        layout.estimatedItemSize = struct.CGSize(60, 30)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        automaticSize = Flow.UICollectionViewFlowLayoutAutomaticSize
        controller = objc.Controller:newWithCollectionViewLayout(layout)
        function path(item) return objc.NSIndexPath:indexPathForItem_inSection(item, 0) end
        function itemFrame(item)
            local f = layout:layoutAttributesForItemAtIndexPath(path(item)).frame
            return f.origin.x, f.origin.y, f.size.width, f.size.height
        end
        local measure = objc.UILabel:new()
        function wordSize(item)
            measure.text = words[item % #words + 1]
            local size = measure:sizeThatFits(struct.CGSize(0, 0))
            return size.width + 16, size.height + 16
        end
        """

    private func world(_ extra: String = "") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(Self.collection + "\n" + extra)
        try t.show()
        return t
    }

    @Test func shownItemsTakeTheSizeOfTheirWordsAndFlowIntoLines() throws {
        let t = try world()
        // The first line: the words side by side, 10 points apart, as many as fit in 375.
        var x = 0.0
        var item = 0
        var lineHeight = 0.0
        while true {
            let size = try t.run("return wordSize(\(item))")
            let (width, height) = (size[0].numberValue ?? 0, size[1].numberValue ?? 0)
            guard x + width <= 375 else { break }
            let frame = try t.run("return itemFrame(\(item))")
            #expect(frame[2] == .number(width), "item \(item)")
            #expect(frame[3] == .number(height), "item \(item)")
            lineHeight = max(lineHeight, height)
            x += width + 10
            item += 1
        }
        #expect(item >= 2)
        // The next item starts the second line, below the first.
        let next = try t.run("return itemFrame(\(item))")
        #expect(next[0] == 0)
        #expect(next[1] == .number(lineHeight + 10))
        // Far items keep the estimate.
        #expect(try t.run("local _, _, w, h = itemFrame(399) return w, h") == [60, 30])
        // The cell's label is 8 points inside its cell.
        let label = try t.run(
            "local cell = controller.collectionView:cellForItemAtIndexPath(path(1)) "
                + "local f = cell.label.frame return f.origin.x, f.origin.y, cell.bounds.size.width - f.size.width")
        #expect(label == [8, 8, 16])
    }

    @Test func aScriptsPreferredAttributesSizeTheItem() throws {
        let t = try world(
            """
            function Tag:preferredLayoutAttributesFittingAttributes(attributes)
                local preferred = attributes:copy()
                preferred.size = struct.CGSize(100, 20)
                return preferred
            end
            controller.collectionView:reloadData()
            """)
        try t.world.layoutPass()
        #expect(try t.run("return itemFrame(0)") == [0, 0, 100, 20])
        #expect(try t.run("local _, y, w, h = itemFrame(1) return y, w, h") == [0, 100, 20])
        // Three fit in a line of 375: the fourth starts the next one.
        #expect(try t.run("return itemFrame(3)") == [0, 30, 100, 20])
    }

    @Test func automaticSizeTurnsSelfSizingOnAndZeroTurnsItOff() throws {
        let t = try world("layout.estimatedItemSize = automaticSize")
        try t.world.layoutPass()
        let size = try t.run("return wordSize(0)")
        #expect(try Array(t.run("return itemFrame(0)")[2...3]) == size)
        try t.run("layout.estimatedItemSize = struct.CGSize(0, 0) layout.itemSize = struct.CGSize(44, 44)")
        try t.world.layoutPass()
        #expect(try t.run("return itemFrame(0)") == [0, 0, 44, 44])
        #expect(try t.run("local s = layout.estimatedItemSize return s.width, s.height") == [0, 0])
    }
}
