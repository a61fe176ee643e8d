import Foundation

/// A value the solver decides: one edge or size of a view, or of a layout guide.
public final class LayoutVariable {
    /// What the variable stands for, for messages (`UILabel:0x1.minX`).
    public let name: String
    /// The value after the last solve.
    public internal(set) var value = 0.0

    public init(_ name: String) {
        self.name = name
    }
}

/// A sum of variables times coefficients, plus a constant: one side of a constraint.
public struct LinearExpression {
    public private(set) var terms: [(variable: LayoutVariable, coefficient: Double)]
    public private(set) var constant: Double

    public init(_ terms: [(LayoutVariable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    public init(_ variable: LayoutVariable) {
        self.init([(variable, 1)])
    }

    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var sum = lhs
        sum.terms += rhs.terms
        sum.constant += rhs.constant
        return sum
    }

    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var sum = lhs
        sum.constant += rhs
        return sum
    }

    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + rhs * -1
    }

    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms.map { ($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }

    /// The value with the variables' values of the last solve.
    public var value: Double {
        terms.reduce(constant) { $0 + $1.variable.value * $1.coefficient }
    }
}

/// One linear relation the solver keeps: `expression` is at most, equal to, or at least 0,
/// as required or with a strength.
public final class SolverConstraint {
    public enum Relation: Sendable {
        case lessOrEqual, equal, greaterOrEqual
    }

    public let expression: LinearExpression
    public let relation: Relation
    /// `Strength.required`, or an optional constraint's weight.
    public let strength: Double
    /// How much has been added to the expression's constant since it was added to the solver
    /// (`SimplexSolver.shiftConstant`).
    var constantShift = 0.0

    public init(_ expression: LinearExpression, _ relation: Relation, strength: Double = Strength.required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    public var isRequired: Bool { strength >= Strength.required }
}

/// How much an optional constraint weighs against the others it conflicts with.
///
/// UIKit's priorities run from 1 to 1000, and 1000 is required: a required constraint always
/// holds. An optional priority `p` weighs 10^(9p/1000): 250 weighs 178, 500 about 31,600, 750
/// about 5.6 million and 999 about 10^9. The solver minimises the sum of each optional
/// constraint's weight times its error, so a constraint wins against one of lower priority
/// that it conflicts with point for point (each priority point is a factor of 1.021). UIKit
/// documents that higher priorities are satisfied first, whatever the lower ones add up to;
/// here enough lower-priority constraints pulling the same way (a thousand at 250 against one
/// at 500, say) can outweigh a higher one. Ordinary layouts never come near that.
public enum Strength {
    public static let required = 1e30

    /// The weight of an optional UIKit priority (clamped to 1 ... 999).
    public static func weight(ofPriority priority: Double) -> Double {
        let clamped = min(max(priority, 1), 999)
        return pow(10, 9 * clamped / 1000)
    }
}
