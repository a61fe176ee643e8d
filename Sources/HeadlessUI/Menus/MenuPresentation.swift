import Foundation
import ObjectBridge

/// A menu on screen, over the whole window: a rounded platter of rows beside the view it came
/// from (below it, or above when there is no room), over a clear backdrop, or for a context
/// menu a dimmed one that leaves the view itself clear, as UIKit lifts it. Rows are real controls holding labels, so specs find and tap them by their
/// text. Choosing an action closes the menu, then runs the action's handler; a submenu's row
/// shows its children in the platter; a tap outside the platter closes the menu.
final class MenuPresentation: View {
    private(set) var menu: Menu
    /// The view whose menu this is; it performs the actions.
    private weak var source: View?
    let platter = VisualEffectView(effect: BlurEffect(style: 5))
    private var rows: [View] = []
    private let dimmed: Bool
    /// Runs after an action is chosen, before its handler (a pop-up button retitles itself).
    var didChoose: ((MenuAction) -> Void)?
    /// Runs once the menu closes, chosen or not.
    var didClose: (() -> Void)?
    private unowned let touches: TouchDispatcher
    private unowned let text: TextEngine

    static let width = 250.0
    static let rowHeight = 44.0
    static let sectionGap = 8.0
    static let cornerRadius = 13.0
    static let margin = 8.0
    static let sourceGap = 8.0

    init(menu: Menu, from source: View, dimmed: Bool, touches: TouchDispatcher, text: TextEngine) {
        (self.menu, self.source, self.touches, self.text, self.dimmed) = (menu, source, touches, text, dimmed)
        super.init()
        adopt(menu)
        platter.layer.cornerRadius = Self.cornerRadius
        platter.clipsToBounds = true
        try? addSubview(platter)  // a new view is nobody's ancestor: cannot fail
        let tap = TapRecognizer(dispatcher: touches)
        tap.nativeActions.append { [weak self, weak tap] in
            guard let self, let point = try tap?.location(in: self), !self.platter.frame.contains(point) else {
                return
            }
            self.close()
        }
        addGestureRecognizer(tap)
        showRows()
    }

    /// Puts the menu on `source`'s window.
    func present() throws {
        guard let window = source?.window else {
            throw ScriptValueError("a menu can only be shown from a view in a window")
        }
        frame = CGRect(origin: .zero, size: window.bounds.size)
        try window.addSubview(self)
        setNeedsLayout()
    }

    func close() {
        removeFromSuperview()
        didClose?()
    }

    /// The element a row stands for was chosen.
    func choose(_ element: MenuElement) {
        if let submenu = element as? Menu {
            open(submenu)
            return
        }
        guard let action = element as? MenuAction, !action.attributes.contains(.disabled) else { return }
        menu.select(action)
        if action.attributes.contains(.keepsMenuPresented) {
            showRows()
        } else {
            close()
        }
        didChoose?(action)
        action.perform(from: source)
    }

    private func open(_ submenu: Menu) {
        replaceOwned(menu, with: submenu)
        menu = submenu
        showRows()
    }

    // MARK: Rows

    private func showRows() {
        for row in rows { row.removeFromSuperview() }
        rows = MenuSections(menu).rows(touches: touches, text: text, presentation: self)
        for row in rows { try? platter.addSubview(row) }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        var y = 0.0
        for row in rows {
            row.frame = CGRect(x: 0, y: y, width: Self.width, height: row.frame.size.height)
            y += row.frame.size.height
        }
        platter.frame = placement(height: y)
    }

    /// The dimmed screen around the source view, whose rounded corners stay clear.
    override var backdrop: Drawing? {
        guard dimmed else { return nil }
        var path = DrawingPath()
        path.addRect(CGRect(origin: .zero, size: bounds.size))
        if let source, let rect = try? source.convert(source.bounds, to: self) {
            path.addRoundedRect(rect, radius: source.layer.cornerRadius, corners: 15)
        }
        return Drawing(size: bounds.size) { $0.fill(path, Self.dimColor, evenOdd: true) }
    }

    static var dimColor: Color { Color(light: Color(white: 0, alpha: 0.2), dark: Color(white: 0, alpha: 0.4)) }

    /// Below the source view, its leading edges lined up, kept within the window's margins;
    /// above it when there is no room below.
    private func placement(height: Double) -> CGRect {
        let anchor = source.flatMap { view in try? view.convert(view.bounds, to: view.window) } ?? .zero
        let room = bounds.insetBy(dx: Self.margin, dy: Self.margin)
        let x = min(max(anchor.minX, room.minX), room.maxX - Self.width)
        var y = anchor.maxY + Self.sourceGap
        if y + height > room.maxY { y = max(room.minY, anchor.minY - Self.sourceGap - height) }
        return CGRect(x: x, y: y, width: Self.width, height: min(height, room.height))
    }
}
