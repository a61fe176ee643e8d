import Foundation

/// The view properties a UIView animation block animates.
enum AnimatedProperty: CaseIterable {
    case center, bounds, transform, alpha, backgroundColor
}

/// A value of an animated property, in the form animations add up: an animation contributes
/// the difference between where it started and the model value, scaled by what is left of it,
/// so animations of one property started one after another add up as Core Animation's
/// additive animations do. A transform is added as its translation, rotation and scales (so a
/// quarter turn halfway is an eighth of a turn, not a shrunken matrix).
enum AnimatedValue: Equatable {
    case numbers([Double])

    init(_ point: CGPoint) { self = .numbers([point.x, point.y]) }
    init(_ rect: CGRect) { self = .numbers([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]) }
    init(_ alpha: Double) { self = .numbers([alpha]) }

    /// Clear colour is transparent black, as Core Animation interpolates it.
    init(_ color: Color?) {
        let color = color ?? Color(white: 0, alpha: 0)
        self = .numbers([color.red, color.green, color.blue, color.alpha])
    }

    init(_ transform: CGAffineTransform) {
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let angle = atan2(transform.b, transform.a)
        let scaleY =
            scaleX == 0
            ? (transform.c * transform.c + transform.d * transform.d).squareRoot()
            : (transform.a * transform.d - transform.b * transform.c) / scaleX
        self = .numbers([transform.tx, transform.ty, angle, scaleX, scaleY])
    }

    var components: [Double] {
        switch self {
        case .numbers(let values): values
        }
    }

    /// `self - other`, component by component.
    func minus(_ other: AnimatedValue) -> AnimatedValue {
        .numbers(zip(components, other.components).map { $0 - $1 })
    }

    /// `self + other * scale`, component by component.
    func plus(_ other: AnimatedValue, times scale: Double) -> AnimatedValue {
        .numbers(zip(components, other.components).map { $0 + $1 * scale })
    }

    var point: CGPoint {
        let c = components
        return CGPoint(x: c[0], y: c[1])
    }
    var rect: CGRect {
        let c = components
        return CGRect(x: c[0], y: c[1], width: c[2], height: c[3])
    }
    var number: Double { components[0] }
    var color: Color {
        let c = components
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    var transform: CGAffineTransform {
        let c = components
        let (tx, ty, angle, scaleX, scaleY) = (c[0], c[1], c[2], c[3], c[4])
        return CGAffineTransform(
            a: scaleX * cos(angle), b: scaleX * sin(angle), c: -scaleY * sin(angle),
            d: scaleY * cos(angle), tx: tx, ty: ty)
    }
}
