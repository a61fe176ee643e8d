import Foundation

/// `UIUserInterfaceLevel`: whether content sits on the base level or is elevated above it (a
/// sheet, a form sheet). In dark appearance the system backgrounds are lighter in elevated
/// content, so that a sheet stands out from what is under it.
public enum UserInterfaceLevel: Int, Sendable {
    case unspecified = -1
    case base, elevated

    /// The level dynamic colours resolve in now: the drawn view's while it draws.
    @TaskLocal public static var current = UserInterfaceLevel.unspecified

    /// Runs `body` with `level` current. Only elevated content pushes it: base content resolves
    /// as unspecified does, and drawing every view must not pay for a push it does not need.
    public static func resolving<R>(in level: UserInterfaceLevel, _ body: () throws -> R) rethrows -> R {
        level == .elevated ? try $current.withValue(level, operation: body) : try body()
    }
}

extension View {
    /// Whether this view begins elevated content: a sheet, or the view of a controller
    /// presented as a form sheet.
    public var beginsElevatedContent: Bool {
        self is SheetView || viewController?.presentedShowing == .formSheet
    }

    /// The level this view draws in: elevated inside a sheet or a form sheet.
    public var effectiveLevel: UserInterfaceLevel {
        var current: View? = self
        while let view = current {
            if view.beginsElevatedContent { return .elevated }
            current = view.superview
        }
        return .base
    }
}
