import Foundation
import ObjectBridge

/// `UIStackView`: lays its arranged subviews out along an axis with constraints it makes
/// itself, as UIKit's does (its `UISV-` constraints): edges to the stack's, spacing between
/// neighbours, sizes by the distribution, and the other axis by the alignment. A hidden
/// arranged subview takes no room.
public final class StackView: View {
    public enum Distribution: Int, Sendable {
        case fill = 0
        case fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading, firstBaseline, center, trailing, lastBaseline
    }

    public private(set) var arrangedSubviews: [View] = []
    /// 0: horizontal, 1: vertical (`UILayoutConstraintAxis`).
    public var axis = 0 { didSet { arrangementChanged() } }
    public var spacing = 0.0 { didSet { arrangementChanged() } }
    public var distribution = Distribution.fill { didSet { arrangementChanged() } }
    public var alignment = Alignment.fill { didSet { arrangementChanged() } }
    public var isBaselineRelativeArrangement = false { didSet { arrangementChanged() } }
    public var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    private var customSpacing: [ObjectIdentifier: Double] = [:]
    /// The constraints and guides the stack made for its arrangement, remade when it changes.
    private var made: [LayoutConstraint] = []
    private var spacers: [LayoutGuide] = []
    private var needsArrangement = true

    public override init() {
        super.init()
        translatesAutoresizingMaskIntoConstraints = true
    }

    func arrangementChanged() {
        needsArrangement = true
        setNeedsUpdateConstraints()
    }

    // MARK: Arranged subviews

    public func addArrangedSubview(_ view: View) throws {
        try insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    public func insertArrangedSubview(_ view: View, at index: Int) throws {
        guard index >= 0, index <= arrangedSubviews.count else {
            throw ScriptValueError("index must be from 0 to \(arrangedSubviews.count), got \(index)")
        }
        if let current = arrangedSubviews.firstIndex(where: { $0 === view }) { arrangedSubviews.remove(at: current) }
        arrangedSubviews.insert(view, at: min(index, arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { try addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view`; it stays a subview, as in UIKit.
    public func removeArrangedSubview(_ view: View) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        customSpacing[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    /// A subview that leaves the stack leaves its arrangement too.
    func subviewLeft(_ view: View) { removeArrangedSubview(view) }

    /// An arranged subview hidden or shown gives up or takes back its room.
    func subviewVisibilityChanged(_ view: View) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementChanged() }
    }

    public func setCustomSpacing(_ spacing: Double, after view: View) {
        customSpacing[ObjectIdentifier(view)] = spacing
        arrangementChanged()
    }

    public func customSpacing(after view: View) -> Double { customSpacing[ObjectIdentifier(view)] ?? spacing }

    // MARK: The constraints

    /// Makes the arrangement's constraints again if it changed (the update-constraints pass).
    func updateArrangement() throws {
        guard needsArrangement else { return }
        needsArrangement = false
        for constraint in made { uninstall(constraint) }
        for guide in spacers { removeLayoutGuide(guide) }
        made = []
        spacers = []
        let shown = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        guard let first = shown.first, let last = shown.last else { return }
        let horizontal = axis == 0
        let (leading, trailing, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let margins = isLayoutMarginsRelativeArrangement
        let stackLeading: LayoutAttribute = margins ? (horizontal ? .leadingMargin : .topMargin) : leading
        let stackTrailing: LayoutAttribute = margins ? (horizontal ? .trailingMargin : .bottomMargin) : trailing
        try add(first, leading, .equal, self, stackLeading)
        try add(self, stackTrailing, .equal, last, trailing)
        try arrangeAlong(shown, leading: leading, trailing: trailing, size: size)
        try alignAcross(shown, horizontal: horizontal, margins: margins)
    }

    private func add(
        _ first: LayoutItem, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation, _ second: LayoutItem?,
        _ secondAttribute: LayoutAttribute, multiplier: Double = 1, constant: Double = 0,
        priority: Double = LayoutPriority.required
    ) throws {
        let constraint = try LayoutConstraint(
            first, firstAttribute, relation, second, secondAttribute, multiplier: multiplier, constant: constant,
            priority: priority, origin: nil)
        constraint.identifier = "UISV-" + (secondAttribute == .notAnAttribute ? "size" : "arrangement")
        install(constraint)
        made.append(constraint)
    }

    /// Neighbours and sizes along the axis, by the distribution.
    private func arrangeAlong(
        _ shown: [View], leading: LayoutAttribute, trailing: LayoutAttribute, size: LayoutAttribute
    )
        throws
    {
        let pairs = Array(zip(shown, shown.dropFirst()))
        switch distribution {
        case .fill, .fillEqually, .fillProportionally:
            for (previous, next) in pairs {
                try add(next, leading, .equal, previous, trailing, constant: customSpacing(after: previous))
            }
        case .equalSpacing, .equalCentering:
            // Spacer guides between neighbours, all the same size, as UIKit makes them.
            let centred = distribution == .equalCentering
            for (previous, next) in pairs {
                let guide = LayoutGuide()
                guide.identifier = "UISV-distributing"
                addLayoutGuide(guide)
                spacers.append(guide)
                let (from, to): (LayoutAttribute, LayoutAttribute) =
                    centred ? (axis == 0 ? (.centerX, .centerX) : (.centerY, .centerY)) : (trailing, leading)
                try add(guide, leading, .equal, previous, from)
                try add(guide, trailing, .equal, next, to)
                try add(
                    next, leading, .greaterThanOrEqual, previous, trailing, constant: customSpacing(after: previous))
                if let firstSpacer = spacers.first, firstSpacer !== guide {
                    try add(guide, size, .equal, firstSpacer, size, priority: centred ? 150 : LayoutPriority.required)
                }
            }
        }
        guard let first = shown.first else { return }
        switch distribution {
        case .fillEqually:
            for view in shown.dropFirst() { try add(view, size, .equal, first, size) }
        case .fillProportionally:
            let sizes = try shown.map { view -> Double in
                let intrinsic = try view.intrinsicSize()
                return max(0, axis == 0 ? intrinsic.width : intrinsic.height)
            }
            guard let base = sizes.first, base > 0 else { return }
            for (view, value) in zip(shown, sizes).dropFirst() where value > 0 {
                try add(
                    view, size, .equal, first, size, multiplier: value / base, priority: LayoutPriority.required - 1)
            }
        default: break
        }
    }

    /// The other axis, by the alignment; a stack not otherwise sized hugs its tallest view.
    private func alignAcross(_ shown: [View], horizontal: Bool, margins: Bool) throws {
        let (top, bottom, center, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.top, .bottom, .centerY, .height) : (.leading, .trailing, .centerX, .width)
        let stackTop: LayoutAttribute = margins ? (horizontal ? .topMargin : .leadingMargin) : top
        let stackBottom: LayoutAttribute = margins ? (horizontal ? .bottomMargin : .trailingMargin) : bottom
        let stackCenter: LayoutAttribute =
            margins ? (horizontal ? .centerYWithinMargins : .centerXWithinMargins) : center
        for view in shown {
            switch alignment {
            case .fill:
                try add(view, top, .equal, self, stackTop)
                try add(self, stackBottom, .equal, view, bottom)
            case .leading:
                try add(view, top, .equal, self, stackTop)
                try add(self, stackBottom, .greaterThanOrEqual, view, bottom)
            case .trailing:
                try add(self, stackBottom, .equal, view, bottom)
                try add(view, top, .greaterThanOrEqual, self, stackTop)
            case .center:
                try add(view, center, .equal, self, stackCenter)
                try add(view, top, .greaterThanOrEqual, self, stackTop)
            case .firstBaseline, .lastBaseline:
                guard horizontal else {
                    try add(view, top, .equal, self, stackTop)  // vertical stacks align baselines as leading
                    try add(self, stackBottom, .greaterThanOrEqual, view, bottom)
                    continue
                }
                let baseline: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if let first = shown.first, view !== first { try add(view, baseline, .equal, first, baseline) }
                try add(view, top, .greaterThanOrEqual, self, stackTop)
                try add(self, stackBottom, .greaterThanOrEqual, view, bottom)
            }
        }
        if alignment != .fill {
            // The stack hugs its content across when nothing else sizes it (UIKit's
            // ambiguity suppression, at priority 25).
            try add(self, size, .equal, nil, .notAnAttribute, constant: 0, priority: 25)
        }
    }
}
