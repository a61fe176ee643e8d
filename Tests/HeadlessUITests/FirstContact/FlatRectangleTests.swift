import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// `{ x =, y =, width =, height = }` is a `CGRect` wherever one is taken, as `{ origin =, size = }`
/// is; a table that is neither says what it lacks.
@Suite struct FlatRectangleTests {
    @Test func aFlatTableIsARectangle() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local view = objc.UIView:newWithFrame { x = 1, y = 2, width = 30, height = 40 }
                local x, height = view.frame.origin.x, view.frame.size.height
                view.bounds = { x = 0, y = 5, width = 10, height = 20 }
                local nested = objc.UIView:newWithFrame { origin = { x = 3, y = 4 }, size = { width = 5, height = 6 } }
                return x, height, view.bounds.origin.y, view.bounds.size.width, nested.frame.origin.y,
                    nested.frame.size.width
                """) == [1, 40, 5, 10, 4, 5])
    }

    @Test func aTableThatIsNeitherSaysWhatItLacks() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.UIView:newWithFrame { x = 1, y = 2, width = 30 }").contains("field 'height' is missing"))
        #expect(
            t.error("objc.UIView:newWithFrame { left = 1 }").contains(
                "field 'origin' is missing (or give x, y, width and height)"))
    }
}
