import Foundation
import ObjectBridge

/// `UIContextMenuConfiguration`: what a context menu shows, made when it is about to open.
/// The action provider is `function(suggestedActions)` returning the `UIMenu`. The preview
/// provider is kept for scripts to read; the menu is drawn without a preview.
public final class ContextMenuConfiguration: BridgeObject {
    let identifier: AnyScriptValue
    let previewProvider: ScriptBlock?
    let actionProvider: ScriptBlock?

    init(identifier: AnyScriptValue, previewProvider: ScriptBlock?, actionProvider: ScriptBlock?) {
        (self.identifier, self.previewProvider, self.actionProvider) = (identifier, previewProvider, actionProvider)
    }
}

/// `UIContextMenuInteraction`: on the view it is added to, a long press asks the delegate for
/// a configuration at the touch (`contextMenuInteraction_configurationForMenuAtLocation`), asks
/// the configuration's provider for the menu, and shows it beside the view over a dimmed
/// screen. The delegate hears the menu appear and end.
public final class ContextMenuInteraction: BridgeObject {
    static let delegateProtocol = ProtocolDescription(
        "UIContextMenuInteractionDelegate", required: ["contextMenuInteraction_configurationForMenuAtLocation"],
        optional: [
            "contextMenuInteraction_willDisplayMenuForConfiguration_animator",
            "contextMenuInteraction_willEndForConfiguration_animator",
        ])

    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The view it was added to.
    public private(set) weak var view: View?
    private let recognizer: LongPressRecognizer
    private lazy var showing = ContextMenuShowing(owner: self, touches: environment.touches, text: environment.text)
    private unowned let environment: UIEnvironment

    init(environment: UIEnvironment) {
        self.environment = environment
        recognizer = LongPressRecognizer(dispatcher: environment.touches)
        super.init()
        recognizer.nativeActions.append { [weak self] in try self?.open() }
    }

    /// `addInteraction`: the view takes the long press.
    func attach(to view: View) {
        self.view = view
        view.addGestureRecognizer(recognizer)
    }

    func detach() {
        view?.removeGestureRecognizer(recognizer)
        view = nil
    }

    private func open() throws {
        guard let view, !showing.isShowing, let delegate else { return }
        let location = try recognizer.location(in: view)
        guard
            let configuration = try delegate.ask(
                "contextMenuInteraction_configurationForMenuAtLocation", of: Self.delegateProtocol.name, self,
                location, returning: ContextMenuConfiguration?.self) ?? nil
        else { return }
        try showing.show(
            configuration, from: view,
            willDisplay: {
                _ = try delegate.ask(
                    "contextMenuInteraction_willDisplayMenuForConfiguration_animator", of: Self.delegateProtocol.name,
                    self, configuration, AnyScriptValue(nil), returning: AnyScriptValue.self)
            },
            willEnd: { [weak self] configuration in
                guard let self else { return }
                _ = try self.delegate?.ask(
                    "contextMenuInteraction_willEndForConfiguration_animator", of: Self.delegateProtocol.name, self,
                    configuration, AnyScriptValue(nil), returning: AnyScriptValue.self)
            })
    }

    /// `dismissMenu`.
    func dismissMenu() { showing.dismiss() }
}

extension ContextMenuConfiguration {
    /// The provider's menu; nil when there is no provider or it gives none.
    func menu(_ bridge: ObjectBridge?) throws -> Menu? {
        guard let actionProvider, let bridge else { return nil }
        return try bridge.call(
            actionProvider, named: "the context menu's action provider", [MenuElement](), returning: Menu?.self)
    }
}

extension View {
    /// `addInteraction`: the view owns the interaction, which takes it from another view.
    func addInteraction(_ interaction: ContextMenuInteraction) {
        guard interaction.view !== self else { return }
        interaction.view?.removeInteraction(interaction)
        adopt(interaction)
        interactions.append(interaction)
        interaction.attach(to: self)
    }

    func removeInteraction(_ interaction: ContextMenuInteraction) {
        guard let index = interactions.firstIndex(where: { $0 === interaction }) else { return }
        interactions.remove(at: index)
        interaction.detach()
        abandon(interaction)
    }
}
