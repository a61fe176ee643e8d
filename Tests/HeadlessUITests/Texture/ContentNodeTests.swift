import Foundation
import Testing

@testable import HeadlessUI

/// Button, control, scroll and network image nodes from scripts.
@Suite struct ContentNodeTests {
    @Test func aButtonNodeLaysOutItsTitleAndSendsItsActionsWithItselfAsSender() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            Target = objc.NSObject:createSubclass("Target")
            function Target:pressed(sender) self.sender = sender self.count = (self.count or 0) + 1 end
            Target:declareActionMethod("pressed")
            target = Target:new()
            button = objc.ASButtonNode:new()
            button:setTitle_withFont_withColor_forState("Go", objc.UIFont:systemFontOfSize(17), objc.UIColor.blueColor, 0)
            button:setTitle_withFont_withColor_forState("Gone", objc.UIFont:systemFontOfSize(17), objc.UIColor.blueColor, 4)
            button.contentEdgeInsets = struct.UIEdgeInsets(5, 10, 5, 10)
            button:addTarget_action_forControlEvents(target, "pressed", 64)
            local range = require("AsyncDisplayKit.ASDimension").ASSizeRangeMake(struct.CGSize(0, 0), struct.CGSize(300, 100))
            local title = button.titleNode:layoutThatFits(range).size
            local size = button:layoutThatFits(range).size
            controller = objc.ASViewController:newWithNode(button)
            return size.width == title.width + 20, size.height == title.height + 10, #button.subnodes
            """)
        #expect(results == [true, true, 1])
        try t.show()
        try t.run("simulate.tap { at = { x = 187, y = 333 } }")
        #expect(try t.run("return target.count, target.sender == button") == [1, true])
        #expect(try t.run("button.selected = true return button.titleNode.attributedText.string") == [.string("Gone")])
    }

    @Test func aScriptsFieldsOnAButtonsPartsLastAsLongAsTheButton() throws {
        let t = try TestWorld()
        // Before any layout makes them subnodes, the button alone holds its parts.
        try t.run(
            """
            button = objc.ASButtonNode:new()
            button.titleNode.note = "title"
            button.imageNode.note = "image"
            button.backgroundImageNode.note = "background"
            collectgarbage() collectgarbage()
            """)
        #expect(
            try t.run("return button.titleNode.note, button.imageNode.note, button.backgroundImageNode.note")
                == ["title", "image", "background"])
    }

    @Test func textNodesTakeTheirFontsAscenderAndDescenderSoBaselinesLineUp() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Defines = require "AsyncDisplayKit.ASStackLayoutDefines"
            local function text(size)
                local node = objc.ASTextNode:new()
                node.attributedText = objc.NSAttributedString:newWithString_attributes("Hx", { NSFont = objc.UIFont:systemFontOfSize(size) })
                return node
            end
            local small, large = text(12), text(30)
            local node = objc.ASDisplayNode:new()
            node.automaticallyManagesSubnodes = true
            node.layoutSpecBlock = function()
                local stack = objc.ASStackLayoutSpec:horizontalStackLayoutSpec()
                stack.alignItems = Defines.ASStackLayoutAlignItems.BaselineFirst
                stack.children = { small, large }
                return stack
            end
            node.frame = struct.CGRect(0, 0, 300, 100)
            node:layoutIfNeeded()
            local smallFont, largeFont = objc.UIFont:systemFontOfSize(12), objc.UIFont:systemFontOfSize(30)
            return small.style.ascender == smallFont.ascender, small.style.descender == smallFont.descender,
                small.frame.origin.y + smallFont.ascender == large.frame.origin.y + largeFont.ascender, small.frame.origin.y > 0
            """)
        #expect(results == [true, true, true, true])
    }

    @Test func aScrollNodeSizesItsContentFromItsSpec() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local scroll = objc.ASScrollNode:new()
            scroll.automaticallyManagesSubnodes = true
            scroll.automaticallyManagesContentSize = true
            local boxes = {}
            for i = 1, 10 do
                boxes[i] = objc.ASDisplayNode:new()
                boxes[i].style.preferredSize = struct.CGSize(100, 100)
            end
            scroll.layoutSpecBlock = function(node, range)
                local stack = objc.ASStackLayoutSpec:verticalStackLayoutSpec()
                stack.children = boxes
                return stack
            end
            scroll.frame = struct.CGRect(0, 0, 375, 667)
            local view = scroll.view
            scroll:layoutIfNeeded()
            return view.contentSize.height, boxes[10].frame.origin.y, #scroll.subnodes
            """)
        #expect(results == [1000, 900, 10])
    }

    @Test func aNetworkImageNodeLoadsTheProgramsFilesAndNothingFromTheNetwork() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-nodes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        ImageTests.writePNG(folder.appendingPathComponent("photo.png").path, width: 30, height: 20)
        let t = try TestWorld()
        t.world.useProgramFiles(
            ProgramFiles(root: folder, identifier: nil) { path in
                let url = folder.appendingPathComponent(path)
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            })
        let results = try t.run(
            """
            Watcher = objc.NSObject:createSubclass("Watcher")
            Watcher:declareProtocol("ASNetworkImageNodeDelegate")
            function Watcher:imageNode_didLoadImage(node, image) self.loaded = image.size.width end
            watcher = Watcher:new()
            node = objc.ASNetworkImageNode:new()
            node.delegate = watcher
            node.URL = objc.NSURL:fileURLWithPath("\(folder.path)/photo.png")
            return node.image.size.width, watcher.loaded, node:calculateSizeThatFits(struct.CGSize(100, 100)).height
            """)
        #expect(results == [30, 30, 20])
        let remote = t.error("node.URL = objc.NSURL:URLWithString('https://example.com/photo.png')")
        #expect(remote.contains("https://example.com/photo.png would reach the network"))
        #expect(
            t.error("node.URL = objc.NSURL:fileURLWithPath('/etc/hostname')").contains("outside the program's files"))
    }
}
