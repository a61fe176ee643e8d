import BenchWorkloads
import Benchmark
import CPangoBaseline
import Foundation
import HeadlessUI
import LuaRuntime

/// Text measurements per run: Pango's work dominates, so fewer than the call benchmarks.
let measurementsPerRun = 2_000
let measuredWord = "Zaphod"

/// Pango called directly, as the baseline of `sizeWithAttributes`: one context and one layout
/// over the DejaVu fonts, unhinted, text and extents per measurement.
final class DirectPango {
    let fontmap = pango_cairo_font_map_new()
    let context: OpaquePointer?
    let layout: OpaquePointer?

    init(face: String, size: Double) {
        context = pango_font_map_create_context(fontmap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        layout = pango_layout_new(context)
        let description = pango_font_description_from_string(face)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontmap)
    }

    func width(_ text: String) -> Double {
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// The height of `text` wrapped at words `width` points wide (every line laid out).
    func height(_ text: String, width: Double) -> Double {
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        defer { pango_layout_set_width(layout, -1) }
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.height) / Double(PANGO_SCALE)
    }
}

/// A world with a 1,000-view tree: ten columns of ten rows of ten views, each inside the last.
func makeHitTestWorld() throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        local root = objc.UIView:newWithFrame(struct.CGRect(0, 0, 375, 667))
        for column = 0, 9 do
            for row = 0, 9 do
                local parent = root
                for depth = 0, 9 do
                    local view = objc.UIView:newWithFrame(struct.CGRect(depth == 0 and column * 37 or 1,
                                                                        depth == 0 and row * 66 or 1, 35 - depth * 2, 64 - depth * 2))
                    parent:addSubview(view)
                    parent = view
                end
            end
        end
        hitRoot = root
        """, chunkName: "=tree")
    return world
}

let uiBenchmarks: @Sendable () -> Void = {
    Benchmark("ui: sizeWithAttributes from Lua") { benchmark in
        let world = try UIWorld(options: unlimited)
        let chunk = try world.bridge.state.load(
            """
            local attributes = { [require("UIKit.NSAttributedString").NSFontAttributeName] = objc.UIFont:systemFontOfSize(17) }
            local word, size = ...
            for i = 1, \(measurementsPerRun) do size = word:sizeWithAttributes(attributes) end
            return size.width
            """, chunkName: "=bench")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try chunk.call(.string(measuredWord))) }
        benchmark.stopMeasurement()
    }
    Benchmark("ui: Pango measurement called directly from Swift") { benchmark in
        let pango = DirectPango(face: "DejaVu Sans", size: 17)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for _ in 0..<measurementsPerRun { blackHole(pango.width(measuredWord)) }
        }
        benchmark.stopMeasurement()
    }
    Benchmark("ui: hit test in a 1,000-view tree from Lua") { benchmark in
        let world = try makeHitTestWorld()
        let chunk = try world.bridge.state.load(
            """
            local hit
            for i = 1, \(measurementsPerRun) do hit = hitRoot:hitTest_withEvent({ x = 200 + i % 10, y = 300 }, nil) end
            return hit
            """, chunkName: "=bench")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try chunk.call()) }
        benchmark.stopMeasurement()
    }
    Benchmark("ui: hit test in a 1,000-view tree from Swift") { benchmark in
        let world = try makeHitTestWorld()
        let root = try world.bridge.state.object(of: world.bridge.state.global("hitRoot"), as: View.self)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for index in 1...measurementsPerRun {
                blackHole(try root?.hitTest(CGPoint(x: 200 + Double(index % 10), y: 300)))
            }
        }
        benchmark.stopMeasurement()
    }
}
