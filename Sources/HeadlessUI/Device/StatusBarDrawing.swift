import Foundation

/// The status bar as the device draws it over the app (Apple's marketing time, 9:41, a full
/// signal, Wi-Fi and a full battery), laid out as each kind of device lays it out: the time in
/// the middle on a phone with a home button, at the left of the Dynamic Island on a phone
/// without one, and with the date at the left on a tablet. The sizes follow screenshots.
public enum StatusBarDrawing {
    /// The status bar of `application`'s screen, or nil when it does not show.
    public static func drawing(for application: Application, text: TextEngine) -> Drawing? {
        let profile = application.screen.profile
        let height = profile.statusBarHeight
        guard application.showsStatusBar, height > 0 else { return nil }
        let width = application.screen.bounds.width
        // UIStatusBarStyleLightContent is white, dark content black, and the default follows the
        // appearance of the key window: black in light, white in dark.
        let dark = (application.keyWindow?.effectiveStyle ?? profile.appearance) == .dark
        let light = application.statusBarStyle == 1 || (application.statusBarStyle == 0 && dark)
        let ink = Color(white: light ? 1 : 0, alpha: 1)
        return Drawing(size: CGSize(width: width, height: height)) { drawing in
            if profile.isPad {
                drawTablet(width: width, height: height, ink, text, &drawing)
            } else if height > 20 {
                drawIslandPhone(width: width, height: height, ink, text, &drawing)
            } else {
                drawClassicPhone(width: width, height: height, ink, text, &drawing)
            }
        }
    }

    private static func drawClassicPhone(
        width: Double, height: Double, _ ink: Color, _ text: TextEngine, _ drawing: inout Drawing
    ) {
        let middle = height / 2
        drawing.write(
            "9:41 AM", Font.system(12, weight: 600, text: text), in: CGRect(x: 0, y: 0, width: width, height: height),
            alignment: 1, ink)
        let signalWidth = signal(left: 6, middle: middle, scale: 1, ink, &drawing)
        wifi(left: 6 + signalWidth + 4, middle: middle, scale: 1, ink, &drawing)
        _ = battery(right: width - 6, middle: middle, scale: 1, ink, &drawing)
    }

    private static func drawIslandPhone(
        width: Double, height: Double, _ ink: Color, _ text: TextEngine, _ drawing: inout Drawing
    ) {
        let middle = height * 0.44  // level with the island, above the bar's middle
        let ear = width * 0.34  // the room beside the island
        drawing.write(
            "9:41", Font.system(17, weight: 600, text: text),
            in: CGRect(x: 16, y: middle - 11, width: ear - 16, height: 22),
            alignment: 1, ink)
        let scale = 1.2
        let batteryLeft = battery(right: width - 26, middle: middle, scale: scale, ink, &drawing)
        let wifiLeft = batteryLeft - 6 - wifiWidth * scale
        wifi(left: wifiLeft, middle: middle, scale: scale, ink, &drawing)
        _ = signal(left: wifiLeft - 6 - signalWidth * scale, middle: middle, scale: scale, ink, &drawing)
    }

    private static func drawTablet(
        width: Double, height: Double, _ ink: Color, _ text: TextEngine, _ drawing: inout Drawing
    ) {
        let middle = height / 2
        drawing.write(
            "9:41 AM   Tue Jan 9", Font.system(12, weight: 600, text: text),
            in: CGRect(x: 20, y: 0, width: width / 3, height: height), alignment: 0, ink)
        let batteryLeft = battery(right: width - 20, middle: middle, scale: 1, ink, &drawing)
        drawing.write(
            "100%", Font.system(12, weight: 600, text: text),
            in: CGRect(x: batteryLeft - 44, y: 0, width: 40, height: height), alignment: 2, ink)
        wifi(left: batteryLeft - 44 - 6 - wifiWidth, middle: middle, scale: 1, ink, &drawing)
    }

    static let signalWidth = 4 * 3 + 3 * 1.5

    /// Four bars rising to the right; returns their width.
    private static func signal(left: Double, middle: Double, scale: Double, _ ink: Color, _ drawing: inout Drawing)
        -> Double
    {
        let bottom = middle + 5.5 * scale
        var path = DrawingPath()
        for (index, barHeight) in [4.0, 6.0, 8.5, 11.0].enumerated() {
            let x = left + Double(index) * 4.5 * scale
            path.addRoundedRect(
                CGRect(x: x, y: bottom - barHeight * scale, width: 3 * scale, height: barHeight * scale),
                radius: 0.8 * scale)
        }
        drawing.fill(path, ink)
        return signalWidth * scale
    }

    static let wifiWidth = 15.5

    /// Wi-Fi's fan: a dot and two arcs above it, within `wifiWidth` x 11.
    private static func wifi(left: Double, middle: Double, scale: Double, _ ink: Color, _ drawing: inout Drawing) {
        let center = CGPoint(x: left + wifiWidth * scale / 2, y: middle + 5 * scale)
        let (start, end) = (-Double.pi * 3 / 4, -Double.pi / 4)
        var dot = DrawingPath()
        dot.move(to: center)
        dot.arc(center: center, radius: 3.5 * scale, start: start, end: end, clockwise: true)
        dot.close()
        drawing.fill(dot, ink)
        var arcs = DrawingPath()
        for radius in [6.8, 10.0] {
            arcs.move(to: CGPoint(x: center.x + cos(start) * radius * scale, y: center.y + sin(start) * radius * scale))
            arcs.arc(center: center, radius: radius * scale, start: start, end: end, clockwise: true)
        }
        drawing.stroke(arcs, ink, width: 2 * scale)
    }

    /// A full battery: a faint outline and nub, filled inside; returns its left edge.
    private static func battery(right: Double, middle: Double, scale: Double, _ ink: Color, _ drawing: inout Drawing)
        -> Double
    {
        let (bodyWidth, bodyHeight) = (23.0 * scale, 11.5 * scale)
        let nubWidth = 1.5 * scale
        let left = right - nubWidth - 1 * scale - bodyWidth
        let body = CGRect(x: left, y: middle - bodyHeight / 2, width: bodyWidth, height: bodyHeight)
        let faint = Color(red: ink.red, green: ink.green, blue: ink.blue, alpha: 0.4)
        var outline = DrawingPath()
        outline.addRoundedRect(body.insetBy(dx: 0.5 * scale, dy: 0.5 * scale), radius: 3 * scale)
        drawing.stroke(outline, faint, width: 1 * scale)
        var nub = DrawingPath()
        nub.addRoundedRect(
            CGRect(x: body.maxX + 1 * scale, y: middle - 2 * scale, width: nubWidth, height: 4 * scale),
            radius: 0.7 * scale)
        drawing.fill(nub, faint)
        var charge = DrawingPath()
        charge.addRoundedRect(body.insetBy(dx: 2 * scale, dy: 2 * scale), radius: 1.5 * scale)
        drawing.fill(charge, ink)
        return left
    }
}
