/// A symbol of the tableau: an external variable, or one the solver makes for a constraint.
/// Slack and error symbols are restricted to values of at least zero; dummy symbols stand
/// for required equalities and stay at zero.
struct SimplexSymbol: Hashable, Comparable {
    enum Kind: Sendable {
        case invalid, external, slack, error, dummy
    }

    let id: Int
    let kind: Kind

    static let invalid = SimplexSymbol(id: 0, kind: .invalid)

    var isRestricted: Bool { kind == .slack || kind == .error }
    var isPivotable: Bool { isRestricted }

    static func < (lhs: SimplexSymbol, rhs: SimplexSymbol) -> Bool { lhs.id < rhs.id }
    static func == (lhs: SimplexSymbol, rhs: SimplexSymbol) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The tableau's dictionaries and sets hash symbols millions of times in a solve, and
    /// `Hasher`'s seeding and finalising were most of it: ids are small distinct integers, and
    /// one multiply-xorshift (Fibonacci hashing) spreads them well enough for a hash table.
    func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(truncatingIfNeeded: id ^ seed) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 32
        return Int(truncatingIfNeeded: mixed)
    }
}

/// A row of the tableau: the basic symbol it belongs to equals `constant` plus the sum of
/// its cells' coefficients times their (parametric) symbols.
final class SimplexRow {
    private(set) var constant: Double
    private(set) var cells: [SimplexSymbol: Double] = [:]

    init(constant: Double = 0) {
        self.constant = constant
    }

    init(copying row: SimplexRow) {
        constant = row.constant
        cells = row.cells
    }

    /// Values this close to zero are zero: they are what is left of cancelled terms.
    static func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    func coefficient(for symbol: SimplexSymbol) -> Double { cells[symbol] ?? 0 }

    /// What adding to a cell did to the row's symbols, for the solver's column index.
    enum CellChange { case added, removed, kept }

    @discardableResult
    func insert(_ symbol: SimplexSymbol, _ coefficient: Double = 1) -> CellChange {
        if let index = cells.index(forKey: symbol) {
            let sum = cells.values[index] + coefficient
            if Self.nearZero(sum) {
                cells.remove(at: index)
                return .removed
            }
            cells.values[index] = sum
            return .kept
        }
        if Self.nearZero(coefficient) { return .kept }
        cells[symbol] = coefficient
        return .added
    }

    /// Adds `row` times `coefficient`, telling `changed` of each symbol that comes or goes.
    func insert(
        _ row: SimplexRow, _ coefficient: Double = 1, changed: (SimplexSymbol, CellChange) -> Void = { _, _ in }
    ) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells {
            let change = insert(symbol, value * coefficient)
            if change != .kept { changed(symbol, change) }
        }
    }

    func remove(_ symbol: SimplexSymbol) { cells[symbol] = nil }

    func reverseSign() {
        constant = -constant
        cells = cells.mapValues { -$0 }
    }

    /// Makes `symbol` the row's subject: the row then gives `symbol` in terms of the others.
    /// `symbol` must be in the row.
    func solve(for symbol: SimplexSymbol) {
        let factor = -1 / (cells.removeValue(forKey: symbol) ?? 1)
        constant *= factor
        cells = cells.mapValues { $0 * factor }
    }

    /// The row of `lhs` (this row's subject) turned into the row of `rhs`.
    func solve(for lhs: SimplexSymbol, _ rhs: SimplexSymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by what `row` says it is, telling `changed` of the other symbols that
    /// come or go.
    func substitute(
        _ symbol: SimplexSymbol, _ row: SimplexRow, changed: (SimplexSymbol, CellChange) -> Void = { _, _ in }
    ) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        insert(row, coefficient, changed: changed)
    }
}
