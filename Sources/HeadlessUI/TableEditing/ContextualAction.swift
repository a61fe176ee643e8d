import Foundation
import ObjectBridge

/// `UIContextualAction`: a button a swipe reveals beside a row, with its title, its style's
/// colour (or one the script sets) and the handler a tap on it, or a full swipe, runs.
public final class ContextualAction: BridgeObject {
    /// `UIContextualActionStyle`.
    enum Style: Int, NamedUIKitEnum {
        static let typeName = "UIContextualActionStyle"
        case normal = 0
        case destructive

        var name: String { self == .normal ? "Normal" : "Destructive" }
    }

    let style: Style
    public var title: String?
    public var image: Image? { didSet { replaceOwned(oldValue, with: image) } }
    /// The style's colour until a script sets one: UIKit's red for a destructive action, its
    /// grey for a normal one.
    public var backgroundColor: Color { didSet { replaceOwned(oldValue, with: backgroundColor) } }
    /// `handler(action, sourceView, completionHandler)`: the native action's when there is no
    /// script block (the table's own Delete).
    let handler: Handler

    enum Handler {
        case script(ScriptBlock?)
        case native(() throws -> Void)
    }

    init(style: Style, title: String?, handler: Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? Color.systemRed : Color.systemGray
    }

    /// Runs the handler for a tap on `source`; `completed` runs when the script calls the
    /// completion handler it was given (at once for a native action).
    func perform(from source: View, completed: @escaping (Bool) throws -> Void) throws {
        switch handler {
        case .native(let body):
            try body()
            try completed(true)
        case .script(let block):
            guard let block, let bridge else { return try completed(false) }
            let completion = try bridge.block(named: "completionHandler") { (performed: Bool?) in
                try completed(performed ?? false)
            }
            try bridge.call(block, self, source, completion)
        }
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("UIContextualAction", superclass: "NSObject", type: ContextualAction.self, allocate: nil) { c in
                c.classMethod("contextualActionWithStyle_title_handler") {
                    (style: Int, title: String?, handler: ScriptBlock?) -> ContextualAction in
                    ContextualAction(style: try Style.checked(style), title: title, handler: .script(handler))
                }
                c.property("style") { (action: ContextualAction) in action.style.rawValue }
                c.property("title", get: { $0.title }, set: { $0.title = $1 })
                c.property("image", get: { $0.image }, set: { $0.image = $1 })
                c.property(
                    "backgroundColor", get: { $0.backgroundColor as Color? },
                    set: { action, color in
                        guard let color else {
                            throw ScriptValueError("a contextual action's backgroundColor cannot be nil")
                        }
                        action.backgroundColor = color
                    })
                c.enumeration(
                    cType: "UIContextualActionStyle", constants: "UIContextualActionStyle",
                    module: "UIKit.UIContextualAction", Style.members)
            }
        }
    }
}

/// `UISwipeActionsConfiguration`: the actions a swipe on one edge of a row reveals, the first
/// nearest that edge, and whether a full swipe performs it.
public final class SwipeActionsConfiguration: BridgeObject {
    let actions: [ContextualAction]
    public var performsFirstActionWithFullSwipe = true

    /// The actions live as long as the configuration, with their script fields.
    init(actions: [ContextualAction]) {
        self.actions = actions
        super.init()
        for action in actions { adopt(action) }
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UISwipeActionsConfiguration", superclass: "NSObject", type: SwipeActionsConfiguration.self,
                allocate: nil
            ) { c in
                c.classMethod("configurationWithActions") { (actions: [ContextualAction]) in
                    SwipeActionsConfiguration(actions: actions)
                }
                c.property("actions") { (configuration: SwipeActionsConfiguration) in configuration.actions }
                c.property(
                    "performsFirstActionWithFullSwipe", get: { $0.performsFirstActionWithFullSwipe },
                    set: { $0.performsFirstActionWithFullSwipe = $1 })
            }
        }
    }
}

extension ContextualAction.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}

extension SwipeActionsConfiguration.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
