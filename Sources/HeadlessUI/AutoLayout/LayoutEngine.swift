import Cassowary
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
    let solver = SimplexSolver()
    /// The window, the top of a tree in no window, or the view a fitting size is asked of
    /// (`systemLayoutSizeFittingSize`).
    unowned let root: View
    /// Pixels per point, which frames are rounded to: the window's screen's, else the main
    /// screen's (for a tree in no window), else 1.
    let scale: Double
    /// For a fitting size: the size aimed at, and how hard each axis aims (a priority).
    var fitting: FittingTarget?
    /// The target the solver holds the fitting view to, with the constraints that hold it.
    var aimedAt: FittingTarget?
    var fittingConstraints: [SolverConstraint] = []

    struct FittingTarget: Equatable {
        let size: CGSize
        let horizontal: Double
        let vertical: Double
    }
    var generation = -1
    var variables: [ObjectIdentifier: LayoutVariables] = [:]
    /// The constraints the solver holds, with the constant and priority it holds them at.
    var held: [ObjectIdentifier: Held] = [:]
    /// The views placed by the engine, and those it pins to their frames, with their pins.
    var placed: [View] = []
    var placedGuides: [LayoutGuide] = []
    var pins: [ObjectIdentifier: Pins] = [:]
    var intrinsic: [ObjectIdentifier: Intrinsic] = [:]
    /// How far `exerciseAmbiguity` moves an open value, and which way it went last.
    var exerciseStep = -20.0

    struct Held {
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
    static func margins(usedBy constraint: LayoutConstraint) -> [UIEdgeInsets] {
        var found: [UIEdgeInsets] = []
        if constraint.firstAttribute.isMargin, let first = constraint.firstItem {
            found.append(first.layoutMarginInsets)
        }
        if constraint.secondAttribute.isMargin, let second = constraint.secondItem {
            found.append(second.layoutMarginInsets)
        }
        return found
    }

    struct WeakItem {
        weak var item: LayoutItem?
    }

    /// Required equalities that hold an item's rectangle to values given from outside.
    final class Pins {
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
    final class Intrinsic {
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

    static func treeHasConstraints(_ root: View) -> Bool {
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
    static let intrinsicRounds = 4

    // MARK: The update-constraints pass

    /// `updateConstraints` for each view that asked for it, children before parents; a view
    /// controller's view goes through the controller's `updateViewConstraints`.
    func updateConstraintsPass() throws {
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
}
