import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// A scroll view in a sheet (phone profile: the medium detent's top at 333, the large one's at
/// 30): a drag up on it expands the sheet first, unless `prefersScrollingExpandsWhenScrolledToEdge`
/// is off; a drag down with the content at its top moves the sheet down.
@Suite struct SheetScrollingTests {
    func world(expands: Bool = true) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UIViewController:new()
            detail = objc.UIViewController:new()
            scroller = objc.UIScrollView:newWithFrame(struct.CGRect(0, 0, 375, 637))
            scroller.contentSize = struct.CGSize(375, 3000)
            scroller.contentInsetAdjustmentBehavior = 2 -- never: offsets start at 0
            scroller.autoresizingMask = 18
            detail.view:addSubview(scroller)
            sheet = detail.sheetPresentationController
            sheet.detents = { objc.UISheetPresentationControllerDetent:mediumDetent(),
                objc.UISheetPresentationControllerDetent:largeDetent() }
            sheet.prefersScrollingExpandsWhenScrolledToEdge = \(expands)
            function top() return detail.view:convertPoint_toView(struct.CGPoint(0, 0), nil).y end
            function dragUp() simulate.drag { from = { x = 180, y = 500 }, to = { x = 180, y = 350 } } simulate.advance(2) end
            function dragDown() -- slowly, so that the sheet settles where it is let go
                simulate.drag { points = { { x = 180, y = 100 }, { x = 180, y = 200 }, { x = 180, y = 300 },
                    { x = 180, y = 350 }, { x = 180, y = 350 } } }
                simulate.advance(2)
            end
            """)
        try t.show()
        try t.run("controller:presentViewController_animated_completion(detail, false, nil)")
        return t
    }

    @Test func aDragUpExpandsTheSheetBeforeItScrolls() throws {
        let t = try world()
        try t.run("dragUp()")
        #expect(try t.run("return top(), scroller.contentOffset.y") == [30, 0])
        try t.run("dragUp()")
        let offset = try #require(try t.run("return top(), scroller.contentOffset.y").last?.numberValue)
        #expect(try t.run("return top()") == [30])
        #expect(offset > 100, "at the large detent the content scrolls: \(offset)")
    }

    @Test func withoutExpandingTheContentScrollsAtOnce() throws {
        let t = try world(expands: false)
        try t.run("dragUp()")
        let offset = try #require(try t.run("return scroller.contentOffset.y").first?.numberValue)
        #expect(try t.run("return top()") == [333])
        #expect(offset > 100, "\(offset)")
    }

    @Test func aDragDownMovesTheSheetOnlyWithTheContentAtItsTop() throws {
        let t = try world()
        try t.run(
            """
            sheet.selectedDetentIdentifier = "com.apple.UIKit.large"
            scroller.contentOffset = struct.CGPoint(0, 500)
            dragDown()
            """)
        let offset = try #require(try t.run("return scroller.contentOffset.y").first?.numberValue)
        #expect(try t.run("return top()") == [30])
        #expect(offset < 500, "the content scrolled back: \(offset)")
        try t.run("scroller.contentOffset = struct.CGPoint(0, 0) dragDown()")
        let after = try t.run("return top(), scroller.contentOffset.y, controller.presentedViewController == detail")
        #expect(after == [333, 0, true], "\(after)")
    }
}
