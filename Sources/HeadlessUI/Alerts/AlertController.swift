import Foundation
import ObjectBridge

/// `UIAlertController`: an alert (a box in the middle of the screen) or an action sheet (a
/// column of buttons at the bottom), presented modally over the presenter, which stays. Its
/// view is real views: the title and message are labels and each action a control holding a
/// label, so specs find and tap them by their text. Choosing an action dismisses the
/// controller, then runs the action's handler, as UIKit orders them. An alert's text fields
/// take first responder as it appears, and the box sits above the keyboard.
public final class AlertController: ViewController {
    /// `UIAlertControllerStyle`.
    enum Style: Int, NamedUIKitEnum {
        static let typeName = "UIAlertControllerStyle"
        case actionSheet = 0
        case alert

        var name: String { self == .alert ? "Alert" : "ActionSheet" }
    }

    public var message: String? { didSet { loadedView?.setNeedsLayout() } }
    let preferredStyle: Style
    public private(set) var actions: [AlertAction] = []
    public private(set) var textFields: [TextField] = []
    public var preferredAction: AlertAction?
    /// The views the controller's view is made of, once it is loaded.
    private(set) var parts: AlertParts?

    init(environment: UIEnvironment, title: String?, message: String?, style: Style) {
        preferredStyle = style
        self.message = message
        super.init(environment: environment)
        self.title = title
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = style == .alert ? .crossDissolve : .coverVertical
    }

    func addAction(_ action: AlertAction) throws {
        guard action.style != .cancel || !actions.contains(where: { $0.style == .cancel }) else {
            throw ScriptValueError(
                "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
        adopt(action)
        actions.append(action)
        loadedView?.setNeedsLayout()
    }

    /// `addTextFieldWithConfigurationHandler`: alerts only, as in UIKit.
    func addTextField(configuration: ScriptBlock?) throws {
        guard preferredStyle == .alert else {
            throw ScriptValueError(
                "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        }
        let field = TextField(environment: environment)
        field.font = Font.system(13, text: environment.text)
        field.borderStyle = 0
        adopt(field)
        textFields.append(field)
        if let configuration, let bridge { try bridge.call(configuration, field) }
        loadedView?.setNeedsLayout()
    }

    /// The actions in the order UIKit shows them: in an alert with two, the cancel action on
    /// the left; otherwise the cancel action last (an action sheet's in its own group).
    var shownActions: [AlertAction] {
        let others = actions.filter { $0.style != .cancel }
        let cancel = actions.filter { $0.style == .cancel }
        if preferredStyle == .alert && actions.count == 2 { return cancel + others }
        return others + cancel
    }

    override func loadView() throws {
        let parts = try AlertParts(controller: self, environment: environment)
        self.parts = parts
        try setView(parts.root)
    }

    override func layoutContainedViews() throws { try parts?.layout() }

    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        if method == "viewDidAppear", let first = textFields.first { try first.becomeFirstResponder() }
    }

    /// An action's button was tapped: the controller goes, then the handler runs.
    func choose(_ action: AlertAction) throws {
        guard action.isEnabled else { return }
        try dismiss(animated: true) { [weak self] in
            guard let self, let bridge = self.bridge, let handler = action.handler else { return }
            try bridge.call(handler, action)
        }
    }
}
