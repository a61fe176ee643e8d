import Foundation
import ObjectBridge

/// The names of a list view's delegate methods for context menus: UIKit names them after the
/// view (`collectionView_…`, `tableView_…`) and its items (`Item`, `Row`).
struct ContextMenuMethods {
    let configuration: String
    let willDisplay: String
    let willEnd: String

    init(view: String, item: String) {
        configuration = "\(view)_contextMenuConfigurationFor\(item)AtIndexPath_point"
        willDisplay = "\(view)_willDisplayContextMenuWithConfiguration_animator"
        willEnd = "\(view)_willEndContextMenuInteractionWithConfiguration_animator"
    }

    var all: [String] { [configuration, willDisplay, willEnd] }
}

/// What a list view (a collection or table view) asks and tells its delegate about context
/// menus on its items.
protocol ItemContextMenuTarget: ItemTouchTarget {
    static var contextMenuMethods: ContextMenuMethods { get }
    /// The view of the item (its visible cell), which the menu opens beside.
    func itemView(at path: IndexPathValue) -> View?
    func askDelegate<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R?
}

extension ItemContextMenuTarget {
    /// The delegate's configuration for the item at `path`, pressed at `point` (in the list
    /// view's coordinates); nil when it gives none.
    func contextMenuConfiguration(for path: IndexPathValue, at point: CGPoint) throws -> ContextMenuConfiguration? {
        try askDelegate(Self.contextMenuMethods.configuration, path, point, returning: ContextMenuConfiguration?.self)
            ?? nil
    }

    func contextMenuWillDisplay(_ configuration: ContextMenuConfiguration) throws {
        _ = try askDelegate(
            Self.contextMenuMethods.willDisplay, configuration, AnyScriptValue(nil), returning: AnyScriptValue.self)
    }

    func contextMenuWillEnd(_ configuration: ContextMenuConfiguration) throws {
        _ = try askDelegate(
            Self.contextMenuMethods.willEnd, configuration, AnyScriptValue(nil), returning: AnyScriptValue.self)
    }
}

/// A list view's context menus, as UIKit (iOS 13 and later) has them: a long press on an item
/// opens the menu the delegate configures for it beside the item's cell, over the dimmed
/// screen, and the item is neither highlighted nor selected by it.
final class ItemContextMenus {
    private unowned let list: any ItemContextMenuTarget
    private let recognizer: LongPressRecognizer
    private let showing: ContextMenuShowing

    init(list: any ItemContextMenuTarget, touches: TouchDispatcher, text: TextEngine) {
        self.list = list
        recognizer = LongPressRecognizer(dispatcher: touches)
        showing = ContextMenuShowing(owner: list, touches: touches, text: text)
        recognizer.nativeActions.append { [weak self] in try self?.open() }
        list.addGestureRecognizer(recognizer)
    }

    private func open() throws {
        guard !showing.isShowing else { return }
        let point = try recognizer.location(in: list)
        guard let path = list.indexPath(at: point), let view = list.itemView(at: path),
            let configuration = try list.contextMenuConfiguration(for: path, at: point)
        else { return }
        try showing.show(
            configuration, from: view, willDisplay: { try list.contextMenuWillDisplay(configuration) },
            willEnd: { [weak self] in try self?.list.contextMenuWillEnd($0) })
    }
}
