/// An incremental Cassowary solver: the simplex method over a tableau of required and
/// optional linear constraints, after Badros, Borning and Stuckey (2001), in the form Kiwi
/// gives it. Adding or removing a constraint pivots the tableau it has; changing a
/// constraint's constant re-optimises with the dual simplex. Required constraints always hold;
/// the solver minimises the weighted errors of the optional ones (`Strength`).
///
/// Every choice among candidates takes the symbol made first, so the same constraints added
/// in the same order always give the same solution, ambiguous layouts included.
public final class SimplexSolver {
    /// Why a constraint cannot be added: it contradicts the required constraints the solver
    /// holds.
    public struct Unsatisfiable: Error {}

    private struct Tag {
        var marker = SimplexSymbol.invalid
        var other = SimplexSymbol.invalid
        /// The marker's coefficient in the constraint's row before its sign was normalised.
        var markerCoefficient = 1.0
    }

    private var tags: [ObjectIdentifier: (constraint: SolverConstraint, tag: Tag)] = [:]
    private var rows: [SimplexSymbol: SimplexRow] = [:]
    /// For each parametric symbol, the basic symbols whose rows hold it: a pivot substitutes
    /// into those rows alone, not into every row of the tableau.
    private var columns: [SimplexSymbol: Set<SimplexSymbol>] = [:]
    private var externals: [ObjectIdentifier: (variable: LayoutVariable, symbol: SimplexSymbol)] = [:]
    private var infeasible: Set<SimplexSymbol> = []
    private var objective = SimplexRow()
    private var artificial: SimplexRow?
    private var lastID = 0

    public init() {}

    public var constraintCount: Int { tags.count }

    public func contains(_ constraint: SolverConstraint) -> Bool { tags[ObjectIdentifier(constraint)] != nil }

    // MARK: Adding and removing

    /// Adds `constraint`; a required one that contradicts the others throws `Unsatisfiable`
    /// and leaves the solver as it was.
    public func add(_ constraint: SolverConstraint) throws(Unsatisfiable) {
        let key = ObjectIdentifier(constraint)
        guard tags[key] == nil else { return }
        let (row, tag) = makeRow(for: constraint)
        var subject = chooseSubject(row, tag)
        if subject.kind == .invalid, row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard SimplexRow.nearZero(row.constant) else { throw Unsatisfiable() }
            subject = tag.marker
        }
        if subject.kind == .invalid {
            // A failed artificial solve leaves the contradiction in the tableau: it goes back
            // to the copy (the artificial path is the rare one, and a copy is cheap beside it).
            let saved = (
                rows.mapValues(SimplexRow.init(copying:)), columns, SimplexRow(copying: objective), infeasible
            )
            guard addWithArtificialVariable(row) else {
                (rows, columns, objective, infeasible) = saved
                throw Unsatisfiable()
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            put(subject, row)
        }
        tags[key] = (constraint, tag)
        optimize(objective)
    }

    /// Removes `constraint` (nothing happens if the solver does not hold it).
    public func remove(_ constraint: SolverConstraint) {
        guard let (_, tag) = tags.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        if tag.marker.kind == .error { removeMarkerEffects(tag.marker, constraint.strength) }
        if tag.other.kind == .error { removeMarkerEffects(tag.other, constraint.strength) }
        if take(tag.marker) == nil, let leaving = markerLeavingRow(tag.marker), let row = take(leaving) {
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        optimize(objective)
    }

    /// Adds `delta` to the constant of `constraint`'s expression and re-optimises with the
    /// dual simplex, without rebuilding anything. A required constraint that the change makes
    /// contradict the others throws `Unsatisfiable` and keeps its old constant.
    public func shiftConstant(of constraint: SolverConstraint, by delta: Double) throws(Unsatisfiable) {
        guard delta != 0, let (_, tag) = tags[ObjectIdentifier(constraint)] else { return }
        // The constraint's row holds e + k·marker = 0; with e + delta in place of e, the
        // marker that makes the row hold is marker - delta/k.
        let shift = -delta / tag.markerCoefficient
        if tag.marker.kind == .dummy, rows[tag.marker] != nil {
            throw Unsatisfiable()  // a redundant required equality: any change contradicts
        }
        apply(markerShift: shift, to: tag.marker)
        var pivots: [(leaving: SimplexSymbol, entering: SimplexSymbol)] = []
        guard dualOptimize(recording: &pivots) else {
            // Each pivot undone in turn gives back the tableau as it was, then the constant.
            for (leaving, entering) in pivots.reversed() {
                guard let row = take(entering) else { continue }
                row.solve(for: entering, leaving)
                substitute(leaving, row)
                put(leaving, row)
            }
            apply(markerShift: -shift, to: tag.marker)
            infeasible = []
            throw Unsatisfiable()
        }
        optimize(objective)  // a free symbol the dual pivots brought in may leave room to improve
        constraint.constantShift += delta
    }

    /// Whether the constraints fix `variable`'s value: false when it, or what its value depends
    /// on, is free (no constraint pins it down), as in an ambiguous layout.
    public func determines(_ variable: LayoutVariable) -> Bool {
        guard let symbol = externals[ObjectIdentifier(variable)]?.symbol, let row = rows[symbol] else { return false }
        return !row.cells.keys.contains { $0.kind == .external }
    }

    /// Sets each external variable to its value in the solution.
    public func updateVariables() {
        for (variable, symbol) in externals.values { variable.value = rows[symbol]?.constant ?? 0 }
    }

    // MARK: The tableau

    private func makeSymbol(_ kind: SimplexSymbol.Kind) -> SimplexSymbol {
        lastID += 1
        return SimplexSymbol(id: lastID, kind: kind)
    }

    private func symbol(for variable: LayoutVariable) -> SimplexSymbol {
        let key = ObjectIdentifier(variable)
        if let known = externals[key] { return known.symbol }
        let made = makeSymbol(.external)
        externals[key] = (variable, made)
        return made
    }

    /// The constraint's row in terms of the parametric symbols, with its slack, error or
    /// dummy symbols, and its errors weighed in the objective.
    private func makeRow(for constraint: SolverConstraint) -> (SimplexRow, Tag) {
        let expression = constraint.expression
        let row = SimplexRow(constant: expression.constant + constraint.constantShift)
        for (variable, coefficient) in expression.terms where !SimplexRow.nearZero(coefficient) {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        var tag = Tag()
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let coefficient = constraint.relation == .lessOrEqual ? 1.0 : -1.0
            tag.marker = makeSymbol(.slack)
            tag.markerCoefficient = coefficient
            row.insert(tag.marker, coefficient)
            if !constraint.isRequired {
                tag.other = makeSymbol(.error)
                row.insert(tag.other, -coefficient)
                objective.insert(tag.other, constraint.strength)
            }
        case .equal:
            if constraint.isRequired {
                tag.marker = makeSymbol(.dummy)
                row.insert(tag.marker)
            } else {
                tag.marker = makeSymbol(.error)
                tag.other = makeSymbol(.error)
                tag.markerCoefficient = -1
                row.insert(tag.marker, -1)
                row.insert(tag.other, 1)
                objective.insert(tag.marker, constraint.strength)
                objective.insert(tag.other, constraint.strength)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol the new row is solved for: an external one if it has any, else its marker
    /// or error symbol when that can enter with a negative coefficient.
    private func chooseSubject(_ row: SimplexRow, _ tag: Tag) -> SimplexSymbol {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min() { return external }
        for symbol in [tag.marker, tag.other] where symbol.isRestricted && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return .invalid
    }

    /// Adds a row no symbol can be the subject of, through an artificial variable minimised to
    /// zero; false when it cannot be (the constraint contradicts the required ones).
    private func addWithArtificialVariable(_ row: SimplexRow) -> Bool {
        let variable = makeSymbol(.slack)
        put(variable, SimplexRow(copying: row))
        let artificial = SimplexRow(copying: row)
        self.artificial = artificial
        optimize(artificial)
        let success = SimplexRow.nearZero(artificial.constant)
        self.artificial = nil
        if let basic = take(variable) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.filter(\.isPivotable).min() else { return false }
            basic.solve(for: variable, entering)
            substitute(entering, basic)
            put(entering, basic)
        }
        for basic in columns.removeValue(forKey: variable) ?? [] { rows[basic]?.remove(variable) }
        objective.remove(variable)
        return success
    }

    /// Replaces `symbol` by `row` in every row that holds it, the objectives included.
    private func substitute(_ symbol: SimplexSymbol, _ row: SimplexRow) {
        for basic in columns.removeValue(forKey: symbol) ?? [] {
            guard let other = rows[basic] else { continue }
            other.substitute(symbol, row) { changed, change in
                if change == .added { columns[changed, default: []].insert(basic) } else { unindex(basic, changed) }
            }
            if basic.isRestricted, other.constant < 0 { infeasible.insert(basic) }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Makes `row` the row of `basic`, indexed by its symbols.
    private func put(_ basic: SimplexSymbol, _ row: SimplexRow) {
        rows[basic] = row
        for symbol in row.cells.keys { columns[symbol, default: []].insert(basic) }
    }

    /// Takes the row of `basic` out of the tableau and the index.
    private func take(_ basic: SimplexSymbol) -> SimplexRow? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for symbol in row.cells.keys { unindex(basic, symbol) }
        return row
    }

    private func unindex(_ basic: SimplexSymbol, _ symbol: SimplexSymbol) {
        guard var users = columns.removeValue(forKey: symbol) else { return }
        users.remove(basic)
        if !users.isEmpty { columns[symbol] = users }
    }

    /// The rows that hold `symbol`, by basic symbol.
    private func rows(holding symbol: SimplexSymbol) -> [(SimplexSymbol, SimplexRow)] {
        (columns[symbol] ?? []).compactMap { basic in rows[basic].map { (basic, $0) } }
    }

    /// Pivots until no symbol of `objective` can lower it (the primal simplex).
    private func optimize(_ objective: SimplexRow) {
        // Only restricted symbols enter: a free one's objective coefficient is rounding noise
        // (the errors it could lower are all in restricted symbols). A candidate no row limits
        // has a coefficient that is noise too (a real one would make the objective unbounded,
        // and errors weigh at least zero): the next candidate is tried.
        while true {
            var tried = SimplexSymbol.invalid
            var pivot: (entering: SimplexSymbol, leaving: SimplexSymbol)?
            while pivot == nil, let entering = enteringCandidate(of: objective, after: tried) {
                tried = entering
                pivot = leavingRow(for: entering).map { (entering, $0) }
            }
            guard let pivot, let row = take(pivot.leaving) else { return }
            row.solve(for: pivot.leaving, pivot.entering)
            substitute(pivot.entering, row)
            put(pivot.entering, row)
        }
    }

    /// The first restricted symbol after `previous` whose entering would lower `objective`.
    private func enteringCandidate(of objective: SimplexRow, after previous: SimplexSymbol) -> SimplexSymbol? {
        var first: SimplexSymbol?
        for (symbol, coefficient) in objective.cells
        where coefficient < 0 && symbol.isRestricted && previous < symbol && first.map({ symbol < $0 }) ?? true {
            first = symbol
        }
        return first
    }

    /// The restricted row that limits `entering` the most.
    private func leavingRow(for entering: SimplexSymbol) -> SimplexSymbol? {
        var best: (ratio: Double, symbol: SimplexSymbol)?
        for (symbol, row) in rows(holding: entering) where symbol.kind != .external {
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best.map({ ratio < $0.ratio || (ratio == $0.ratio && symbol < $0.symbol) }) ?? true {
                best = (ratio, symbol)
            }
        }
        return best?.symbol
    }

    /// Pivots rows whose restricted symbols went below zero back to feasibility (the dual
    /// simplex); false if one cannot be.
    private func dualOptimize(recording pivots: inout [(leaving: SimplexSymbol, entering: SimplexSymbol)]) -> Bool {
        while let leaving = infeasible.min() {
            infeasible.remove(leaving)
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var best: (ratio: Double, symbol: SimplexSymbol)?
            for (symbol, coefficient) in row.cells where symbol.kind != .dummy && coefficient > 0 {
                let ratio = objective.coefficient(for: symbol) / coefficient
                if best.map({ ratio < $0.ratio || (ratio == $0.ratio && symbol < $0.symbol) }) ?? true {
                    best = (ratio, symbol)
                }
            }
            guard let entering = best?.symbol else {
                infeasible.insert(leaving)
                return false
            }
            _ = take(leaving)
            row.solve(for: leaving, entering)
            substitute(entering, row)
            put(entering, row)
            pivots.append((leaving, entering))
        }
        return true
    }

    /// Shifts a marker symbol by `shift` wherever it is (see `shiftConstant`).
    private func apply(markerShift shift: Double, to marker: SimplexSymbol) {
        if let row = rows[marker] {
            if row.add(shift) < 0, marker.isRestricted { infeasible.insert(marker) }
            return
        }
        for (basic, row) in rows(holding: marker) {
            let coefficient = row.coefficient(for: marker)
            guard coefficient != 0 else { continue }
            if row.add(-coefficient * shift) < 0, basic.isRestricted { infeasible.insert(basic) }
        }
        objective.add(-objective.coefficient(for: marker) * shift)
    }

    private func removeMarkerEffects(_ marker: SimplexSymbol, _ strength: Double) {
        if let row = rows[marker] { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
    }

    /// The row to pivot a non-basic marker into the basis on, for its constraint's removal.
    private func markerLeavingRow(_ marker: SimplexSymbol) -> SimplexSymbol? {
        var first: (ratio: Double, symbol: SimplexSymbol)?
        var second: (ratio: Double, symbol: SimplexSymbol)?
        var third: SimplexSymbol?
        for (symbol, row) in rows(holding: marker) {
            let coefficient = row.coefficient(for: marker)
            guard coefficient != 0 else { continue }
            if symbol.kind == .external {
                if third.map({ symbol < $0 }) ?? true { third = symbol }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first.map({ ratio < $0.ratio || (ratio == $0.ratio && symbol < $0.symbol) }) ?? true {
                    first = (ratio, symbol)
                }
            } else {
                let ratio = row.constant / coefficient
                if second.map({ ratio < $0.ratio || (ratio == $0.ratio && symbol < $0.symbol) }) ?? true {
                    second = (ratio, symbol)
                }
            }
        }
        return first?.symbol ?? second?.symbol ?? third
    }
}
