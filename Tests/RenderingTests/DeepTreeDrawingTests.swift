import Foundation
import HeadlessUI
import Rendering
import Testing

/// A very deep view tree is drawn in time proportional to its size: each view's appearance
/// comes from its parent's, not from a walk up to the window.
@Suite struct DeepTreeDrawingTests {
    @Test func aTwentyThousandDeepTreeIsDrawn() throws {
        let world = try UIWorld(profile: .phone, services: ScreenRenderer.worldServices)
        world.bridge.state.timeBudget = .seconds(120)
        // Built from the bottom up, in calls of 1,000 levels, each well within the time budget.
        try world.bridge.state.run(
            """
            deep = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
            deep.backgroundColor = objc.UIColor.systemRedColor
            function deepen()
                for i = 1, 1000 do
                    local parent = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
                    parent:addSubview(deep)
                    deep = parent
                end
            end
            """, chunkName: "=test")
        for _ in 1...20 { try world.bridge.state.run("deepen()", chunkName: "=test") }
        try world.bridge.state.run(
            "deep.overrideUserInterfaceStyle = 2 objc.UIApplication.sharedApplication.keyWindow:addSubview(deep)",
            chunkName: "=test")
        try world.layoutPass()
        let image = try ScreenRenderer.render(world).pixels()
        // The innermost view, 20,001 levels down, draws systemRed in the dark look its
        // ancestor 20,000 levels up chose: (255, 69, 58).
        #expect(Array(image.pixel(x: 5, y: 5).prefix(3)) == [255, 69, 58])
    }
}
