import BenchWorkloads
import Benchmark
import Foundation
import HeadlessUI

/// A phone-sized collection view of 100k items, 110 points square, three to a row: about 20
/// cells show. Lua globals: `cv`.
func makeScrollWorld() throws -> UIWorld {
    let world = try makeFlowWorld(items: 100_000, size: "{ width = 110, height = 110 }")
    try world.bridge.state.run("cv = controller.collectionView", chunkName: "=scroll")
    return world
}

let scrollBenchmarks: @Sendable () -> Void = {
    // A frame of the deceleration a flick leaves (package-benchmark makes a world, and so a
    // flick, for each measured run): the content moves, rows come and go, cells are recycled.
    Benchmark("scroll: one frame of deceleration, 20 visible cells") { benchmark in
        try measureLua(benchmark, "simulate.frames(1)") {
            let world = try makeScrollWorld()
            try world.bridge.state.run(
                "simulate.flick { from = { x = 100, y = 600 }, to = { x = 100, y = 100 }, duration = 0.05 }",
                chunkName: "=scroll")
            return world
        }
    }
    Benchmark("scroll: the same display pass without scrolling, 20 visible cells") { benchmark in
        try measureLua(benchmark, "cv:setNeedsLayout() simulate.frames(1)", in: makeScrollWorld)
    }
}
