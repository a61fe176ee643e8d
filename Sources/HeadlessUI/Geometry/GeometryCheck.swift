import Foundation
import ObjectBridge

/// Checks on geometry that comes from scripts: finite numbers, and sizes that are not negative.
enum GeometryCheck {
    static func finite(_ value: Double, _ what: @autoclosure () -> String) throws -> Double {
        guard value.isFinite else { throw ScriptValueError("\(what()) must be a finite number, got \(value)") }
        return value
    }

    static func point(_ point: CGPoint, _ what: @autoclosure () -> String) throws -> CGPoint {
        CGPoint(x: try finite(point.x, "\(what()).x"), y: try finite(point.y, "\(what()).y"))
    }

    static func size(_ size: CGSize, _ what: @autoclosure () -> String) throws -> CGSize {
        let width = try finite(size.width, "\(what()).width")
        let height = try finite(size.height, "\(what()).height")
        guard width >= 0, height >= 0 else {
            throw ScriptValueError("\(what()) must not be negative, got {\(width), \(height)}")
        }
        return CGSize(width: width, height: height)
    }

    /// A size used as a displacement (a shadow's offset): any finite width and height.
    static func offset(_ size: CGSize, _ what: @autoclosure () -> String) throws -> CGSize {
        CGSize(width: try finite(size.width, "\(what()).width"), height: try finite(size.height, "\(what()).height"))
    }

    static func insets(_ insets: UIEdgeInsets, _ what: @autoclosure () -> String) throws -> UIEdgeInsets {
        UIEdgeInsets(
            top: try finite(insets.top, "\(what()).top"), left: try finite(insets.left, "\(what()).left"),
            bottom: try finite(insets.bottom, "\(what()).bottom"), right: try finite(insets.right, "\(what()).right"))
    }

    /// A transform (or any flat struct) whose every field is finite.
    static func fields<T: FlatScriptStruct>(_ value: T, _ what: @autoclosure () -> String) throws -> T {
        for (value, name) in zip(value.fields, T.fieldNames) { _ = try finite(value, "\(what()).\(name)") }
        return value
    }

    static func rect(_ rect: CGRect, _ what: @autoclosure () -> String) throws -> CGRect {
        CGRect(origin: try point(rect.origin, "\(what()).origin"), size: try size(rect.size, "\(what()).size"))
    }
}
