import Foundation
import ObjectBridge

/// A window's Auto Layout engine. Each layout pass, in UIKit's order:
/// 1. the update-constraints pass, bottom up (`updateConstraints`, `updateViewConstraints`);
/// 2. the solver takes what changed since the last pass: constraints activated or
///    deactivated, constants, intrinsic sizes, and the frames of the views it does not place;
/// 3. the views it places get their frames from the solution, top down, before the layout
///    pass's `layoutSubviews` calls.
///
/// Views that translate their autoresizing mask into constraints (every view made in code,
/// until told otherwise) keep the frames they are given: the engine pins their rectangles to
/// their frames, and the autoresizing mask moves them as their superviews change. Views that
/// do not are placed by their constraints, with their intrinsic content size held by their
/// hugging and compression resistance priorities. UIKit rounds the engine's values to the
/// screen's pixels when it turns them into frames: each edge goes to the nearest pixel, so
/// views that share an edge in the solution share it on the screen.
final class LayoutEngine {
    private let solver = SimplexSolver()
    /// The window, the top of a tree in no window, or the view a fitting size is asked of
    /// (`systemLayoutSizeFittingSize`).
    private unowned let root: View
    /// Pixels per point, which frames are rounded to: the window's screen's, else the main
    /// screen's (for a tree in no window), else 1.
    private let scale: Double
    /// For a fitting size: the size aimed at, and how hard each axis aims (a priority).
    private var fitting: FittingTarget?
    /// The target the solver holds the fitting view to, with the constraints that hold it.
    private var aimedAt: FittingTarget?
    private var fittingConstraints: [SolverConstraint] = []

    private struct FittingTarget: Equatable {
        let size: CGSize
        let horizontal: Double
        let vertical: Double
    }
    private var generation = -1
    private var variables: [ObjectIdentifier: LayoutVariables] = [:]
    /// The constraints the solver holds, with the constant and priority it holds them at.
    private var held: [ObjectIdentifier: Held] = [:]
    /// The views placed by the engine, and those it pins to their frames, with their pins.
    private var placed: [View] = []
    private var placedGuides: [LayoutGuide] = []
    private var pins: [ObjectIdentifier: Pins] = [:]
    private var intrinsic: [ObjectIdentifier: Intrinsic] = [:]
    /// How far `exerciseAmbiguity` moves an open value, and which way it went last.
    private var exerciseStep = -20.0

    private struct Held {
        /// Weak: a view keeps its fitting engine, and a constraint keeps its items.
        @WeakObjectReference var constraint: LayoutConstraint? = nil
        let solver: SolverConstraint?
        var constant: Double
        let priority: Double
        /// The items whose variables the constraint uses: its own, and the views between them
        /// and their common ancestor.
        let touched: [WeakItem]
        /// The margins a margin attribute's expression was made with: new margins make it again.
        let margins: [UIEdgeInsets]
    }

    /// The margins of the items whose margin attributes `constraint` relates (none for most).
    private static func margins(usedBy constraint: LayoutConstraint) -> [UIEdgeInsets] {
        var found: [UIEdgeInsets] = []
        if constraint.firstAttribute.isMargin, let first = constraint.firstItem {
            found.append(first.layoutMarginInsets)
        }
        if constraint.secondAttribute.isMargin, let second = constraint.secondItem {
            found.append(second.layoutMarginInsets)
        }
        return found
    }

    private struct WeakItem {
        weak var item: LayoutItem?
    }

    /// Required equalities that hold an item's rectangle to values given from outside.
    private final class Pins {
        weak var item: LayoutItem?
        let constraints: [SolverConstraint]
        var values: [Double]
        init(item: LayoutItem, constraints: [SolverConstraint], values: [Double]) {
            self.item = item
            self.constraints = constraints
            self.values = values
        }
    }

    /// The constraints that hold a view near its intrinsic size, the size they hold, and what
    /// it was measured from.
    private final class Intrinsic {
        @WeakObjectReference var view: View? = nil
        var size: CGSize
        let priorities: [Double]
        let constraints: [SolverConstraint]
        /// Whether the view's `intrinsicContentVersion` says when to measure it again (a native
        /// view that tracks its size, with no script override of it).
        let tracked: Bool
        var version: Int
        var width: Double?
        init(view: View, size: CGSize, priorities: [Double], constraints: [SolverConstraint], width: Double?) {
            self.view = view
            self.size = size
            self.priorities = priorities
            self.constraints = constraints
            tracked = view.tracksIntrinsicContentSize && !view.hasOverride("intrinsicContentSize")
            version = view.intrinsicContentVersion
            self.width = width
        }

        /// Whether the size held is still the view's, without measuring it; `solvedWidth` is
        /// asked only of a view whose size depends on its width.
        func isCurrent(solvedWidth: (View) -> Double?) -> Bool {
            guard tracked, let view, view.intrinsicContentVersion == version else { return false }
            return !view.intrinsicContentSizeDependsOnWidth || solvedWidth(view) == width
        }
    }

    /// The engine of `root`'s tree: a window's, or that of a tree in no window (rounded to
    /// `screenScale`).
    init(root: View, screenScale: Double) {
        self.root = root
        scale = max(root.window?.screenScale ?? screenScale, 1)
        fitting = nil
    }

    /// An engine of its own for the tree under `view`, to find the size its constraints give it
    /// when it aims at `size` with the priorities given for each axis.
    init(fitting view: View, size: CGSize, horizontal: Double, vertical: Double) {
        root = view
        scale = max(view.window?.screenScale ?? 1, 1)
        fitting = FittingTarget(size: size, horizontal: horizontal, vertical: vertical)
    }

    /// Solves the constraints of the tree `view` is in while that tree is in no window, with
    /// the engine its topmost view keeps; nothing when the tree has no constraint.
    static func layOutDetachedTree(of view: View, screenScale: Double) throws {
        var top = view
        while let parent = top.superview { top = parent }
        guard !(top is Window), top.autoLayout?.treeEngine != nil || treeHasConstraints(top) else { return }
        let engine = top.autoLayout?.treeEngine ?? LayoutEngine(root: top, screenScale: screenScale)
        top.autoLayoutState.treeEngine = engine
        try engine.update()
    }

    private static func treeHasConstraints(_ root: View) -> Bool {
        var pending = [root]
        while let view = pending.popLast() {
            if !view.installedConstraints.isEmpty { return true }
            pending.append(contentsOf: view.subviews)
        }
        return false
    }

    /// The size `view`'s constraints give it (`systemLayoutSizeFittingSize`): its subtree's
    /// constraints after their update pass, its own frame left as it is.
    static func fittingSize(of view: View, aimingAt size: CGSize, horizontal: Double, vertical: Double) throws -> CGSize
    {
        let engine: LayoutEngine
        if let kept = view.autoLayout?.fittingEngine {
            engine = kept
            engine.fitting = FittingTarget(size: size, horizontal: horizontal, vertical: vertical)
        } else {
            engine = LayoutEngine(fitting: view, size: size, horizontal: horizontal, vertical: vertical)
            view.autoLayoutState.fittingEngine = engine
        }
        try engine.updateConstraintsPass()
        try engine.synchronize()
        for _ in 0..<Self.intrinsicRounds {
            guard try engine.refreshOutsideValues() else { break }
            engine.solver.updateVariables()
        }
        let scale = engine.scale
        let variables = engine.variables(for: view)
        return CGSize(
            width: (variables.width.value * scale).rounded(.up) / scale,
            height: (variables.height.value * scale).rounded(.up) / scale)
    }

    /// The engine's part of a layout pass (see the type's comment). When only constants
    /// changed, they are shifted in the solver and the tree is not walked.
    func update() throws {
        // A tree in no window tracks no changes: its engine takes the whole tree each time.
        guard let window = root as? Window else {
            try updateConstraintsPass()
            try synchronize()
            for _ in 0..<Self.intrinsicRounds {
                guard try refreshOutsideValues() else { break }
                solver.updateVariables()
                applyFrames()
            }
            return
        }
        let changed = window.takeChangedConstants()
        let application = window.application
        if generation == application.autoLayoutGeneration, !changed.isEmpty, shiftConstants(of: changed) {
            solver.updateVariables()
            applyFrames()
        } else if generation != application.autoLayoutGeneration || !changed.isEmpty {
            try updateConstraintsPass()
            generation = application.autoLayoutGeneration
            try synchronize()
        }
        for _ in 0..<Self.intrinsicRounds {
            guard try refreshOutsideValues() else { break }
            solver.updateVariables()
            applyFrames()
        }
    }

    /// Whether the engine has taken the constraints of the application's `generation`.
    func isCurrent(generation current: Int) -> Bool { generation == current }

    /// How many times a pass takes new intrinsic sizes (a label wrapped at its solved width)
    /// and solves again: enough for wrapping to settle, bounded against sizes that never do.
    private static let intrinsicRounds = 4

    // MARK: The update-constraints pass

    /// `updateConstraints` for each view that asked for it, children before parents; a view
    /// controller's view goes through the controller's `updateViewConstraints`.
    private func updateConstraintsPass() throws {
        var order: [View] = []
        var pending: [View] = [root]
        while let view = pending.popLast() {
            order.append(view)
            pending.append(contentsOf: view.subviews)
        }
        for view in order.reversed() {
            let asked = view.autoLayout?.needsUpdateConstraints ?? view.hasOverride("updateConstraints")
            guard asked else { continue }
            view.autoLayoutState.needsUpdateConstraints = false
            if let stack = view as? StackView { try stack.updateArrangement() }
            if let controller = view.viewController, controller.hasOverride("updateViewConstraints") {
                _ = try controller.runOverride("updateViewConstraints")
            } else {
                _ = try view.runOverride("updateConstraints")
            }
        }
    }

    // MARK: Keeping the solver in step

    /// Takes the active constraints of the window's tree into the solver.
    private func synchronize() throws {
        var ordered: [LayoutConstraint] = []
        var pending: [View] = [root]
        while let view = pending.popLast() {
            ordered += view.installedConstraints
            pending.append(contentsOf: view.subviews.reversed())
        }
        let active = Dictionary(ordered.map { (ObjectIdentifier($0), $0) }) { first, _ in first }
        // A constraint made where a freed one was has its key: it is not the one held.
        for (key, entry) in held
        where active[key] == nil || entry.constraint !== active[key] || entry.priority != active[key]?.priority
            || (!entry.margins.isEmpty && entry.margins != active[key].map(Self.margins(usedBy:)))
        {
            if let solverConstraint = entry.solver { solver.remove(solverConstraint) }
            held[key] = nil
        }
        var involved: [ObjectIdentifier: LayoutItem] = [:]
        var broken: [LayoutConstraint] = []
        for constraint in ordered {
            let key = ObjectIdentifier(constraint)
            if let entry = held[key], entry.solver == nil, entry.constant != constraint.constant {
                held[key] = nil  // a broken constraint given a new constant is tried again
            }
            if let entry = held[key] {
                if !moveConstant(of: constraint) { broken.append(constraint) }
                for weak in entry.touched { if let item = weak.item { involved[ObjectIdentifier(item)] = item } }
                continue
            }
            guard let (made, touched) = solverConstraint(for: constraint) else { continue }
            for item in touched { involved[ObjectIdentifier(item)] = item }
            let weakTouched = touched.map { WeakItem(item: $0) }
            do {
                try solver.add(made)
                constraint.isBroken = false
                held[key] = Held(
                    constraint: constraint, solver: made, constant: constraint.constant, priority: constraint.priority,
                    touched: weakTouched, margins: Self.margins(usedBy: constraint))
            } catch {
                constraint.isBroken = true
                held[key] = Held(
                    constraint: constraint, solver: nil, constant: constraint.constant, priority: constraint.priority,
                    touched: weakTouched, margins: Self.margins(usedBy: constraint))
                broken.append(constraint)
            }
        }
        if let fitting {
            involved[ObjectIdentifier(root)] = root
            try aim(at: fitting)
        }
        try pinAndSize(involved)
        report(broken: broken, among: ordered)
        solver.updateVariables()
        applyFrames()
    }

    /// Takes a held constraint's new constant into the solver; false when the others make the
    /// new constant impossible (the old one stays).
    private func moveConstant(of constraint: LayoutConstraint) -> Bool {
        let key = ObjectIdentifier(constraint)
        guard var entry = held[key], entry.constraint === constraint, entry.constant != constraint.constant,
            let solverConstraint = entry.solver
        else {
            return true
        }
        do {
            // The expression is first - m·second - c: a larger constant lowers it.
            try solver.shiftConstant(of: solverConstraint, by: -(constraint.constant - entry.constant))
        } catch {
            return false
        }
        entry.constant = constraint.constant
        held[key] = entry
        return true
    }

    /// The constants of `changed` shifted without walking the tree; false when a constraint
    /// the solver does not hold as it is (a broken one, to be tried again) needs the whole
    /// synchronisation.
    private func shiftConstants(of changed: [LayoutConstraint]) -> Bool {
        guard changed.allSatisfy({ held[ObjectIdentifier($0)].map { $0.solver != nil } ?? true }) else { return false }
        let broken = changed.filter { !moveConstant(of: $0) }
        if !broken.isEmpty {
            report(
                broken: broken, among: held.values.compactMap(\.constraint).sorted { $0.description < $1.description })
        }
        return true
    }

    private func variables(for item: BridgeObject) -> LayoutVariables {
        let key = ObjectIdentifier(item)
        if let known = variables[key] { return known }
        let made = LayoutVariables((item as? LayoutItem)?.layoutName ?? "item")
        variables[key] = made
        return made
    }

    /// The solver's form of `constraint`: first - (multiplier · second + constant), in the
    /// items' nearest common ancestor's coordinates; nil when its items are gone or no longer
    /// share an ancestor.
    private func solverConstraint(for constraint: LayoutConstraint) -> (SolverConstraint, [LayoutItem])? {
        guard let first = constraint.firstItem,
            let ancestor = LayoutExpressions.commonAncestor(first, constraint.secondItem),
            ancestor.isDescendant(of: root)
        else { return nil }
        var touched: [LayoutItem] = [first]
        let lookup: (BridgeObject) -> LayoutVariables = { item in
            if let layoutItem = item as? LayoutItem { touched.append(layoutItem) }
            return self.variables(for: item)
        }
        var expression = LayoutExpressions.expression(first, constraint.firstAttribute, in: ancestor, variables: lookup)
        if let second = constraint.secondItem {
            touched.append(second)
            expression =
                expression
                - LayoutExpressions.expression(second, constraint.secondAttribute, in: ancestor, variables: lookup)
                * constraint.multiplier
        }
        expression = expression + -constraint.constant
        return (
            SolverConstraint(expression, constraint.relation.solverRelation, strength: weight(constraint.priority)),
            touched
        )
    }

    /// Pins the involved views that keep their frames, holds the others near their intrinsic
    /// sizes, and keeps the system guides on their views' margins and safe areas.
    private func pinAndSize(_ involved: [ObjectIdentifier: LayoutItem]) throws {
        // A margins guide follows its view's solved size: the view takes part with it.
        var involved = involved
        for case let guide as LayoutGuide in involved.values where guide.kind == .margins {
            if let owner = guide.owningView { involved[ObjectIdentifier(owner)] = owner }
        }
        for (key, entry) in pins where involved[key] == nil || entry.item == nil || !isPinned(entry.item) {
            for constraint in entry.constraints { solver.remove(constraint) }
            pins[key] = nil
        }
        for (key, entry) in intrinsic where involved[key] == nil || entry.view == nil || isPinned(entry.view) {
            for constraint in entry.constraints { solver.remove(constraint) }
            intrinsic[key] = nil
        }
        placed = []
        placedGuides = []
        // A fitting engine sets no frames, and must not hold its views: the view keeps it.
        let placing = fitting == nil
        for (key, item) in involved {
            if isPinned(item) {
                if pins[key] == nil { try pin(item, key) }
                if placing, let guide = item as? LayoutGuide, guide.kind == .margins { placedGuides.append(guide) }
            } else if let view = item as? View {
                if placing { placed.append(view) }
                if intrinsic[key] == nil { try holdIntrinsicSize(of: view, key) }
            } else if let guide = item as? LayoutGuide {
                if placing { placedGuides.append(guide) }
            }
        }
        placed.sort { depth(of: $0) < depth(of: $1) }
    }

    /// Whether an item's rectangle comes from outside the engine: a view that translates its
    /// autoresizing mask, the window, and the system guides.
    private func isPinned(_ item: LayoutItem?) -> Bool {
        if let view = item as? View {
            if view === root { return fitting == nil }
            return view.translatesAutoresizingMaskIntoConstraints
        }
        if let guide = item as? LayoutGuide { return guide.kind != .custom }
        return false
    }

    private func outsideRect(of item: LayoutItem) -> CGRect {
        if let view = item as? View {
            return CGRect(
                x: view.center.x - view.bounds.width / 2, y: view.center.y - view.bounds.height / 2,
                width: view.bounds.width, height: view.bounds.height)
        }
        guard let guide = item as? LayoutGuide, let owner = guide.owningView else { return .zero }
        let bounds = owner.bounds
        switch guide.kind {
        case .margins: return owner.layoutMarginInsets.inset(bounds)  // solved with its view instead (`pin`)
        case .top:
            return CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: owner.safeAreaInsets.top)
        case .bottom:
            let height = owner.safeAreaInsets.bottom
            return CGRect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
        case .safeArea, .custom: return owner.safeAreaInsets.inset(bounds)
        }
    }

    /// Holds an item's rectangle to what it is given from outside: a view's frame, a system
    /// guide's rectangle, and a margins guide's insets within its view's solved rectangle.
    private func pin(_ item: LayoutItem, _ key: ObjectIdentifier) throws {
        let vars = variables(for: item)
        let values = pinnedValues(of: item)
        var expressions = vars.all.map { LinearExpression($0) }
        if let guide = item as? LayoutGuide, guide.kind == .margins, let owner = guide.owningView {
            let outer = variables(for: owner)
            expressions[2] = expressions[2] - LinearExpression(outer.width)
            expressions[3] = expressions[3] - LinearExpression(outer.height)
        }
        let constraints = zip(expressions, values).map { expression, value in
            SolverConstraint(expression + -value, .equal)
        }
        for constraint in constraints { try? solver.add(constraint) }
        pins[key] = Pins(item: item, constraints: constraints, values: values)
    }

    /// What a pinned item's constraints hold (`pin`): its rectangle (x, y, width, height); for
    /// a margins guide, its origin in its view's bounds and how much narrower and shorter it is.
    private func pinnedValues(of item: LayoutItem) -> [Double] {
        if let guide = item as? LayoutGuide, guide.kind == .margins, let owner = guide.owningView {
            let (bounds, margins) = (owner.bounds, owner.layoutMarginInsets)
            return [
                bounds.minX + margins.left, bounds.minY + margins.top, -(margins.left + margins.right),
                -(margins.top + margins.bottom),
            ]
        }
        let rect = outsideRect(of: item)
        return [Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height)]
    }

    private func holdIntrinsicSize(of view: View, _ key: ObjectIdentifier) throws {
        let width = solvedWidth(of: view)
        try holdIntrinsicSize(of: view, key, size: view.intrinsicSize(laidOutWidth: width), width: width)
    }

    private func holdIntrinsicSize(of view: View, _ key: ObjectIdentifier, size: CGSize, width: Double?) {
        let priorities = intrinsicPriorities(of: view)
        let vars = variables(for: view)
        var constraints: [SolverConstraint] = []
        for (index, (variable, value)) in [(vars.width, size.width), (vars.height, size.height)].enumerated()
        where value >= 0 {
            constraints.append(
                SolverConstraint(
                    LinearExpression(variable) + -value, .greaterOrEqual,
                    strength: weight(priorities[index * 2])))
            constraints.append(
                SolverConstraint(
                    LinearExpression(variable) + -value, .lessOrEqual, strength: weight(priorities[index * 2 + 1])))
        }
        for constraint in constraints { try? solver.add(constraint) }
        intrinsic[key] = Intrinsic(
            view: view, size: size, priorities: priorities, constraints: constraints, width: width)
    }

    /// Moves an intrinsic size the solver holds to `size` by shifting its constraints'
    /// constants, as a changed constant moves: a recycled cell's label with new text costs no
    /// new rows. False when a dimension became or stopped being intrinsic, or the solver
    /// refuses a required one: the constraints are then made again.
    private func shift(_ entry: Intrinsic, to size: CGSize) -> Bool {
        let held = [Double(entry.size.width), Double(entry.size.height)]
        let wanted = [Double(size.width), Double(size.height)]
        guard zip(held, wanted).allSatisfy({ ($0 >= 0) == ($1 >= 0) }) else { return false }
        var index = 0
        for (before, after) in zip(held, wanted) where before >= 0 {
            // Each dimension holds `variable - value` from both sides.
            for constraint in entry.constraints[index..<(index + 2)] {
                do { try solver.shiftConstant(of: constraint, by: -(after - before)) } catch { return false }
            }
            index += 2
        }
        entry.size = size
        return true
    }

    /// Compression resistance and hugging, horizontal then vertical.
    private func intrinsicPriorities(of view: View) -> [Double] {
        let state = view.autoLayoutState
        return [
            state.compressionResistance.horizontal, state.hugging.horizontal, state.compressionResistance.vertical,
            state.hugging.vertical,
        ]
    }

    /// Holds the fitting view at the origin, aiming at the fitting size (again only when the
    /// target changed).
    private func aim(at fitting: FittingTarget) throws {
        guard aimedAt != fitting else { return }
        for constraint in fittingConstraints { solver.remove(constraint) }
        aimedAt = fitting
        let vars = variables(for: root)
        fittingConstraints = [
            SolverConstraint(LinearExpression(vars.minX), .equal),
            SolverConstraint(LinearExpression(vars.minY), .equal),
            SolverConstraint(
                LinearExpression(vars.width) + -Double(fitting.size.width), .equal,
                strength: weight(fitting.horizontal)),
            SolverConstraint(
                LinearExpression(vars.height) + -Double(fitting.size.height), .equal,
                strength: weight(fitting.vertical)),
        ]
        for constraint in fittingConstraints { try? solver.add(constraint) }
    }

    /// The width the solution gives `view`, to the pixel (a label wraps at it); nil before the
    /// view has a solution.
    private func solvedWidth(of view: View) -> Double? {
        guard let width = variables[ObjectIdentifier(view)]?.width.value, width.isFinite, width > 0 else { return nil }
        return (width * scale).rounded() / scale
    }

    private func weight(_ priority: Double) -> Double {
        priority >= LayoutPriority.required ? Strength.required : Strength.weight(ofPriority: priority)
    }

    /// Moves the pins to the frames the views have now and the intrinsic constraints to their
    /// sizes; true if anything moved (the solution is then stale).
    private func refreshOutsideValues() throws -> Bool {
        var moved = false
        for entry in pins.values {
            guard let item = entry.item else { continue }
            let values = pinnedValues(of: item)
            for (index, constraint) in entry.constraints.enumerated() where values[index] != entry.values[index] {
                try? solver.shiftConstant(of: constraint, by: -(values[index] - entry.values[index]))
                moved = true
            }
            entry.values = values
            if let guide = item as? LayoutGuide, guide.kind != .margins { guide.layoutFrame = outsideRect(of: guide) }
        }
        for (key, entry) in intrinsic where !entry.isCurrent(solvedWidth: solvedWidth(of:)) {
            guard let view = entry.view else { continue }
            let width = solvedWidth(of: view)
            let size = try view.intrinsicSize(laidOutWidth: width)
            let samePriorities = intrinsicPriorities(of: view) == entry.priorities
            if size != entry.size || !samePriorities {
                moved = true
                guard samePriorities, shift(entry, to: size) else {
                    for constraint in entry.constraints { solver.remove(constraint) }
                    holdIntrinsicSize(of: view, key, size: size, width: width)
                    continue
                }
            }
            entry.version = view.intrinsicContentVersion
            entry.width = width
        }
        return moved
    }

    // MARK: Frames

    /// Gives each placed view its frame from the solution, parents first, rounded to pixels.
    private func applyFrames() {
        guard fitting == nil else { return }
        func round(_ value: Double) -> Double { (value * scale).rounded() / scale }
        for view in placed {
            let rect = variables(for: view).rect
            guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { continue }
            let minX = round(rect.minX)
            let minY = round(rect.minY)
            let width = max(0, round(rect.maxX) - minX)
            let height = max(0, round(rect.maxY) - minY)
            let center = CGPoint(x: minX + width / 2, y: minY + height / 2)
            if view.center != center { view.setCenter(center) }
            if view.bounds.size != CGSize(width: width, height: height) {
                view.setBounds(CGRect(origin: view.bounds.origin, size: CGSize(width: width, height: height)))
            }
        }
        for guide in placedGuides { guide.layoutFrame = variables(for: guide).rect }
    }

    private func depth(of view: View) -> Int {
        var depth = 0
        var current = view.superview
        while let parent = current {
            depth += 1
            current = parent.superview
        }
        return depth
    }

    // MARK: Questions

    /// The constraints the solver holds.
    var system: [SolverConstraint] {
        held.values.compactMap(\.solver) + pins.values.flatMap(\.constraints)
            + intrinsic.values.flatMap(\.constraints) + fittingConstraints
    }

    /// Whether the constraints leave `view`'s frame open (`hasAmbiguousLayout`): a view that
    /// does not translate its autoresizing mask, with no constraint or none that fixes its
    /// position or size.
    func isAmbiguous(_ view: View) -> Bool {
        guard !view.translatesAutoresizingMaskIntoConstraints, view !== root else { return false }
        guard placed.contains(where: { $0 === view }), let vars = variables[ObjectIdentifier(view)] else {
            return true
        }
        return !vars.all.allSatisfy(solver.determines)
    }

    /// `exerciseAmbiguityInLayout`: an ambiguous view moves to another layout its constraints
    /// allow. UIKit picks one at random; here each value they leave open moves a step, the
    /// other way each time, pulled at the weakest priority so that every other constraint
    /// still holds. The frames stay until the layout next changes.
    func exerciseAmbiguity(of view: View) {
        guard isAmbiguous(view), let vars = variables[ObjectIdentifier(view)] else { return }
        exerciseStep = -exerciseStep
        let pulls = vars.all.filter { !solver.determines($0) }.map { variable in
            SolverConstraint(
                LinearExpression(variable) + -(variable.value + exerciseStep), .equal,
                strength: Strength.weight(ofPriority: 1))
        }
        for pull in pulls { try? solver.add(pull) }
        solver.updateVariables()
        applyFrames()
        for pull in pulls { solver.remove(pull) }
    }

    /// The active constraints the engine holds that place `view` along an axis (0 horizontal,
    /// 1 vertical): those with the view as an item, or between it and its container.
    func constraints(affecting view: View, vertical: Bool) -> [LayoutConstraint] {
        held.values.compactMap { entry -> LayoutConstraint? in
            guard let constraint = entry.constraint else { return nil }
            guard entry.solver != nil,
                [constraint.firstItem, constraint.secondItem].contains(where: { $0 === view }),
                constraint.firstAttribute.isHorizontal != vertical
                    || constraint.firstAttribute == (vertical ? .height : .width)
            else { return nil }
            return constraint
        }.sorted { $0.description < $1.description }
    }

    // MARK: Messages

    /// How many broken constraints a pass reports in full, and how many related constraints a
    /// report lists: a script that contradicts itself thousands of times gets a summary, not a
    /// flood (UIKit logs each one).
    private static let fullReports = 5
    private static let listedConstraints = 20

    /// UIKit's warning for each of the first broken constraints, then one that counts the rest.
    private func report(broken: [LayoutConstraint], among active: [LayoutConstraint]) {
        for constraint in broken.prefix(Self.fullReports) { report(unsatisfiable: constraint, among: active) }
        let rest = broken.dropFirst(Self.fullReports)
        guard let first = rest.first else { return }
        root.bridge?.report(
            .warning,
            "\(rest.count) more constraints could not be satisfied and were broken, the first of them \(first.description)"
        )
    }

    private func report(unsatisfiable constraint: LayoutConstraint, among active: [LayoutConstraint]) {
        let items = Set([constraint.firstItem, constraint.secondItem].compactMap { $0 }.map(ObjectIdentifier.init))
        let related = active.filter { other in
            [other.firstItem, other.secondItem].compactMap { $0 }.contains { items.contains(ObjectIdentifier($0)) }
        }
        var lines = related.prefix(Self.listedConstraints).map { "    \"\($0.description)\"" }
        if related.count > Self.listedConstraints {
            lines.append("    … and \(related.count - Self.listedConstraints) more")
        }
        let list = lines.joined(separator: ",\n")
        root.bridge?.report(
            .warning,
            "Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the "
                + "following list is one you don't want.\n(\n\(list)\n)\n\nWill attempt to recover by breaking "
                + "constraint \n\(constraint.description)")
    }
}
