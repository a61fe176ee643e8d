import Foundation
import ObjectBridge

/// A context menu on the screen for whoever opened it (an interaction on a view, or a list view
/// for its items): the configuration's menu beside a view over the dimmed screen. The
/// configuration is owned by the opener until the menu ends: the script that made it may hold
/// it nowhere.
final class ContextMenuShowing {
    private unowned let owner: BridgeObject
    private unowned let touches: TouchDispatcher
    private unowned let text: TextEngine
    private(set) var presentation: MenuPresentation?
    private var configuration: ContextMenuConfiguration? {
        didSet { owner.replaceOwned(oldValue, with: configuration) }
    }

    init(owner: BridgeObject, touches: TouchDispatcher, text: TextEngine) {
        (self.owner, self.touches, self.text) = (owner, touches, text)
    }

    var isShowing: Bool { presentation != nil }

    /// Shows the menu the configuration's provider gives, beside `view`: `willDisplay` runs
    /// first, `willEnd` once it closes. Nothing shows when the provider gives no menu.
    func show(
        _ configuration: ContextMenuConfiguration, from view: View, willDisplay: () throws -> Void,
        willEnd: @escaping (ContextMenuConfiguration) throws -> Void
    ) throws {
        guard presentation == nil, let menu = try configuration.menu(owner.bridge) else { return }
        try willDisplay()
        let shown = MenuPresentation(
            menu: menu, from: view, dimmed: true, touches: touches, text: text)
        self.configuration = configuration
        shown.didClose = { [weak self] in
            guard let self, let configuration = self.configuration else { return }
            (self.presentation, self.configuration) = (nil, nil)
            do {
                try willEnd(configuration)
            } catch {
                self.owner.bridge?.report(error, during: "the end of a context menu")
            }
        }
        try shown.present()
        presentation = shown
    }

    func dismiss() { presentation?.close() }
}
