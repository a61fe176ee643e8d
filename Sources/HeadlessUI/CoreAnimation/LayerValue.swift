import Foundation
import ObjectBridge

/// A value an animation takes from a script (`fromValue`, `toValue`, a keyframe): a number, a
/// point, a size, a rect, a colour or a transform, kept as given so that it reads back the same.
enum LayerValue: ScriptConvertible {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(Color)
    case transform(CATransform3D)
    /// Components as a layer keeps them (an implicit animation's start).
    case components([Double])

    static var scriptType: ScriptType { .any }

    static func read(from call: BridgeCall, at position: Int32) throws -> LayerValue {
        switch call.frame.type(position) {
        case .number: return .number(try Double.read(from: call, at: position))
        case .boolean: return .number(call.frame.boolean(position) ? 1 : 0)
        case .userdata:
            if let color = call.frame.object(position, as: Color.self) { return .color(color) }
        case .table:
            if let transform = try? CATransform3D.read(from: call, at: position) { return .transform(transform) }
            if let rect = try? CGRect.read(from: call, at: position) { return .rect(rect) }
            if let point = try? CGPoint.read(from: call, at: position) { return .point(point) }
            if let size = try? CGSize.read(from: call, at: position) { return .size(size) }
        default: break
        }
        throw ScriptValueError(
            "an animation's value must be a number, a CGPoint, a CGSize, a CGRect, a colour or a CATransform3D, got "
                + call.describe(position))
    }

    func push(to call: BridgeCall) throws {
        switch self {
        case .number(let value): try value.push(to: call)
        case .point(let point): try point.push(to: call)
        case .size(let size): try size.push(to: call)
        case .rect(let rect): try rect.push(to: call)
        case .color(let color): try color.push(to: call)
        case .transform(let transform): try transform.push(to: call)
        case .components(let values):
            if values.count == 1, let value = values.first {
                try value.push(to: call)
            } else {
                try values.push(to: call)
            }
        }
    }

    /// The object in it (a colour), which the animation holding the value owns.
    var object: BridgeObject? {
        if case .color(let color) = self { return color }
        return nil
    }

    /// The value's components for `keyPath`, or an error saying what the key path takes.
    func components(for keyPath: LayerKeyPath) throws -> [Double] {
        let wanted = keyPath.componentCount
        let found: [Double] =
            switch self {
            case .number(let value): [value]
            case .point(let point): [point.x, point.y]
            case .size(let size): [size.width, size.height]
            case .rect(let rect): [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
            case .color(let color): [color.red, color.green, color.blue, color.alpha]
            case .transform(let transform): LayerKeyPath.components(of: transform)
            case .components(let values): values
            }
        guard found.count == wanted, found.allSatisfy(\.isFinite) else {
            throw ScriptValueError(
                "the key path '\(keyPath.name)' takes \(keyPath.valueDescription), got \(description)")
        }
        return found
    }

    private var description: String {
        switch self {
        case .number(let value): "the number \(value)"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .rect: "a CGRect"
        case .color: "a colour"
        case .transform: "a CATransform3D"
        case .components(let values): "\(values.count) numbers"
        }
    }
}
