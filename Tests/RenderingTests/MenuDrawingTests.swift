import Foundation
import HeadlessUI
import Rendering
import Testing

/// Menus as the renderer draws them: the platter under the button, its rows' text, a
/// destructive row in red, and the dimmed screen around a context menu's view, light and dark.
@Suite struct MenuDrawingTests {
    /// The screen after a tap on a button at (20, 100), 200 x 44, whose menu holds Copy, a
    /// destructive Delete and an inline section with Archive; with `context`, a context menu
    /// opened by a long press on a card at (20, 400) instead.
    private func menu(_ appearance: UserInterfaceStyle = .light, context: Bool = false) throws -> PixelImage {
        try ControllerScreen.render(
            appearance,
            """
            local UIMenu = require "UIKit.UIMenu"
            local function action(title, attributes)
                local made = objc.UIAction:actionWithTitle_image_identifier_handler(title, nil, nil, function() end)
                made.attributes = attributes or 0
                return made
            end
            menu = objc.UIMenu:menuWithChildren { action "Copy", action("Delete", 2),
                objc.UIMenu:menuWithTitle_image_identifier_options_children("", nil, nil,
                    UIMenu.Options.DisplayInline, { action "Archive" }) }
            if \(context) then
                Card = objc.UIView:createSubclass "Card"
                Card:declareProtocol "UIContextMenuInteractionDelegate"
                function Card:contextMenuInteraction_configurationForMenuAtLocation()
                    return objc.UIContextMenuConfiguration:configurationWithIdentifier_previewProvider_actionProvider(
                        nil, nil, function() return menu end)
                end
                local card = Card:newWithFrame(struct.CGRect(20, 400, 200, 100))
                card.backgroundColor = objc.UIColor.systemBlueColor
                card:addInteraction(objc.UIContextMenuInteraction:new():initWithDelegate(card))
                controller.view:addSubview(card)
                controller.view:layoutIfNeeded()
                simulate.longPress { at = { x = 40, y = 420 }, duration = 1 }
            else
                local button = objc.UIButton:buttonWithType(1)
                button:setTitle_forState("Actions", 0)
                button.frame = struct.CGRect(20, 100, 200, 44)
                button.menu = menu
                button.showsMenuAsPrimaryAction = true
                controller.view:addSubview(button)
                controller.view:layoutIfNeeded()
                simulate.tap { at = { x = 60, y = 120 } }
            end
            """)
    }

    private func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    /// How many pixels of `rect` pass `test`.
    private func count(_ image: PixelImage, _ rect: CGRect, _ test: ([Int]) -> Bool) -> Int {
        var found = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where test(color(image, Double(x) / 2, Double(y) / 2)) {
                found += 1
            }
        }
        return found
    }

    @Test func theMenuOpensUnderTheButtonWithItsRows() throws {
        let image = try menu()
        // The first row (Copy) is at y 152-196: dark text on the platter, which is not the white screen.
        let copy = CGRect(x: 36, y: 156, width: 120, height: 36)
        #expect(count(image, copy) { $0.allSatisfy { $0 < 90 } } > 50)
        #expect(color(image, 250, 160) != [255, 255, 255])
        // Delete, the second row, is red.
        let delete = CGRect(x: 36, y: 200, width: 120, height: 36)
        #expect(count(image, delete) { $0[0] > 200 && $0[1] < 90 && $0[2] < 90 } > 50)
        // Outside the platter the screen is untouched.
        #expect(color(image, 300, 600) == [255, 255, 255])
    }

    @Test func aDarkMenuHasLightText() throws {
        let image = try menu(.dark)
        let copy = CGRect(x: 36, y: 156, width: 120, height: 36)
        #expect(count(image, copy) { $0.allSatisfy { $0 > 200 } } > 50)
    }

    @Test func aContextMenuDimsTheScreenButNotItsView() throws {
        let image = try menu(context: true)
        let dimmed = color(image, 300, 200)
        #expect(dimmed.allSatisfy { $0 < 235 && $0 > 150 })
        // The card (system blue, 20-220 x 400-500) stays as it was, lifted above the dimming.
        #expect(color(image, 120, 450) == [0, 122, 255])
        // The menu opens under it.
        #expect(count(image, CGRect(x: 36, y: 512, width: 120, height: 36)) { $0.allSatisfy { $0 < 90 } } > 50)
    }
}
