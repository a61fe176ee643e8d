import Cassowary
import Foundation
import ObjectBridge

/// Keeping the solver in step with the tree: constraints, intrinsic sizes and autoresizing
/// masks added, changed and removed as the views change.
extension LayoutEngine {
    // MARK: Keeping the solver in step

    /// Takes the active constraints of the window's tree into the solver.
    func synchronize() throws {
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
        var involved = InvolvedItems()
        var broken: [LayoutConstraint] = []
        for constraint in ordered {
            let key = ObjectIdentifier(constraint)
            if let entry = held[key], entry.solver == nil, entry.constant != constraint.constant {
                held[key] = nil  // a broken constraint given a new constant is tried again
            }
            if let entry = held[key] {
                if !moveConstant(of: constraint) { broken.append(constraint) }
                for weak in entry.touched { if let item = weak.item { involved.insert(item) } }
                continue
            }
            guard let (made, touched) = solverConstraint(for: constraint) else { continue }
            for item in touched { involved.insert(item) }
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
            involved.insert(root)
            try aim(at: fitting)
        }
        try pinAndSize(involved)
        report(broken: broken, among: ordered)
        solver.updateVariables()
        applyFrames()
    }

    /// Takes a held constraint's new constant into the solver; false when the others make the
    /// new constant impossible (the old one stays).
    func moveConstant(of constraint: LayoutConstraint) -> Bool {
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
    func shiftConstants(of changed: [LayoutConstraint]) -> Bool {
        guard changed.allSatisfy({ held[ObjectIdentifier($0)].map { $0.solver != nil } ?? true }) else { return false }
        let broken = changed.filter { !moveConstant(of: $0) }
        if !broken.isEmpty {
            report(
                broken: broken, among: held.values.compactMap(\.constraint).sorted { $0.description < $1.description })
        }
        return true
    }

    func variables(for item: BridgeObject) -> LayoutVariables {
        let key = ObjectIdentifier(item)
        if let known = variables[key] { return known }
        let made = LayoutVariables((item as? LayoutItem)?.layoutName ?? "item")
        variables[key] = made
        return made
    }

    /// The solver's form of `constraint`: first - (multiplier · second + constant), in the
    /// items' nearest common ancestor's coordinates; nil when its items are gone or no longer
    /// share an ancestor.
    func solverConstraint(for constraint: LayoutConstraint) -> (SolverConstraint, [LayoutItem])? {
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
    func pinAndSize(_ involved: InvolvedItems) throws {
        // A margins guide follows its view's solved size: the view takes part with it.
        var involved = involved
        for case let guide as LayoutGuide in involved.items where guide.kind == .margins {
            if let owner = guide.owningView { involved.insert(owner) }
        }
        for (key, entry) in pins where !involved.contains(key) || entry.item == nil || !isPinned(entry.item) {
            for constraint in entry.constraints { solver.remove(constraint) }
            pins[key] = nil
        }
        for (key, entry) in intrinsic where !involved.contains(key) || entry.view == nil || isPinned(entry.view) {
            for constraint in entry.constraints { solver.remove(constraint) }
            intrinsic[key] = nil
        }
        placed = []
        placedGuides = []
        // A fitting engine sets no frames, and must not hold its views: the view keeps it.
        let placing = fitting == nil
        for item in involved.items {
            let key = ObjectIdentifier(item)
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
    func isPinned(_ item: LayoutItem?) -> Bool {
        if let view = item as? View {
            if view === root { return fitting == nil }
            return view.translatesAutoresizingMaskIntoConstraints
        }
        if let guide = item as? LayoutGuide { return guide.kind != .custom }
        return false
    }

    func outsideRect(of item: LayoutItem) -> CGRect {
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
    func pin(_ item: LayoutItem, _ key: ObjectIdentifier) throws {
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
    func pinnedValues(of item: LayoutItem) -> [Double] {
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

    func holdIntrinsicSize(of view: View, _ key: ObjectIdentifier) throws {
        let width = solvedWidth(of: view)
        try holdIntrinsicSize(of: view, key, size: view.intrinsicSize(laidOutWidth: width), width: width)
    }

    func holdIntrinsicSize(of view: View, _ key: ObjectIdentifier, size: CGSize, width: Double?) {
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
    func shift(_ entry: Intrinsic, to size: CGSize) -> Bool {
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
    func intrinsicPriorities(of view: View) -> [Double] {
        let state = view.autoLayoutState
        return [
            state.compressionResistance.horizontal, state.hugging.horizontal, state.compressionResistance.vertical,
            state.hugging.vertical,
        ]
    }

    /// Holds the fitting view at the origin, aiming at the fitting size (again only when the
    /// target changed).
    func aim(at fitting: FittingTarget) throws {
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
    func solvedWidth(of view: View) -> Double? {
        guard let width = variables[ObjectIdentifier(view)]?.width.value, width.isFinite, width > 0 else { return nil }
        return (width * scale).rounded() / scale
    }

    func weight(_ priority: Double) -> Double {
        priority >= LayoutPriority.required ? Strength.required : Strength.weight(ofPriority: priority)
    }

    /// Moves the pins to the frames the views have now and the intrinsic constraints to their
    /// sizes; true if anything moved (the solution is then stale).
    func refreshOutsideValues() throws -> Bool {
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
}

/// The items a synchronisation touched, in the order the tree's constraints first name them.
/// Their pins and intrinsic sizes reach the solver in that order, so a layout the constraints
/// leave open comes out the same on every run, wherever its views are in memory.
struct InvolvedItems {
    private(set) var items: [LayoutItem] = []
    private var keys: Set<ObjectIdentifier> = []

    mutating func insert(_ item: LayoutItem) {
        if keys.insert(ObjectIdentifier(item)).inserted { items.append(item) }
    }

    func contains(_ key: ObjectIdentifier) -> Bool { keys.contains(key) }
}
