import Cassowary
import Foundation
import ObjectBridge

/// The frames the solution gives, and what the engine answers about it: ambiguity, the
/// constraints affecting a view, and its messages about conflicts.
extension LayoutEngine {
    // MARK: Frames

    /// Gives each placed view its frame from the solution, parents first, rounded to pixels.
    func applyFrames() {
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

    func depth(of view: View) -> Int {
        var depth = 0
        var current = view.superview
        while let parent = current {
            depth += 1
            current = parent.superview
        }
        return depth
    }

    // MARK: Questions

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
    static let fullReports = 5
    static let listedConstraints = 20

    /// UIKit's warning for each of the first broken constraints, then one that counts the rest.
    func report(broken: [LayoutConstraint], among active: [LayoutConstraint]) {
        for constraint in broken.prefix(Self.fullReports) { report(unsatisfiable: constraint, among: active) }
        let rest = broken.dropFirst(Self.fullReports)
        guard let first = rest.first else { return }
        root.bridge?.report(
            .warning,
            "\(rest.count) more constraints could not be satisfied and were broken, the first of them \(first.description)"
        )
    }

    func report(unsatisfiable constraint: LayoutConstraint, among active: [LayoutConstraint]) {
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
