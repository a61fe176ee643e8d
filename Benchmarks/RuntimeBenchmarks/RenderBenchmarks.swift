import Benchmark
import CPangoBaseline
import Foundation
import HeadlessUI
import LiveHost
import Rendering

/// The WordsCollection example's first screen, and what it draws as plain primitives: each
/// shown view's rectangle in window coordinates, its background, its border, its label's text.
final class RenderBench: @unchecked Sendable {
    struct Primitive {
        let rect: CGRect
        let background: Color?
        let border: (width: Double, color: Color)?
        let text: (string: String, face: String, size: Double, color: Color)?
        let shadow: (color: Color, offset: CGSize)?
    }

    let host: LiveHost
    let world: UIWorld
    let primitives: [Primitive]

    init() throws {
        var options = LiveHost.Options()
        options.watch = false
        host = try LiveHost(program: try Program(project: try Project(at: LiveBench.example.path)), options: options) {
            _, _ in
        }
        try host.start()
        guard let world = host.world else { throw ProjectError("the example did not start") }
        self.world = world
        var primitives: [Primitive] = []
        var pending: [View] = [world.window]
        while let view = pending.popLast() {
            guard !view.isHidden else { continue }
            let origin = try view.convert(view.bounds.origin, to: nil)
            let rect = CGRect(origin: origin, size: view.bounds.size)
            let border = view.layer.borderColor.map { (view.layer.borderWidth, $0) }
            let label = view as? Label
            let text = label.flatMap { label in
                label.text.map {
                    (
                        $0, label.effectiveFont.face, label.effectiveFont.pointSize,
                        label.textColor ?? Color(red: 0, green: 0, blue: 0, alpha: 1)
                    )
                }
            }
            let shadow = label.flatMap { label in label.shadowColor.map { ($0, label.shadowOffset) } }
            primitives.append(
                Primitive(rect: rect, background: view.backgroundColor, border: border, text: text, shadow: shadow))
            pending += view.subviews.reversed()
        }
        self.primitives = primitives
    }

    deinit { host.stop() }

    /// The primitives drawn straight with Cairo, and the text with the same Pango engine.
    func drawDirectly() {
        let size = world.screen.profile.size
        let scale = world.screen.profile.scale
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(size.width * scale), Int32(size.height * scale)),
            let cairo = cairo_create(surface)
        else { return }
        cairo_scale(cairo, scale, scale)
        for primitive in primitives {
            let r = primitive.rect
            if let color = primitive.background {
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
                cairo_rectangle(cairo, r.origin.x, r.origin.y, r.size.width, r.size.height)
                cairo_fill(cairo)
            }
            if let (width, color) = primitive.border, width > 0 {
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
                cairo_set_line_width(cairo, width)
                cairo_rectangle(
                    cairo, r.origin.x + width / 2, r.origin.y + width / 2, r.size.width - width, r.size.height - width)
                cairo_stroke(cairo)
            }
            if let (string, face, fontSize, color) = primitive.text {
                var layers = [(color, CGSize.zero)]
                if let shadow = primitive.shadow { layers.insert(shadow, at: 0) }
                for (color, offset) in layers {
                    cairo_save(cairo)
                    cairo_translate(cairo, r.origin.x + offset.width, r.origin.y + offset.height)
                    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
                    world.text.draw(
                        string, face: face, size: fontSize, width: r.size.width, wrap: .words, maxLines: 1,
                        alignment: 1, truncation: .tail, into: cairo)
                    cairo_restore(cairo)
                }
            }
        }
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }
}

nonisolated(unsafe) var renderBenches: [String: RenderBench] = [:]

func renderBenchmarks() {
    let configuration = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 5, maxDuration: .seconds(10), maxIterations: 2000))
    Benchmark(
        "render: the WordsCollection screen at @2x", configuration: configuration,
        closure: { _ in
            let title = "render"
            if renderBenches[title] == nil { renderBenches[title] = try RenderBench() }
            guard let bench = renderBenches[title] else { return }
            try ScreenRenderer.render(bench.world).rasterized { blackHole($0) }
        }, teardown: { renderBenches["render"] = nil })
    // The same screen with every system colour resolved in its dark look.
    Benchmark(
        "render: the WordsCollection screen at @2x in dark appearance", configuration: configuration,
        closure: { _ in
            let title = "dark"
            if renderBenches[title] == nil {
                let bench = try RenderBench()
                try bench.world.setAppearance(.dark)
                renderBenches[title] = bench
            }
            guard let bench = renderBenches[title] else { return }
            try ScreenRenderer.render(bench.world).rasterized { blackHole($0) }
        }, teardown: { renderBenches["dark"] = nil })
    Benchmark(
        "render: the same rectangles, borders and strings drawn directly with Cairo and Pango",
        configuration: configuration,
        closure: { _ in
            if renderBenches["direct"] == nil { renderBenches["direct"] = try RenderBench() }
            renderBenches["direct"]?.drawDirectly()
        }, teardown: { renderBenches["direct"] = nil })
}
