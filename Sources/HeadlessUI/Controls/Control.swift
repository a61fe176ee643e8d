import Foundation
import ObjectBridge

/// `UIControl`: a view that turns touches into events (`UIControlEvents`) and sends each to the
/// targets registered for it, as UIKit does. Its own touch handling (`ControlTouchRecognizer`)
/// tracks the finger: down, dragging in and out, up inside or outside, cancelled. Subclasses
/// take part through `beginTracking`, `continueTracking` and `endTracking`.
open class Control: View {
    public var isEnabled = true { didSet { stateDidChange() } }
    public var isSelected = false { didSet { stateDidChange() } }
    public var isHighlighted = false { didSet { stateDidChange() } }
    /// Where a control's content sits vertically: centre 0, top 1, bottom 2, fill 3.
    public var contentVerticalAlignment = 0 { didSet { setNeedsLayout() } }
    /// Where it sits across: centre 0, left 1, right 2, fill 3, leading 4, trailing 5.
    public var contentHorizontalAlignment = 0 { didSet { setNeedsLayout() } }
    /// Targets, actions and the events they are for, in the order they were added.
    private var targets: [(target: WeakObjectReference<BridgeObject>?, action: String, events: ControlEvents)] = []
    /// The `UIAction`s added for events (`addAction_forControlEvents`), performed after the
    /// targets' actions.
    private var menuActions: [(action: MenuAction, events: ControlEvents)] = []
    /// What native code does on events (a navigation bar's buttons), after the targets' actions.
    var nativeHandlers: [(events: ControlEvents, handler: () throws -> Void)] = []
    /// The sender of the actions when not the control itself (a Texture control node's).
    @WeakObjectReference var actionSender: BridgeObject? = nil

    init(touches: TouchDispatcher) {
        super.init()
        addGestureRecognizer(ControlTouchRecognizer(control: self, dispatcher: touches))
    }

    /// `UIControlState`: highlighted 1, disabled 2, selected 4.
    public var state: Int {
        (isHighlighted ? 1 : 0) | (isEnabled ? 0 : 2) | (isSelected ? 4 : 0)
    }

    /// A disabled control takes no touches, and they go to what is under it.
    override var takesTouches: Bool { isEnabled }

    /// What a subclass shows differently in another state (a button's title).
    func stateDidChange() {}

    // MARK: Targets and actions

    func addTarget(_ target: BridgeObject?, action: String, for events: ControlEvents) {
        guard
            !targets.contains(where: {
                $0.target?.wrappedValue === target && $0.action == action && $0.events == events
            })
        else { return }
        targets.append((target.map { WeakObjectReference(wrappedValue: $0) }, action, events))
    }

    /// Removes the pairs that match (a nil target or action matches any) from `events`.
    func removeTarget(_ target: BridgeObject?, action: String?, for events: ControlEvents) {
        targets = targets.compactMap { entry in
            guard target == nil || entry.target?.wrappedValue === target, action == nil || entry.action == action else {
                return entry
            }
            let left = entry.events.subtracting(events)
            return left.isEmpty ? nil : (entry.target, entry.action, left)
        }
    }

    /// `addAction_forControlEvents`: an action added again for other events gains them.
    func addAction(_ action: MenuAction, for events: ControlEvents) {
        if let index = menuActions.firstIndex(where: { $0.action === action }) {
            menuActions[index].events.formUnion(events)
            return
        }
        adopt(action)
        menuActions.append((action, events))
    }

    /// `removeAction_forControlEvents` (or, with no action, `removeActionForIdentifier…`).
    func removeAction(_ action: MenuAction?, identifier: String? = nil, for events: ControlEvents) {
        menuActions = menuActions.compactMap { entry in
            guard entry.action === action || entry.action.identifier == identifier else { return entry }
            let left = entry.events.subtracting(events)
            if left.isEmpty { abandon(entry.action) }
            return left.isEmpty ? nil : (entry.action, left)
        }
    }

    var allTargets: [BridgeObject] { targets.compactMap { $0.target?.wrappedValue } }
    var allControlEvents: ControlEvents { targets.reduce([]) { $0.union($1.events) } }

    func actions(for target: BridgeObject?, event: ControlEvents) -> [String] {
        targets.filter { $0.target?.wrappedValue === target && !$0.events.isDisjoint(with: event) }.map(\.action)
    }

    /// The event after which UIKit also sends PrimaryActionTriggered: a button's TouchUpInside,
    /// a switch's or slider's ValueChanged.
    var primaryActionEvent: ControlEvents { .touchUpInside }

    /// Sends the actions registered for `events`: to their targets, or for a nil target to the
    /// first object up the responder chain whose class declares the action. The primary
    /// action's event is followed by PrimaryActionTriggered.
    func sendActions(for events: ControlEvents) throws {
        try send(events)
        if events.contains(primaryActionEvent) { try send(.primaryActionTriggered) }
    }

    private func send(_ events: ControlEvents) throws {
        guard !targets.isEmpty || !nativeHandlers.isEmpty || !menuActions.isEmpty, let bridge else { return }
        for entry in targets where !entry.events.isDisjoint(with: events) {
            if let holder = entry.target {
                guard let target = holder.wrappedValue else { continue }
                try bridge.performAction(entry.action, on: target, sender: actionSender ?? self)
            } else if let responder = try responder(for: entry.action, bridge) {
                try bridge.performAction(entry.action, on: responder, sender: actionSender ?? self)
            }
        }
        for entry in menuActions where !entry.events.isDisjoint(with: events) {
            entry.action.perform(from: actionSender ?? self)
        }
        for entry in nativeHandlers where !entry.events.isDisjoint(with: events) { try entry.handler() }
    }

    /// The first responder from this control up (views, and the controllers whose views they
    /// are) that has an action method `action`.
    private func responder(for action: String, _ bridge: ObjectBridge) throws -> BridgeObject? {
        var view: View? = self
        while let current = view {
            for candidate in [current as BridgeObject, current.viewController].compactMap({ $0 }) {
                if try bridge.classObject(for: candidate).lineage.contains(where: { $0.actionMethods.contains(action) })
                {
                    return candidate
                }
            }
            view = current.superview
        }
        return nil
    }

    // MARK: Tracking

    /// How far outside its bounds a finger still counts as inside, as UIKit's controls allow
    /// (about 70 points; UIKit does not publish the figure).
    static let insideMargin = 70.0

    func isMostlyInside(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -Self.insideMargin, dy: -Self.insideMargin).contains(point)
    }

    /// A finger came down at `point`: whether the control follows it.
    func beginTracking(at point: CGPoint) throws -> Bool { true }
    func continueTracking(at point: CGPoint) throws {}
    /// The finger lifted at `point` (`inside` as UIKit judges it), before UpInside or UpOutside.
    func endTracking(at point: CGPoint, inside: Bool) throws {}
}
