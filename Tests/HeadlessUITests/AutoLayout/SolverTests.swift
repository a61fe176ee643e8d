import Foundation
import Testing

@testable import Cassowary

/// The Cassowary solver on its own: required constraints hold, optional ones give way by
/// weight, and incremental changes land where a fresh solve does.
@Suite struct SolverTests {
    @Test func requiredConstraintsHoldAndOptionalOnesGiveWayByWeight() throws {
        let solver = SimplexSolver()
        let left = LayoutVariable("left")
        let width = LayoutVariable("width")
        let right = LinearExpression(left) + LinearExpression(width)
        try solver.add(SolverConstraint(LinearExpression(left) + -20, .equal))
        try solver.add(SolverConstraint(right + -300, .lessOrEqual))
        try solver.add(
            SolverConstraint(LinearExpression(width) + -400, .equal, strength: Strength.weight(ofPriority: 250)))
        try solver.add(
            SolverConstraint(LinearExpression(width) + -100, .equal, strength: Strength.weight(ofPriority: 500)))
        solver.updateVariables()
        #expect(left.value == 20 && width.value == 100)
        let stronger = SolverConstraint(
            LinearExpression(width) + -250, .equal, strength: Strength.weight(ofPriority: 750))
        try solver.add(stronger)
        solver.updateVariables()
        #expect(width.value == 250)
        solver.remove(stronger)
        solver.updateVariables()
        #expect(width.value == 100)
    }

    @Test func aContradictionIsRefusedAndTheSolverGoesOn() throws {
        let solver = SimplexSolver()
        let x = LayoutVariable("x")
        try solver.add(SolverConstraint(LinearExpression(x) + -10, .equal))
        #expect(throws: SimplexSolver.Unsatisfiable.self) {
            try solver.add(SolverConstraint(LinearExpression(x) + -20, .equal))
        }
        #expect(throws: SimplexSolver.Unsatisfiable.self) {
            try solver.add(SolverConstraint(LinearExpression(x) + -30, .greaterOrEqual))
        }
        let bound = SolverConstraint(LinearExpression(x) + -5, .greaterOrEqual)
        try solver.add(bound)
        #expect(throws: SimplexSolver.Unsatisfiable.self) { try solver.shiftConstant(of: bound, by: -10) }
        solver.updateVariables()
        #expect(x.value == 10 && solver.constraintCount == 2)
        try solver.shiftConstant(of: bound, by: -5)  // x >= 10 still holds
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func tenThousandContradictionsAreEachRefused() throws {
        let solver = SimplexSolver()
        let x = LayoutVariable("x")
        try solver.add(SolverConstraint(LinearExpression(x) + -1, .equal))
        var refused = 0
        for value in 2...10_001 {
            do {
                try solver.add(SolverConstraint(LinearExpression(x) + -Double(value), .equal))
            } catch {
                refused += 1
            }
        }
        solver.updateVariables()
        #expect(refused == 10_000 && x.value == 1)
    }

    /// A random system, changed constant by constant, against a fresh solve of the final
    /// system: both satisfy every required constraint and reach the same weighted error.
    @Test(arguments: 1...200) func incrementalChangesReachWhatAFreshSolveReaches(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let count = 12
        let variables = (0..<count).map { LayoutVariable("v\($0)") }
        let solution = (0..<count).map { _ in Double(random.next(0...200)) }
        var specs: [(terms: [(Int, Double)], relation: SolverConstraint.Relation, constant: Double, priority: Double)] =
            []
        for index in 0..<30 {
            let a = random.next(0...(count - 1))
            let b = random.next(0...(count - 1))
            let terms = [(a, 1.0), (b, -Double(random.next(1...2)))]
            let value = terms.reduce(0) { $0 + solution[$1.0] * $1.1 }
            let relation: SolverConstraint.Relation = [.equal, .lessOrEqual, .greaterOrEqual][index % 3]
            let required = index % 4 != 0 && relation != .equal
            specs.append((terms, relation, -value, required ? 1000 : Double(random.next(1...999))))
        }
        func build(
            _ specs: [(terms: [(Int, Double)], relation: SolverConstraint.Relation, constant: Double, priority: Double)]
        )
            -> [SolverConstraint]
        {
            specs.map { spec in
                SolverConstraint(
                    LinearExpression(spec.terms.map { (variables[$0.0], $0.1) }, constant: spec.constant),
                    spec.relation,
                    strength: spec.priority >= 1000 ? Strength.required : Strength.weight(ofPriority: spec.priority))
            }
        }
        let solver = SimplexSolver()
        let constraints = build(specs)
        for constraint in constraints { try solver.add(constraint) }
        for _ in 0..<40 {
            let index = random.next(0...(specs.count - 1))
            let delta = Double(random.next(-30...30))
            do {
                try solver.shiftConstant(of: constraints[index], by: delta)
                specs[index].constant += delta
            } catch {}  // a required constraint the change would break keeps its constant
        }
        solver.updateVariables()
        let incremental = variables.map(\.value)
        let fresh = SimplexSolver()
        for constraint in build(specs) { try fresh.add(constraint) }
        fresh.updateVariables()
        let scratch = variables.map(\.value)
        func error(_ values: [Double], _ label: String) -> Double {
            specs.reduce(0) { sum, spec in
                let value = spec.terms.reduce(spec.constant) { $0 + values[$1.0] * $1.1 }
                let violation: Double
                switch spec.relation {
                case .equal: violation = abs(value)
                case .lessOrEqual: violation = max(0, value)
                case .greaterOrEqual: violation = max(0, -value)
                }
                if spec.priority >= 1000 {
                    #expect(violation < 1e-6, "\(label): a required constraint fails by \(violation)")
                    return sum
                }
                return sum + violation * Strength.weight(ofPriority: spec.priority)
            }
        }
        let incrementalError = error(incremental, "incremental")
        let scratchError = error(scratch, "fresh")
        #expect(abs(incrementalError - scratchError) <= 1e-6 * max(1, scratchError))
    }
}
