import Cassowary
import Foundation

/// `NSLayoutAttribute`: the edge, size, centre or baseline of an item a constraint relates.
/// Leading and trailing are left and right, as the world lays out left to right.
public enum LayoutAttribute: Int, CaseIterable, Sendable {
    case notAnAttribute = 0
    case left = 1
    case right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline = 11
    case firstBaseline
    case leftMargin = 13
    case rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins = 19
    case centerYWithinMargins

    /// The constants' names, as `NSLayoutAttribute` has them (`Baseline` is `LastBaseline`).
    static let names: [(String, Int)] =
        [
            ("Left", 1), ("Right", 2), ("Top", 3), ("Bottom", 4), ("Leading", 5), ("Trailing", 6), ("Width", 7),
            ("Height", 8), ("CenterX", 9), ("CenterY", 10), ("LastBaseline", 11), ("Baseline", 11),
            ("FirstBaseline", 12), ("LeftMargin", 13), ("RightMargin", 14), ("TopMargin", 15), ("BottomMargin", 16),
            ("LeadingMargin", 17), ("TrailingMargin", 18), ("CenterXWithinMargins", 19),
            ("CenterYWithinMargins", 20), ("NotAnAttribute", 0), ("None", 0),
        ]

    /// Horizontal attributes relate only to horizontal ones, vertical to vertical; sizes
    /// relate to sizes of either axis.
    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .width, .leftMargin, .rightMargin, .leadingMargin,
            .trailingMargin, .centerXWithinMargins:
            true
        default: false
        }
    }

    public var isSize: Bool { self == .width || self == .height }

    /// Whether the attribute is measured from the item's layout margins.
    var isMargin: Bool { rawValue >= LayoutAttribute.leftMargin.rawValue }

    var name: String {
        Self.names.first { $0.1 == rawValue }.map { $0.0.prefix(1).lowercased() + $0.0.dropFirst() } ?? "\(rawValue)"
    }
}

/// `NSLayoutRelation`.
public enum LayoutRelation: Int, Sendable {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1

    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }

    var solverRelation: SolverConstraint.Relation {
        switch self {
        case .lessThanOrEqual: .lessOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterOrEqual
        }
    }
}

/// UIKit's named priorities (`UILayoutPriority`).
public enum LayoutPriority {
    public static let required = 1000.0
    public static let defaultHigh = 750.0
    public static let defaultLow = 250.0
    public static let fittingSizeLevel = 50.0

    static let names: [(String, Double)] = [
        ("UILayoutPriorityRequired", required), ("UILayoutPriorityDefaultHigh", defaultHigh),
        ("UILayoutPriorityDefaultLow", defaultLow), ("UILayoutPriorityFittingSizeLevel", fittingSizeLevel),
        ("UILayoutPriorityDragThatCanResizeScene", 510), ("UILayoutPrioritySceneSizeStayPut", 500),
        ("UILayoutPriorityDragThatCannotResizeScene", 490),
    ]
}
