import Foundation
import Testing

@testable import HeadlessUI

/// Nodes from scripts: the seed's image cell node (inset, stack, ratio), subnodes, the view
/// made on first use, and the errors a spec's mistakes raise.
@Suite struct DisplayNodeTests {
    /// The seed's `ImageCellNode`: an image node in a ratio spec, in a stack, inset by 10.
    static let imageCellNode = """
        local ASDimension = require "AsyncDisplayKit.ASDimension"
        local Defines = require "AsyncDisplayKit.ASStackLayoutDefines"
        ImageCellNode = objc.ASCellNode:createSubclass("ImageCellNode")
        function ImageCellNode:initWithImageSize(size)
            self[objc.ASCellNode]:init()
            self.imageNode = objc.ASImageNode:new()
            self.imageNode.forcedSize = size
            self:addSubnode(self.imageNode)
            self.imageRatio = size.height / size.width
            return self
        end
        function ImageCellNode:layoutSpecThatFits(constrainedSize)
            local ratio = objc.ASRatioLayoutSpec:ratioLayoutSpecWithRatio_child(self.imageRatio, self.imageNode)
            local stack = objc.ASStackLayoutSpec:stackLayoutSpecWithDirection_spacing_justifyContent_alignItems_children(
                Defines.ASStackLayoutDirection.Vertical, 0, Defines.ASStackLayoutJustifyContent.Start,
                Defines.ASStackLayoutAlignItems.Stretch, { ratio })
            return objc.ASInsetLayoutSpec:insetLayoutSpecWithInsets_child(struct.UIEdgeInsets(10, 10, 10, 10), stack)
        end
        """

    @Test func theSeedsImageCellNodeLaysOutItsImageAtItsRatio() throws {
        let t = try TestWorld()
        try t.run(Self.imageCellNode)
        let results = try t.run(
            """
            local ASDimension = require "AsyncDisplayKit.ASDimension"
            local node = ImageCellNode:newWithImageSize(struct.CGSize(40, 30))
            local layout = node:layoutThatFits(ASDimension.ASSizeRangeMake(struct.CGSize(120, 0), struct.CGSize(120, math.huge)))
            node.frame = struct.CGRect(0, 0, layout.size.width, layout.size.height)
            node:layoutIfNeeded()
            local image = node.imageNode.frame
            return layout.size.width, layout.size.height, image.origin.x, image.origin.y, image.size.width,
                image.size.height, node.calculatedSize.height
            """)
        // 100 wide inside the insets, at 3:4: 75 tall, plus 20 of insets.
        #expect(results == [120, 95, 10, 10, 100, 75, 95])
    }

    @Test func theViewIsMadeOnFirstUseWithItsSubnodesViewsAtTheirFrames() throws {
        let t = try TestWorld()
        try t.run(Self.imageCellNode)
        let results = try t.run(
            """
            local node = ImageCellNode:newWithImageSize(struct.CGSize(40, 40))
            local before = node.nodeLoaded
            node.frame = struct.CGRect(0, 0, 60, 60)
            node.backgroundColor = objc.UIColor.redColor
            local view = node.view
            view:layoutIfNeeded()
            local imageView = view.subviews[1]
            return before, node.nodeLoaded, #view.subviews, imageView.frame.size.width, imageView.frame.origin.x,
                view.backgroundColor == objc.UIColor.redColor, view.frame.size.width
            """)
        #expect(results == [false, true, 1, 40, 10, true, 60])
    }

    @Test func aLayoutSpecBlockLaysOutANodeThatManagesItsSubnodes() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Defines = require "AsyncDisplayKit.ASStackLayoutDefines"
            local node = objc.ASDisplayNode:new()
            node.automaticallyManagesSubnodes = true
            local a, b = objc.ASDisplayNode:new(), objc.ASDisplayNode:new()
            a.style.preferredSize = struct.CGSize(30, 20)
            b.style.preferredSize = struct.CGSize(50, 10)
            b.style.flexGrow = 1
            node.layoutSpecBlock = function(node, constrainedSize)
                local stack = objc.ASStackLayoutSpec:horizontalStackLayoutSpec()
                stack.spacing = 5
                stack.alignItems = Defines.ASStackLayoutAlignItems.Center
                stack.children = { a, b }
                return stack
            end
            node.frame = struct.CGRect(0, 0, 200, 40)
            node:layoutIfNeeded()
            return #node.subnodes, a.frame.origin.x, a.frame.origin.y, b.frame.origin.x, b.frame.size.width,
                b.frame.origin.y
            """)
        // b grows into the 115 points left: 200 - 30 - 5 - 50.
        #expect(results == [2, 0, 10, 35, 165, 15])
    }

    @Test func theAsciiArtShowsTheSpecTree() throws {
        let t = try TestWorld()
        try t.run(Self.imageCellNode)
        let art = try t.run(
            """
            local node = ImageCellNode:newWithImageSize(struct.CGSize(40, 40))
            return node:layoutSpecThatFits(require("AsyncDisplayKit.ASDimension").ASSizeRangeUnconstrained).asciiArtString
            """)
        #expect(
            art == [
                .string(
                    """
                    -----------ASInsetLayoutSpec-----------
                    |  --------ASStackLayoutSpec--------  |
                    |  |  --ASRatioLayoutSpec (1.0)--  |  |
                    |  |  |       ASImageNode       |  |  |
                    |  |  ---------------------------  |  |
                    |  ---------------------------------  |
                    ---------------------------------------
                    """)
            ])
    }

    @Test func specMistakesAreErrorsThatNameTheClassMethodAndValue() throws {
        let t = try TestWorld()
        try t.run(
            """
            Bad = objc.ASDisplayNode:createSubclass("Bad")
            function Bad:layoutSpecThatFits(range) return self.answer end
            bad = Bad:new()
            range = require("AsyncDisplayKit.ASDimension").ASSizeRangeMake(struct.CGSize(0, 0), struct.CGSize(100, 100))
            """)
        let notElement = t.error("bad.answer = objc.UIView:new() bad:layoutThatFits(range)")
        #expect(notElement.contains("Bad:layoutSpecThatFits returned a UIView, not a layout spec or a node"))
        let missing = t.error("bad.answer = nil bad:layoutThatFits(range)")
        #expect(missing.contains("Bad:layoutSpecThatFits returned nil"))
        let twice = t.error(
            """
            local child = objc.ASDisplayNode:new()
            bad:addSubnode(child)
            bad.answer = objc.ASStackLayoutSpec:horizontalStackLayoutSpec()
            bad.answer.children = { child, child }
            bad:layoutThatFits(range)
            """)
        #expect(twice.contains("Bad's layout spec holds ASDisplayNode twice"))
        let stranger = t.error(
            """
            bad.answer = objc.ASInsetLayoutSpec:insetLayoutSpecWithInsets_child(struct.UIEdgeInsets(1, 1, 1, 1), objc.ASDisplayNode:new())
            bad:layoutThatFits(range)
            """)
        #expect(stranger.contains("which is not its subnode"))
        let cycle = t.error("local child = objc.ASDisplayNode:new() bad:addSubnode(child) child:addSubnode(bad)")
        #expect(cycle.contains("cycle of subnodes"))
        let negative = t.error(
            """
            Sized = objc.ASDisplayNode:createSubclass("Sized")
            function Sized:calculateSizeThatFits(size) return struct.CGSize(-5, 0 / 0) end
            Sized:new():layoutThatFits(range)
            """)
        #expect(negative.contains("Sized:calculateSizeThatFits returned {-5.0, nan}"))
        let nanRatio = t.error("objc.ASRatioLayoutSpec:ratioLayoutSpecWithRatio_child(0 / 0, objc.ASDisplayNode:new())")
        #expect(nanRatio.contains("ratio"))
        // The world goes on.
        #expect(try t.run("return objc.ASDisplayNode:new():layoutThatFits(range).size.width") == [100])
    }
}
