import Foundation
import ObjectBridge

/// What scripts see of Core Graphics drawing and UIKit's drawing helpers: `CGContext`,
/// `CGGradient`, `CGColorSpace` and `UIBezierPath`, and the functions of `UIKit.UIGraphics`,
/// `CoreGraphics.CGContext`, `CoreGraphics.CGGradient` and `CoreGraphics.CGColorSpace`.
/// Every number that reaches a drawing is checked finite, so a script's bad value is an error
/// that names it, never a broken picture.
enum Graphics {
    static func nativeClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            NativeClass("CGContext", superclass: "NSObject", type: GraphicsContext.self, allocate: nil) { _ in },
            NativeClass("CGGradient", superclass: "NSObject", type: Gradient.self, allocate: nil) { _ in },
            NativeClass("CGColorSpace", superclass: "NSObject", type: ColorSpace.self, allocate: nil) { _ in },
            bezierPathClass(environment),
        ]
    }

    static func modules(_ environment: UIEnvironment) -> [BindingModule] {
        [
            uiGraphics(environment).module, context.module, gradient.module, colorSpace.module, path.module,
            color.module, coreFoundation.module,
        ]
    }

    // MARK: UIKit.UIGraphics

    static func uiGraphics(_ environment: UIEnvironment) -> HeaderFunctions {
        HeaderFunctions("UIKit.UIGraphics") { h in
            h.function("UIGraphicsGetCurrentContext", []) { () -> GraphicsContext? in environment.graphics.top }
            h.function("UIGraphicsPushContext", ["context"]) { (context: GraphicsContext) in
                try environment.graphics.push(context, bridge: environment.bridge)
            }
            h.function("UIGraphicsPopContext", []) { () in environment.graphics.pop() }
            h.function("UIGraphicsBeginImageContext", ["size"]) { (size: CGSize) in
                try beginImageContext(size, scale: 1, environment)
            }
            h.function("UIGraphicsBeginImageContextWithOptions", ["size", "opaque", "scale"]) {
                (size: CGSize, _: Bool, scale: Double) in
                guard scale.isFinite, scale >= 0, scale <= 16 else {
                    throw ScriptValueError("scale \(scale) must be 0 (the screen's) to 16")
                }
                try beginImageContext(size, scale: scale == 0 ? environment.screen.profile.scale : scale, environment)
            }
            h.function("UIGraphicsGetImageFromCurrentImageContext", []) { () -> Image? in
                guard let context = environment.graphics.top, context.isImageContext else { return nil }
                return Image(drawing: context.drawing, scale: context.scale)
            }
            h.function("UIGraphicsEndImageContext", []) { () in
                if environment.graphics.top?.isImageContext == true { environment.graphics.pop() }
            }
            h.function("UIRectFill", ["rect"]) { (rect: CGRect) in
                guard let context = environment.graphics.top else { return }
                context.record(.fill(rectangle(try GeometryCheck.rect(rect, "rect")), evenOdd: false))
            }
            h.function("UIRectFrame", ["rect"]) { (rect: CGRect) in
                guard let context = environment.graphics.top else { return }
                context.record(.stroke(rectangle(try GeometryCheck.rect(rect, "rect").insetBy(dx: 0.5, dy: 0.5))))
            }
        }
    }

    private static func beginImageContext(_ size: CGSize, scale: Double, _ environment: UIEnvironment) throws {
        let size = try GeometryCheck.size(size, "size")
        guard size.width * scale <= 16_384, size.height * scale <= 16_384 else {
            throw ScriptValueError(
                "an image context of \(size.width)x\(size.height) at @\(scale)x is larger than 16384 pixels a side")
        }
        try environment.graphics.push(
            GraphicsContext(size: size, scale: scale, isImageContext: true), bridge: environment.bridge)
    }

    static func rectangle(_ rect: CGRect) -> DrawingPath {
        var path = DrawingPath()
        path.addRect(rect)
        return path
    }

    // MARK: CoreGraphics.CGContext

    static var context: HeaderFunctions {
        HeaderFunctions("CoreGraphics.CGContext") { h in
            h.function("CGContextSaveGState", ["c"]) { (c: GraphicsContext) in c.record(.save) }
            h.function("CGContextRestoreGState", ["c"]) { (c: GraphicsContext) in c.record(.restore) }
            h.function("CGContextTranslateCTM", ["c", "tx", "ty"]) { (c: GraphicsContext, x: Double, y: Double) in
                c.record(.concat(CGAffineTransform.translation(try finite(x, "tx"), try finite(y, "ty"))))
            }
            h.function("CGContextScaleCTM", ["c", "sx", "sy"]) { (c: GraphicsContext, x: Double, y: Double) in
                c.record(.concat(CGAffineTransform.scale(try finite(x, "sx"), try finite(y, "sy"))))
            }
            h.function("CGContextRotateCTM", ["c", "angle"]) { (c: GraphicsContext, angle: Double) in
                c.record(.concat(CGAffineTransform.rotation(try finite(angle, "angle"))))
            }
            h.function("CGContextConcatCTM", ["c", "transform"]) { (c: GraphicsContext, t: CGAffineTransform) in
                c.record(.concat(try GeometryCheck.fields(t, "transform")))
            }
            h.function("CGContextSetFillColorWithColor", ["c", "color"]) { (c: GraphicsContext, color: Color?) in
                c.record((color ?? Color(white: 0, alpha: 0)).fillCommand())
            }
            h.function("CGContextSetStrokeColorWithColor", ["c", "color"]) { (c: GraphicsContext, color: Color?) in
                c.record((color ?? Color(white: 0, alpha: 0)).strokeCommand())
            }
            h.function("CGContextSetRGBFillColor", ["c", "red", "green", "blue", "alpha"]) {
                (c: GraphicsContext, r: Double, g: Double, b: Double, a: Double) in
                c.record(.fillColor(DrawingColor(try rgb(r, g, b, a))))
            }
            h.function("CGContextSetRGBStrokeColor", ["c", "red", "green", "blue", "alpha"]) {
                (c: GraphicsContext, r: Double, g: Double, b: Double, a: Double) in
                c.record(.strokeColor(DrawingColor(try rgb(r, g, b, a))))
            }
            h.function("CGContextSetAlpha", ["c", "alpha"]) { (c: GraphicsContext, alpha: Double) in
                c.record(.alpha(min(1, max(0, try finite(alpha, "alpha")))))
            }
            h.function("CGContextSetLineWidth", ["c", "width"]) { (c: GraphicsContext, width: Double) in
                c.record(.lineWidth(max(0, try finite(width, "width"))))
            }
            h.function("CGContextSetLineCap", ["c", "cap"]) { (c: GraphicsContext, cap: Int) in
                c.record(.lineCap(try style(cap, "cap")))
            }
            h.function("CGContextSetLineJoin", ["c", "join"]) { (c: GraphicsContext, join: Int) in
                c.record(.lineJoin(try style(join, "join")))
            }
            h.function("CGContextSetMiterLimit", ["c", "limit"]) { (c: GraphicsContext, limit: Double) in
                c.record(.miterLimit(max(1, try finite(limit, "limit"))))
            }
            h.function("CGContextSetLineDash", ["c", "phase", "lengths", "count"]) {
                (c: GraphicsContext, phase: Double, lengths: [Double]?, count: Int?) in
                c.record(
                    .dash(phase: try finite(phase, "phase"), lengths: try dashLengths(lengths ?? [], count: count)))
            }
            h.function("CGContextSetShadow", ["c", "offset", "blur"]) {
                (c: GraphicsContext, offset: CGSize, blur: Double) in
                c.record(
                    .shadow(
                        offset: try GeometryCheck.offset(offset, "offset"), blur: max(0, try finite(blur, "blur")),
                        color: DrawingColor(Color(white: 0, alpha: 1.0 / 3))))
            }
            h.function("CGContextSetShadowWithColor", ["c", "offset", "blur", "color"]) {
                (c: GraphicsContext, offset: CGSize, blur: Double, color: Color?) in
                c.record(
                    .shadow(
                        offset: try GeometryCheck.offset(offset, "offset"), blur: max(0, try finite(blur, "blur")),
                        color: color.map(DrawingColor.init)))
            }
            h.function("CGContextFillRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.record(.fill(rectangle(try GeometryCheck.rect(rect, "rect")), evenOdd: false))
            }
            h.function("CGContextStrokeRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.record(.stroke(rectangle(try GeometryCheck.rect(rect, "rect"))))
            }
            h.function("CGContextStrokeRectWithWidth", ["c", "rect", "width"]) {
                (c: GraphicsContext, rect: CGRect, width: Double) in
                c.record(.save)
                c.record(.lineWidth(max(0, try finite(width, "width"))))
                c.record(.stroke(rectangle(try GeometryCheck.rect(rect, "rect"))))
                c.record(.restore)
            }
            h.function("CGContextFillEllipseInRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.record(.fill(try ellipse(rect), evenOdd: false))
            }
            h.function("CGContextStrokeEllipseInRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.record(.stroke(try ellipse(rect)))
            }
            h.function("CGContextBeginPath", ["c"]) { (c: GraphicsContext) in c.path = DrawingPath() }
            h.function("CGContextMoveToPoint", ["c", "x", "y"]) { (c: GraphicsContext, x: Double, y: Double) in
                c.path.move(to: try point(x, y))
            }
            h.function("CGContextAddLineToPoint", ["c", "x", "y"]) { (c: GraphicsContext, x: Double, y: Double) in
                c.path.line(to: try point(x, y))
            }
            h.function("CGContextAddCurveToPoint", ["c", "cp1x", "cp1y", "cp2x", "cp2y", "x", "y"]) {
                (c: GraphicsContext, c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double) in
                c.path.curve(to: try point(x, y), control1: try point(c1x, c1y), control2: try point(c2x, c2y))
            }
            h.function("CGContextAddQuadCurveToPoint", ["c", "cpx", "cpy", "x", "y"]) {
                (c: GraphicsContext, cx: Double, cy: Double, x: Double, y: Double) in
                c.path.quadCurve(to: try point(x, y), control: try point(cx, cy))
            }
            // CG's `clockwise` is in its unflipped space: 0 draws increasing angles, which run
            // clockwise on a y-down screen.
            h.function("CGContextAddArc", ["c", "x", "y", "radius", "startAngle", "endAngle", "clockwise"]) {
                (c: GraphicsContext, x: Double, y: Double, radius: Double, start: Double, end: Double, clockwise: Int)
                in
                c.path.arc(
                    center: try point(x, y), radius: abs(try finite(radius, "radius")),
                    start: try finite(start, "startAngle"),
                    end: try finite(end, "endAngle"), clockwise: clockwise == 0)
            }
            h.function("CGContextAddRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.path.addRect(try GeometryCheck.rect(rect, "rect"))
            }
            h.function("CGContextAddEllipseInRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.path.append(try ellipse(rect))
            }
            h.function("CGContextAddPath", ["c", "path"]) { (c: GraphicsContext, path: BezierPath) in
                c.path.append(path.path)
            }
            h.function("CGContextClosePath", ["c"]) { (c: GraphicsContext) in c.path.close() }
            h.function("CGContextIsPathEmpty", ["c"]) { (c: GraphicsContext) in c.path.isEmpty }
            h.function("CGContextGetPathBoundingBox", ["c"]) { (c: GraphicsContext) in c.path.bounds }
            h.function("CGContextFillPath", ["c"]) { (c: GraphicsContext) in
                c.record(.fill(c.takePath(), evenOdd: false))
            }
            h.function("CGContextEOFillPath", ["c"]) { (c: GraphicsContext) in
                c.record(.fill(c.takePath(), evenOdd: true))
            }
            h.function("CGContextStrokePath", ["c"]) { (c: GraphicsContext) in c.record(.stroke(c.takePath())) }
            h.function("CGContextDrawPath", ["c", "mode"]) { (c: GraphicsContext, mode: Int) in
                guard (0...4).contains(mode) else {
                    throw ScriptValueError("mode \(mode) is not a CGPathDrawingMode (0 to 4)")
                }
                let path = c.takePath()
                if mode != 2 { c.record(.fill(path, evenOdd: mode == 1 || mode == 4)) }
                if mode >= 2 { c.record(.stroke(path)) }
            }
            h.function("CGContextClip", ["c"]) { (c: GraphicsContext) in c.record(.clip(c.takePath(), evenOdd: false)) }
            h.function("CGContextEOClip", ["c"]) { (c: GraphicsContext) in c.record(.clip(c.takePath(), evenOdd: true))
            }
            h.function("CGContextClipToRect", ["c", "rect"]) { (c: GraphicsContext, rect: CGRect) in
                c.record(.clip(rectangle(try GeometryCheck.rect(rect, "rect")), evenOdd: false))
            }
            h.function("CGContextDrawLinearGradient", ["c", "gradient", "startPoint", "endPoint", "options"]) {
                (c: GraphicsContext, gradient: Gradient, start: CGPoint, end: CGPoint, options: Int) in
                c.record(
                    .linearGradient(
                        gradient.stops, start: try GeometryCheck.point(start, "startPoint"),
                        end: try GeometryCheck.point(end, "endPoint"), options: options))
            }
            h.function(
                "CGContextDrawRadialGradient",
                ["c", "gradient", "startCenter", "startRadius", "endCenter", "endRadius", "options"]
            ) {
                (
                    c: GraphicsContext, gradient: Gradient, startCenter: CGPoint, startRadius: Double,
                    endCenter: CGPoint,
                    endRadius: Double, options: Int
                ) in
                c.record(
                    .radialGradient(
                        gradient.stops, startCenter: try GeometryCheck.point(startCenter, "startCenter"),
                        startRadius: max(0, try finite(startRadius, "startRadius")),
                        endCenter: try GeometryCheck.point(endCenter, "endCenter"),
                        endRadius: max(0, try finite(endRadius, "endRadius")), options: options))
            }
            h.enumeration(
                cType: "CGPathDrawingMode", constants: "kCGPath", aliases: ["PathDrawingMode"],
                [("Fill", 0), ("EOFill", 1), ("Stroke", 2), ("FillStroke", 3), ("EOFillStroke", 4)])
            for (name, value) in [
                ("kCGLineCapButt", 0), ("kCGLineCapRound", 1), ("kCGLineCapSquare", 2),
                ("kCGLineJoinMiter", 0), ("kCGLineJoinRound", 1), ("kCGLineJoinBevel", 2),
                ("kCGPathFill", 0), ("kCGPathEOFill", 1), ("kCGPathStroke", 2), ("kCGPathFillStroke", 3),
                ("kCGPathEOFillStroke", 4), ("kCGGradientDrawsBeforeStartLocation", 1),
                ("kCGGradientDrawsAfterEndLocation", 2),
            ] {
                h.constant(name, value)
            }
        }
    }

    // MARK: CoreGraphics.CGGradient and CGColorSpace

    static var gradient: HeaderFunctions {
        HeaderFunctions("CoreGraphics.CGGradient") { h in
            h.enumeration(
                cType: "CGGradientDrawingOptions", constants: "kCGGradientDraws",
                [("BeforeStartLocation", 1), ("AfterEndLocation", 2)])
            h.function("CGGradientRelease", ["gradient"]) { (_: Gradient) in }
            h.function("CGGradientCreateWithColors", ["space", "colors", "locations"]) {
                (_: ColorSpace?, colors: [Color], locations: [Double]?) in
                try Gradient(colors: colors, locations: locations)
            }
            h.function("CGGradientCreateWithColorComponents", ["space", "components", "locations", "count"]) {
                (_: ColorSpace?, components: [Double], locations: [Double]?, count: Int) in
                guard count >= 1, components.count >= count * 4 else {
                    throw ScriptValueError(
                        "components has \(components.count) numbers; \(count) colours need \(count * 4)")
                }
                let colors = try (0..<count).map { index in
                    try rgb(
                        components[index * 4], components[index * 4 + 1], components[index * 4 + 2],
                        components[index * 4 + 3])
                }
                return try Gradient(colors: colors, locations: locations.map { Array($0.prefix(count)) })
            }
        }
    }

    static var colorSpace: HeaderFunctions {
        HeaderFunctions("CoreGraphics.CGColorSpace") { h in
            h.function("CGColorSpaceCreateDeviceRGB", []) { () in ColorSpace() }
            // Objects are counted by the bridge, not by hand: a release takes its object, and does nothing.
            h.function("CGColorSpaceRelease", ["space"]) { (_: ColorSpace) in }
        }
    }

    // MARK: CoreGraphics.CGPath, CGColor, and CoreFoundation.CFBase

    static var path: HeaderFunctions {
        HeaderFunctions("CoreGraphics.CGPath") { h in
            h.enumeration(cType: "CGLineJoin", constants: "kCGLineJoin", [("Miter", 0), ("Round", 1), ("Bevel", 2)])
            h.enumeration(cType: "CGLineCap", constants: "kCGLineCap", [("Butt", 0), ("Round", 1), ("Square", 2)])
            h.function("CGPathRelease", ["path"]) { (_: BezierPath) in }
        }
    }

    static var color: HeaderFunctions {
        HeaderFunctions("CoreGraphics.CGColor") { h in
            h.function("CGColorRelease", ["color"]) { (_: Color) in }
        }
    }

    static var coreFoundation: HeaderFunctions {
        HeaderFunctions("CoreFoundation.CFBase") { h in
            h.function("CFRelease", ["cf"]) { (cf: AnyScriptValue) in
                guard cf.value is BridgeObject else {
                    throw ScriptValueError(
                        "CFRelease expects a Core Foundation object (a colour, a colour space, a gradient, a path)")
                }
            }
        }
    }

    // MARK: Checks

    static func finite(_ value: Double, _ what: String) throws -> Double { try GeometryCheck.finite(value, what) }

    static func point(_ x: Double, _ y: Double) throws -> CGPoint {
        CGPoint(x: try finite(x, "x"), y: try finite(y, "y"))
    }

    static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double) throws -> Color {
        Color(
            red: min(1, max(0, try finite(r, "red"))), green: min(1, max(0, try finite(g, "green"))),
            blue: min(1, max(0, try finite(b, "blue"))), alpha: min(1, max(0, try finite(a, "alpha"))))
    }

    static func style(_ value: Int, _ what: String) throws -> Int {
        guard (0...2).contains(value) else { throw ScriptValueError("\(what) \(value) is not one of 0, 1, 2") }
        return value
    }

    static func ellipse(_ rect: CGRect) throws -> DrawingPath {
        var path = DrawingPath()
        path.addEllipse(in: try GeometryCheck.rect(rect, "rect"))
        return path
    }

    /// A dash pattern Cairo accepts: finite lengths, none negative, not all zero (no dash then).
    static func dashLengths(_ lengths: [Double], count: Int?) throws -> [Double] {
        let used = Array(lengths.prefix(max(0, count ?? lengths.count)))
        guard used.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw ScriptValueError("dash lengths must be numbers of 0 or more, got \(used)")
        }
        return used.contains { $0 > 0 } ? used : []
    }
}

extension Graphics: WorldClasses {
    static func worldModules(_ environment: UIEnvironment) -> [BindingModule] { modules(environment) }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { nativeClasses(environment) }
}
