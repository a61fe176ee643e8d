import Foundation
import ObjectBridge

/// `UIMenuElement`: what a menu holds, an action or a menu, with the title, subtitle and image
/// its row shows.
public class MenuElement: BridgeObject {
    public var title: String
    public var subtitle: String?
    public var image: Image? { didSet { replaceOwned(oldValue, with: image) } }

    init(title: String, image: Image?) {
        self.title = title
        self.image = image
        super.init()
        if let image { adopt(image) }
    }
}

/// `UIAction`: a menu row or a control's action that runs the script's handler with itself.
/// Its attributes (disabled, destructive, hidden, keeps the menu presented) and its state
/// (off, on, mixed) change how its row looks and what choosing it does.
public final class MenuAction: MenuElement {
    /// `UIMenuElementAttributes`.
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1)
        public static let destructive = Attributes(rawValue: 2)
        public static let hidden = Attributes(rawValue: 4)
        public static let keepsMenuPresented = Attributes(rawValue: 8)
    }

    /// `UIMenuElementState`.
    public enum State: Int, CaseIterable, Sendable {
        case mixed = -1
        case off, on
    }

    public var identifier: String
    public var attributes = Attributes()
    public var state = State.off
    public var discoverabilityTitle: String?
    /// `function(action)`.
    let handler: ScriptBlock?
    /// The control or menu the action was last performed from (`sender`).
    @WeakObjectReference public private(set) var sender: BridgeObject? = nil

    init(title: String, image: Image?, identifier: String?, handler: ScriptBlock?) {
        self.identifier = identifier ?? UUID().uuidString
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with the action, `sender` set for it to read. A failing handler is
    /// reported, as UIKit's menu would crash there rather than return an error to anyone.
    func perform(from sender: BridgeObject?) {
        self.sender = sender
        guard let handler, let bridge else { return }
        do { try bridge.call(handler, self as MenuElement) } catch {
            bridge.report(error, during: "the handler of the UIAction '\(title)'")
        }
    }
}

/// `UIMenu`: a titled list of elements. Its options show it inline (its children among its
/// parent's, between separators), in red (destructive), or as a single choice (choosing an
/// action turns it on and the others off).
public final class Menu: MenuElement {
    /// `UIMenuOptions`.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1)
        public static let destructive = Options(rawValue: 2)
        public static let singleSelection = Options(rawValue: 32)
        public static let displayAsPalette = Options(rawValue: 128)
    }

    public let identifier: String
    public let options: Options
    public let children: [MenuElement]

    init(title: String, image: Image?, identifier: String?, options: Options, children: [MenuElement]) {
        self.identifier = identifier ?? UUID().uuidString
        (self.options, self.children) = (options, children)
        super.init(title: title, image: image)
        for child in children { adopt(child) }
    }

    /// `menuByReplacingChildren`.
    func replacingChildren(_ children: [MenuElement]) -> Menu {
        Menu(title: title, image: image, identifier: identifier, options: options, children: children)
    }

    /// The actions a single-selection menu chooses among: its own, and those of the menus it
    /// shows inline.
    var selectableActions: [MenuAction] {
        children.flatMap { child -> [MenuAction] in
            if let action = child as? MenuAction { return [action] }
            if let menu = child as? Menu, menu.options.contains(.displayInline) { return menu.selectableActions }
            return []
        }
    }

    /// Chooses `action` in a single-selection menu holding it: on, the others off.
    func select(_ action: MenuAction) {
        if options.contains(.singleSelection) { turnOn(action) }
        for case let menu as Menu in children { menu.select(action) }
    }

    /// Turns `action`, one of this menu's own, on and the others off (a pop-up button's
    /// menu chooses so whatever its options).
    func turnOn(_ action: MenuAction) {
        let actions = selectableActions
        guard actions.contains(where: { $0 === action }) else { return }
        for other in actions { other.state = other === action ? .on : .off }
    }
}
