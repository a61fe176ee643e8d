/// The stack's enums, with the values of Texture's `ASStackLayoutDefines.h`.
public enum StackDirection: Int, Sendable {
    case vertical = 0
    case horizontal = 1
}

/// `ASStackLayoutJustifyContent`: where children go along the stack when they do not fill it.
public enum StackJustifyContent: Int, Sendable {
    case start = 0
    case center, end, spaceBetween, spaceAround
}

/// `ASStackLayoutAlignItems`: where children go across the stack.
public enum StackAlignItems: Int, Sendable {
    case start = 0
    case end, center, stretch, baselineFirst, baselineLast, notSet
}

/// `ASStackLayoutAlignSelf`: one child's own `StackAlignItems`.
public enum StackAlignSelf: Int, Sendable {
    case auto = 0
    case start, end, center, stretch

    /// The alignment that applies to the child in a stack aligning its items with `items`.
    func resolved(_ items: StackAlignItems) -> StackAlignItems {
        switch self {
        case .auto: items
        case .start: .start
        case .end: .end
        case .center: .center
        case .stretch: .stretch
        }
    }
}

/// `ASStackLayoutFlexWrap`.
public enum StackFlexWrap: Int, Sendable {
    case noWrap = 0
    case wrap
}

/// `ASStackLayoutAlignContent`: where a wrapping stack's lines go across it.
public enum StackAlignContent: Int, Sendable {
    case start = 0
    case center, end, spaceBetween, spaceAround, stretch
}
