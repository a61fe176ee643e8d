import Cassowary

/// The Cassowary system of a screen like `makeScreenWorld(constraints: true)`'s, written in the
/// solver's own API: a vertical stack of `rows` rows, each a centred horizontal stack of a
/// square, a column of two labels, a label and another column of two. The constraints are the
/// ones UIStackView and a label's intrinsic size make (edges chained with spacing, fill and
/// centre alignment, hugging and compression resistance), so the solver rows compare solvers on
/// a realistic system without the world opening its engine to the benchmarks.
func stackScreenSystem(rows: Int) -> [SolverConstraint] {
    var system: [SolverConstraint] = []
    func add(_ expression: LinearExpression, _ relation: SolverConstraint.Relation, priority: Double = 1000) {
        let strength = priority >= 1000 ? Strength.required : Strength.weight(ofPriority: priority)
        system.append(SolverConstraint(expression, relation, strength: strength))
    }
    let root = Box("root")
    add(root.minX, .equal)
    add(root.width + -375, .equal)
    add(root.minY, .equal)
    var rowBoxes: [Box] = []
    for index in 1...rows {
        let square = Box("square\(index)")
        add(square.width + -8, .equal)
        add(square.height - square.width, .equal)
        let parts = [
            square, column(["Title \(index)", "Subtitle"], named: "titles\(index)", into: add),
            label(String(index * 7), into: add), column(["a", "b"], named: "letters\(index)", into: add),
        ]
        let row = Box("row\(index)")
        stack(parts, in: row, spacing: 8, horizontal: true, into: add)
        for part in parts {
            add(part.centerY - row.centerY, .equal)
            add(part.minY - row.minY, .greaterOrEqual)
            add(row.maxY - part.maxY, .greaterOrEqual)
        }
        add(row.height, .equal, priority: 49)
        rowBoxes.append(row)
    }
    stack(rowBoxes, in: root, spacing: 2, horizontal: false, into: add)
    return system
}

/// A view's rectangle as the solver's variables.
private struct Box {
    let minX, minY, width, height: LinearExpression

    init(_ name: String) {
        minX = LinearExpression(LayoutVariable(name + ".minX"))
        minY = LinearExpression(LayoutVariable(name + ".minY"))
        width = LinearExpression(LayoutVariable(name + ".width"))
        height = LinearExpression(LayoutVariable(name + ".height"))
    }

    var maxX: LinearExpression { minX + width }
    var maxY: LinearExpression { minY + height }
    var centerY: LinearExpression { minY + height * 0.5 }
}

private typealias Add = (LinearExpression, SolverConstraint.Relation, Double) -> Void

/// A label: its intrinsic size (about 8.5 points a character, 20.5 high) held by hugging (250)
/// and compression resistance (750) on each axis.
private func label(_ text: String, into add: Add) -> Box {
    let box = Box("label " + text)
    for (extent, intrinsic) in [(box.width, 8.5 * Double(text.count)), (box.height, 20.5)] {
        add(extent + -intrinsic, .lessOrEqual, 250)
        add(extent + -intrinsic, .greaterOrEqual, 750)
    }
    return box
}

/// A vertical stack of labels with no spacing, filling its width.
private func column(_ texts: [String], named name: String, into add: Add) -> Box {
    let box = Box(name)
    stack(texts.map { label($0, into: add) }, in: box, spacing: 0, horizontal: false, into: add)
    return box
}

/// UIStackView's fill distribution: `views` edge to edge along the axis, `spacing` apart, the
/// first and last on the stack's edges; across the axis, each fills the stack unless the stack
/// is horizontal (its rows centre their parts instead).
private func stack(_ views: [Box], in stack: Box, spacing: Double, horizontal: Bool, into add: Add) {
    let start = horizontal ? \Box.minX : \Box.minY
    let end = horizontal ? \Box.maxX : \Box.maxY
    guard let first = views.first, let last = views.last else { return }
    add(first[keyPath: start] - stack[keyPath: start], .equal, 1000)
    add(stack[keyPath: end] - last[keyPath: end], .equal, 1000)
    for (previous, next) in zip(views, views.dropFirst()) {
        add(next[keyPath: start] - previous[keyPath: end] + -spacing, .equal, 1000)
    }
    guard !horizontal else { return }
    for view in views {
        add(view.minX - stack.minX, .equal, 1000)
        add(view.width - stack.width, .equal, 1000)
    }
}
