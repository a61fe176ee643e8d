import Foundation
import ObjectBridge

/// A button's menu (iOS 14): shown by a tap when it is the primary action, else by a long
/// press. A pop-up button (`changesSelectionAsPrimaryAction`, iOS 15) keeps one of its actions
/// chosen and shows its title.
struct ButtonMenu {
    private(set) var menu: Menu?
    var showsAsPrimaryAction = false
    var changesSelection = false
    /// The long press that opens the menu when a tap does not.
    var press: LongPressRecognizer?
    weak var presentation: MenuPresentation?

    mutating func keep(_ menu: Menu?, in button: Button) {
        button.replaceOwned(self.menu, with: menu)
        self.menu = menu
    }
}

extension Button {
    func setMenu(_ menu: Menu?) {
        menuState.keep(menu, in: self)
        menuDidChange()
    }

    /// Keeps a pop-up button's choice and title, and a long press ready when a tap does not open
    /// the menu.
    func menuDidChange() {
        if menuState.changesSelection, let menu = menuState.menu {
            let actions = menu.selectableActions
            let chosen = actions.first { $0.state == .on } ?? actions.first
            if let chosen { choose(chosen, in: menu) }
        }
        let pressOpens = menuState.menu != nil && !opensMenuOnTap
        if pressOpens, menuState.press == nil {
            let press = LongPressRecognizer(dispatcher: touches)
            press.nativeActions.append { [weak self] in try self?.openMenu() }
            addGestureRecognizer(press)
            menuState.press = press
        } else if !pressOpens, let press = menuState.press {
            removeGestureRecognizer(press)
            menuState.press = nil
        }
    }

    /// Whether a tap opens the menu rather than sending the button's actions.
    var opensMenuOnTap: Bool {
        menuState.menu != nil && (menuState.showsAsPrimaryAction || menuState.changesSelection)
    }

    /// Shows the menu below the button.
    func openMenu() throws {
        guard let menu = menuState.menu, menuState.presentation == nil else { return }
        let presentation = MenuPresentation(
            menu: menu, from: self, dimmed: false, touches: touches, text: titleLabel.engine)
        presentation.didChoose = { [weak self] action in
            guard let self, self.menuState.changesSelection, let menu = self.menuState.menu else { return }
            self.choose(action, in: menu)
        }
        try presentation.present()
        menuState.presentation = presentation
    }

    /// A pop-up button's choice: the action on and the others off, its title the button's.
    private func choose(_ action: MenuAction, in menu: Menu) {
        menu.turnOn(action)
        if let configuration = configured.configuration {
            let retitled = configuration.copy()
            retitled.title = action.title
            setConfiguration(retitled)
        } else {
            setTitle(action.title, for: 0)
        }
    }

    /// `buttonWithType_primaryAction` and `buttonWithConfiguration_primaryAction`: the
    /// action's title and image are the button's, and a tap performs it.
    func takePrimaryAction(_ action: MenuAction) {
        addAction(action, for: .primaryActionTriggered)
        if let configuration = configured.configuration {
            let titled = configuration.copy()
            titled.title = titled.title ?? action.title
            titled.image = titled.image ?? action.image
            setConfiguration(titled)
        } else {
            setTitle(action.title, for: 0)
            if let image = action.image { setImage(image, for: 0) }
        }
    }
}
