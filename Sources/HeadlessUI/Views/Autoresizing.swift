import Foundation

extension View {
    /// UIKit's side margin for content in something `width` wide (a root view, a cell, a bar):
    /// 16 points, 20 on screens wider than 375.
    static func systemSideMargin(forWidth width: Double) -> Double { width > 375 ? 20 : 16 }
}

/// `UIViewAutoresizing`: which margins and sizes follow the superview's size.
public struct Autoresizing: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = Autoresizing(rawValue: 1 << 0)
    public static let flexibleWidth = Autoresizing(rawValue: 1 << 1)
    public static let flexibleRightMargin = Autoresizing(rawValue: 1 << 2)
    public static let flexibleTopMargin = Autoresizing(rawValue: 1 << 3)
    public static let flexibleHeight = Autoresizing(rawValue: 1 << 4)
    public static let flexibleBottomMargin = Autoresizing(rawValue: 1 << 5)

    static let members: [(String, Int)] = [
        ("None", 0), ("FlexibleLeftMargin", 1), ("FlexibleWidth", 2), ("FlexibleRightMargin", 4),
        ("FlexibleTopMargin", 8), ("FlexibleHeight", 16), ("FlexibleBottomMargin", 32),
    ]

    /// Spreads `delta` over the flexible parts of one axis (leading margin, size, trailing
    /// margin) in proportion to their current lengths, or evenly when they are all zero, as
    /// UIKit does; returns the new parts.
    static func distribute(_ delta: Double, over parts: [Double], flexible: [Bool]) -> [Double] {
        let count = flexible.filter { $0 }.count
        guard count > 0 else { return parts }
        let total = zip(parts, flexible).reduce(0) { $0 + ($1.1 ? max($1.0, 0) : 0) }
        return zip(parts, flexible).map { part, isFlexible in
            guard isFlexible else { return part }
            return part + (total > 0 ? delta * max(part, 0) / total : delta / Double(count))
        }
    }
}

extension View {
    /// This view's frame under its autoresizing mask after its superview's size went from
    /// `old` to `new`; nil when the mask is empty.
    func autoresizedFrame(oldSuperviewSize old: CGSize, newSize new: CGSize) -> CGRect? {
        let mask = Autoresizing(rawValue: autoresizingMask)
        guard !mask.isEmpty else { return nil }
        let frame = self.frame
        let horizontal = Autoresizing.distribute(
            new.width - old.width, over: [frame.minX, frame.width, old.width - frame.maxX],
            flexible: [
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin),
            ])
        let vertical = Autoresizing.distribute(
            new.height - old.height, over: [frame.minY, frame.height, old.height - frame.maxY],
            flexible: [
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin),
            ])
        return CGRect(x: horizontal[0], y: vertical[0], width: max(0, horizontal[1]), height: max(0, vertical[1]))
    }
}
