import BenchWorkloads
import Benchmark
import CBaselines
import Foundation
import HeadlessUI
import LuaRuntime

/// The identity transform as a plain table, for the raw baseline.
let identityTable =
    "{ m11 = 1, m12 = 0, m13 = 0, m14 = 0, m21 = 0, m22 = 1, m23 = 0, m24 = 0, "
    + "m31 = 0, m32 = 0, m33 = 1, m34 = 0, m41 = 0, m42 = 0, m43 = 0, m44 = 1 }"

let structBenchmarks: @Sendable () -> Void = {
    Benchmark("raw lua_CFunction reading two struct tables") { benchmark in
        try time(
            benchmark,
            plainLoop(
                function: bench_offset_point_function(),
                loop: """
                    local f = ... local p, s = { x = 1, y = 2 }, { width = 3, height = 4 } local x
                    for i = 1, \(callsPerRun) do x = f(p, s) end return x
                    """))
    }
    Benchmark("bridge: CATransform3D Rotate from Lua") { benchmark in
        try measureLua(
            benchmark,
            """
            local CaTransform3D = require "QuartzCore.CATransform3D"
            local t, x = CaTransform3D.Identity
            for i = 1, \(callsPerRun) do x = CaTransform3D.Rotate(t, 0.5, 0, 0, 1) end
            return x
            """
        ) { try UIWorld(options: unlimited) }
    }
    Benchmark("raw lua_CFunction rotating a transform table") { benchmark in
        try time(
            benchmark,
            plainLoop(
                function: bench_rotate_transform_function(),
                loop: """
                    local f = ... local t, x = \(identityTable)
                    for i = 1, \(callsPerRun) do x = f(t, 0.5, 0, 0, 1) end return x
                    """))
    }
}
