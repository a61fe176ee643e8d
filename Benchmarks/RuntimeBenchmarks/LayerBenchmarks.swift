import BenchWorkloads
import Benchmark
import CPangoBaseline
import Foundation
import HeadlessUI
import ObjectBridge
import Rendering

/// A phone screen of 200 progress rings (CAShapeLayers stroking a circle 16 points wide, 20
/// rings across ten rows), each with its stroke end animating when `animating`.
func makeRingsWorld(animating: Bool) throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        local window = objc.UIApplication.sharedApplication.keyWindow
        window.backgroundColor = objc.UIColor.whiteColor
        for index = 0, \(LayerBench.ringCount - 1) do
            local ring = objc.CAShapeLayer:layer()
            local x, y = 10 + (index % 20) * 18, 80 + (index // 20) * 50
            ring.path = objc.UIBezierPath:bezierPathWithArcCenter_radius_startAngle_endAngle_clockwise(
                struct.CGPoint(x, y), \(LayerBench.radius), -math.pi / 2, 3 * math.pi / 2, true).CGPath
            ring.strokeColor = objc.UIColor.systemBlueColor.CGColor
            ring.fillColor = nil
            ring.lineWidth = \(LayerBench.lineWidth)
            ring.strokeEnd = \(LayerBench.shownFraction)
            window.layer:addSublayer(ring)
            if \(animating) then
                local grow = objc.CABasicAnimation:animationWithKeyPath("strokeEnd")
                -- Around what the still rings show, so that both screens draw as much.
                grow.fromValue, grow.toValue, grow.duration = \(LayerBench.shownFraction) - 0.05, \(LayerBench.shownFraction) + 0.05, 1000
                grow.repeatCount = math.huge
                ring:addAnimation_forKey(grow, "grow")
            end
        end
        """, chunkName: "=rings")
    try world.layoutPass()
    return world
}

enum LayerBench {
    static let ringCount = 200
    static let radius = 7.0
    static let lineWidth = 3.0
    /// What each ring shows: the animation's value after one frame is about this too.
    static let shownFraction = 0.6

    /// The same rings drawn straight with Cairo: a white screen, then each arc stroked.
    static func drawDirectly(size: CGSize, scale: Double) {
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(size.width * scale), Int32(size.height * scale)),
            let cairo = cairo_create(surface)
        else { return }
        cairo_scale(cairo, scale, scale)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 0, 122.0 / 255, 1)
        cairo_set_line_width(cairo, lineWidth)
        for index in 0..<ringCount {
            let (x, y) = (10 + Double(index % 20) * 18, 80 + Double(index / 20) * 50)
            cairo_new_path(cairo)
            cairo_arc(cairo, x, y, radius, -Double.pi / 2, -Double.pi / 2 + 2 * Double.pi * shownFraction)
            cairo_stroke(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }
}

nonisolated(unsafe) var ringWorlds: [String: UIWorld] = [:]

let layerBenchmarks: @Sendable () -> Void = {
    let configuration = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 5, maxDuration: .seconds(10), maxIterations: 2000))
    /// One frame: the clock moves on a sixtieth of a second (with its layout and display
    /// passes), then the screen is drawn.
    func frame(_ key: String, animating: Bool) throws {
        if ringWorlds[key] == nil { ringWorlds[key] = try makeRingsWorld(animating: animating) }
        guard let world = ringWorlds[key] else { return }
        _ = try world.clock.advance(by: 1.0 / 60)
        try ScreenRenderer.render(world).rasterized { blackHole($0) }
    }
    Benchmark(
        "layers: a frame of 200 shape layers animating strokeEnd", configuration: configuration,
        closure: { _ in try frame("animating", animating: true) }, teardown: { ringWorlds["animating"] = nil })
    Benchmark(
        "layers: the same frame with no animation running", configuration: configuration,
        closure: { _ in try frame("still", animating: false) }, teardown: { ringWorlds["still"] = nil })
    Benchmark(
        "layers: rendering the 200 rings", configuration: configuration,
        closure: { _ in
            if ringWorlds["render"] == nil { ringWorlds["render"] = try makeRingsWorld(animating: false) }
            guard let world = ringWorlds["render"] else { return }
            try ScreenRenderer.render(world).rasterized { blackHole($0) }
        }, teardown: { ringWorlds["render"] = nil })
    Benchmark("layers: the same arcs stroked straight with Cairo", configuration: configuration) { _ in
        LayerBench.drawDirectly(size: DeviceProfile.phone.size, scale: DeviceProfile.phone.scale)
    }
    Benchmark("typing: the same delegate called 1,000 times from Lua") { benchmark in
        let world = try makeTypingWorld()
        let chunk = try world.bridge.state.load(
            """
            local accepted = 0
            for index = 1, #typed do
                if watcher:textField_shouldChangeCharactersInRange_replacementString(
                    field, { location = index - 1, length = 0 }, typed:sub(index, index)) then
                    accepted = accepted + 1
                end
            end
            return accepted
            """, chunkName: "=typing")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try chunk.call()) }
        benchmark.stopMeasurement()
    }
}
