import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIAction and UIMenu: menus on buttons (a tap or a long press), their rows, submenus, single
/// selection, pop-up buttons, primary actions, context menus on any view, and bad values.
@Suite struct MenuTests {
    /// A screen with `button` at (20, 100), 200 x 44, whose menu is `menu` (Copy, Share, a
    /// disabled Print, a hidden Secret, a destructive Delete, and a More submenu of Archive).
    /// `chosen` logs the actions chosen, with whether the menu was still open then.
    func world(_ setup: String = "button.showsMenuAsPrimaryAction = true") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            chosen = {}
            local UIMenuElement = require "UIKit.UIMenuElement"
            local Attributes = UIMenuElement.Attributes
            local function action(title, attributes)
                local made = objc.UIAction:actionWithTitle_image_identifier_handler(title, nil, nil, function(a)
                    chosen[#chosen + 1] = a.title .. (menuOpen() and " (open)" or "")
                end)
                made.attributes = attributes or 0
                return made
            end
            menu = objc.UIMenu:menuWithTitle_children("Edit", {
                action "Copy", action "Share", action("Print", Attributes.Disabled),
                action("Secret", Attributes.Hidden), action("Delete", Attributes.Destructive),
                objc.UIMenu:menuWithTitle_children("More", { action "Archive" }),
            })
            controller = objc.UIViewController:new()
            button = objc.UIButton:buttonWithType(1)
            button:setTitle_forState("Actions", 0)
            button.frame = struct.CGRect(20, 100, 200, 44)
            button.menu = menu
            controller.view:addSubview(button)
            \(TestWorld.labelFinding)
            function menuOpen() return row("Copy") ~= nil end
            \(setup)
            """)
        try t.show()
        return t
    }

    @Test func aTapOpensAPrimaryMenuBelowTheButtonAndAChoiceRunsAfterItCloses() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 60, y = 120 } }")
        let shown = try t.run(
            """
            local copy = row("Copy"):convertPoint_toView(struct.CGPoint(0, 0), nil)
            return menuOpen(), copy.y > 144, row("Secret") == nil, row("Edit") ~= nil
            """)
        #expect(shown == [true, true, true, true])
        try t.run("tapRow 'Share'")
        #expect(try t.run("return table.concat(chosen, ','), menuOpen()") == ["Share", false])
    }

    @Test func aDisabledRowDoesNothingAndATapOutsideCloses() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 60, y = 120 } } tapRow 'Print'")
        #expect(try t.run("return #chosen, menuOpen()") == [0, true])
        try t.run("simulate.tap { at = { x = 350, y = 600 } } sentinel = true")
        #expect(try t.run("return sentinel, #chosen, menuOpen()") == [true, 0, false])
    }

    @Test func destructiveRowsAreRedAndASubmenuOpensInPlace() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 60, y = 120 } }")
        #expect(try t.run("local c = row('Delete').textColor.components return c[1] > 0.9 and c[2] < 0.3") == [true])
        try t.run("tapRow 'More'")
        #expect(try t.run("return row('Archive') ~= nil, row('Copy') == nil") == [true, true])
        try t.run("tapRow 'Archive'")
        #expect(try t.run("return table.concat(chosen, ',')") == ["Archive"])
    }

    @Test func withoutPrimaryActionALongPressOpensTheMenuAndATapSendsTheActions() throws {
        let t = try world(
            """
            taps = 0
            Target = objc.NSObject:createSubclass "Target"
            function Target:tapped() taps = taps + 1 end
            Target:declareActionMethod "tapped"
            target = Target:new()
            button:addTarget_action_forControlEvents(target, "tapped", 64)
            """)
        try t.run("simulate.tap { at = { x = 60, y = 120 } }")
        #expect(try t.run("return taps, menuOpen()") == [1, false])
        try t.run("simulate.longPress { at = { x = 60, y = 120 }, duration = 1 }")
        #expect(try t.run("return menuOpen()") == [true])
    }

    @Test func aPopUpButtonShowsItsChoiceAndKeepsOneActionOn() throws {
        let t = try world(
            """
            sizes = objc.UIMenu:menuWithChildren {
                objc.UIAction:actionWithTitle_image_identifier_handler("Small", nil, nil, function() end),
                objc.UIAction:actionWithTitle_image_identifier_handler("Large", nil, nil, function() end),
            }
            button.menu = sizes
            button.changesSelectionAsPrimaryAction = true
            """)
        #expect(try t.run("return button.currentTitle, sizes.children[1].state") == ["Small", 1])
        try t.run("simulate.tap { at = { x = 60, y = 120 } } tapRow 'Large'")
        #expect(
            try t.run("return button.currentTitle, sizes.children[1].state, sizes.children[2].state") == [
                "Large", 0, 1,
            ])
    }

    @Test func aSingleSelectionMenuTurnsTheChosenActionOn() throws {
        let t = try world(
            """
            local UIMenu = require "UIKit.UIMenu"
            local a = objc.UIAction:actionWithTitle_image_identifier_handler("Name", nil, nil, function() end)
            local b = objc.UIAction:actionWithTitle_image_identifier_handler("Date", nil, nil, function() end)
            a.state = 1
            sort = objc.UIMenu:menuWithTitle_image_identifier_options_children("Sort", nil, nil,
                UIMenu.Options.SingleSelection, { a, b })
            button.menu = objc.UIMenu:menuWithChildren { sort, objc.UIAction:actionWithHandler(function() end) }
            button.showsMenuAsPrimaryAction = true
            """)
        try t.run("simulate.tap { at = { x = 60, y = 120 } } tapRow 'Sort' tapRow 'Date'")
        #expect(try t.run("return sort.children[1].state, sort.children[2].state") == [0, 1])
    }

    @Test func aPrimaryActionTitlesTheButtonAndRunsOnATap() throws {
        let t = try world(
            """
            ran = {}
            local go = objc.UIAction:actionWithTitle_image_identifier_handler("Go", nil, "go", function(a)
                ran[#ran + 1] = a.identifier .. ":" .. tostring(a.sender == primary)
            end)
            primary = objc.UIButton:buttonWithType_primaryAction(1, go)
            primary.frame = struct.CGRect(20, 300, 200, 44)
            controller.view:addSubview(primary)
            local extra = objc.UIAction:actionWithHandler(function() ran[#ran + 1] = "extra" end)
            primary:addAction_forControlEvents(extra, 64)
            """)
        #expect(try t.run("return primary.currentTitle") == ["Go"])
        try t.run("simulate.tap { at = { x = 60, y = 320 } }")
        #expect(try t.run("return table.concat(ran, ',')") == ["extra,go:true"])
    }

    @Test func aContextMenuOpensOnALongPressOverADimmedScreen() throws {
        let t = try world(
            """
            heard = {}
            Card = objc.UIView:createSubclass "Card"
            Card:declareProtocol "UIContextMenuInteractionDelegate"
            function Card:contextMenuInteraction_configurationForMenuAtLocation(interaction, location)
                heard[#heard + 1] = string.format("at %g,%g", location.x, location.y)
                return objc.UIContextMenuConfiguration:configurationWithIdentifier_previewProvider_actionProvider(
                    "card", nil, function(suggested)
                        heard[#heard + 1] = "suggested " .. #suggested
                        return menu
                    end)
            end
            function Card:contextMenuInteraction_willDisplayMenuForConfiguration_animator(_, configuration)
                heard[#heard + 1] = "display " .. configuration.identifier
            end
            function Card:contextMenuInteraction_willEndForConfiguration_animator(_, configuration)
                heard[#heard + 1] = "end"
            end
            card = Card:newWithFrame(struct.CGRect(20, 400, 200, 100))
            card:addInteraction(objc.UIContextMenuInteraction:new():initWithDelegate(card))
            controller.view:addSubview(card)
            """)
        try t.run("simulate.longPress { at = { x = 30, y = 410 }, duration = 1 }")
        #expect(
            try t.run("return menuOpen(), table.concat(heard, ';')") == [true, "at 10,10;suggested 0;display card"])
        try t.run("collectgarbage() collectgarbage() tapRow 'Copy'")
        #expect(try t.run("return menuOpen(), table.concat(chosen, ','), heard[#heard]") == [false, "Copy", "end"])
    }

    @Test func aFailingHandlerIsReportedAndTheMenuStillCloses() throws {
        let t = try world(
            """
            button.menu = objc.UIMenu:menuWithChildren {
                objc.UIAction:actionWithTitle_image_identifier_handler("Copy", nil, nil, function() error("no clipboard") end),
            }
            button.showsMenuAsPrimaryAction = true
            """)
        try t.run("simulate.tap { at = { x = 60, y = 120 } } tapRow 'Copy' sentinel = true")
        #expect(try t.run("return sentinel, menuOpen()") == [true, false])
        #expect(t.errors.contains { $0.contains("UIAction 'Copy'") && $0.contains("no clipboard") })
    }

    @Test func badValuesAreRefusedByName() throws {
        let t = try world()
        #expect(t.error("menu.children[1].attributes = 16").contains("UIMenuElementAttributes"))
        #expect(t.error("menu.children[1].state = 5").contains("UIMenuElementState"))
        #expect(
            t.error("objc.UIMenu:menuWithTitle_image_identifier_options_children('x', nil, nil, 4, {})")
                .contains("UIMenuOptions"))
        #expect(t.error("objc.UIMenu:menuWithChildren { 3 }").contains("UIMenuElement"))
    }
}
