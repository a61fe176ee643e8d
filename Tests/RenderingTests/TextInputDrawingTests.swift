import Foundation
import HeadlessUI
import LuaRuntime
import Rendering
import Testing

/// What pictures show of text input: a field's placeholder in UIKit's placeholder grey, its
/// rounded border, secure text as dots, the caret in the tint colour, and the keyboard.
@Suite struct TextInputDrawingTests {
    func world(_ setup: String) throws -> UIWorld {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "320x480@1"), services: ScreenRenderer.worldServices)
        world.application.isStatusBarHidden = true  // it would cover the pixels probed at the top
        try world.bridge.state.run(
            """
            local window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.whiteColor
            field = objc.UITextField:newWithFrame(struct.CGRect(10, 10, 300, 60))
            field.font = objc.UIFont:systemFontOfSize(40)
            field.borderStyle = 3
            window:addSubview(field)
            \(setup)
            """, chunkName: "=test")
        try world.layoutPass()
        return world
    }

    /// The colours along the field's middle row, from x 10 to 310.
    func middleRow(_ world: UIWorld) throws -> [[UInt8]] {
        let image = try ScreenRenderer.render(world).pixels()
        return (10..<310).map { image.pixel(x: $0, y: 40) }
    }

    func isDark(_ pixel: [UInt8]) -> Bool { pixel[0] < 80 && pixel[1] < 80 && pixel[2] < 80 }

    @Test func thePlaceholderIsUIKitsPlaceholderGreyAndTheBorderIsRounded() throws {
        let row = try middleRow(try world("field.placeholder = 'MMM'"))
        // rgba(60, 60, 67, 0.3) over white is (197, 197, 199): the glyphs' solid parts.
        #expect(row.contains { abs(Int($0[0]) - 197) <= 2 && abs(Int($0[2]) - 199) <= 2 })
        #expect(!row.contains(where: isDark), "no text colour: only the placeholder shows")
        let image = try ScreenRenderer.render(try world("")).pixels()
        #expect(image.pixel(x: 10, y: 10) == [255, 255, 255, 255], "the corner is rounded away")
        #expect(image.pixel(x: 160, y: 10)[0] < 240, "the border's top edge")
    }

    @Test func secureTextIsDrawnAsDotsAndTheCaretFollowsIt() throws {
        let plain = try middleRow(try world("field.text = 'iii'"))
        let secure = try middleRow(try world("field.text = 'iii' field.secureTextEntry = true"))
        #expect(plain != secure)
        #expect(secure.contains(where: isDark))
        let editing = try middleRow(
            try world("field.text = 'iii' field.secureTextEntry = true field:becomeFirstResponder()"))
        let caret = editing.enumerated().filter { $0.element[0] < 30 && $0.element[1] > 100 && $0.element[2] > 220 }
        let lastDot = try #require(secure.lastIndex(where: isDark))
        #expect(!caret.isEmpty && caret.allSatisfy { $0.offset > lastDot }, "the blue caret after the last dot")
    }

    @Test func theKeyboardCoversTheBottomOfTheScreenOnceItHasSlidIn() throws {
        let world = try world("field:becomeFirstResponder() simulate.advance(0.5)")
        let image = try ScreenRenderer.render(world).pixels()
        // 260 points tall on a 480-point screen: from y 220. The panel's grey, between keys.
        #expect(image.pixel(x: 2, y: 230) == [209, 211, 217, 255])
        #expect(image.pixel(x: 2, y: 215) == [255, 255, 255, 255])
    }
}
