import Benchmark
import Foundation
import HeadlessUI

/// How many numbers one run formats.
let formattedNumbers = 10_000

let foundationBenchmarks: @Sendable () -> Void = {
    Benchmark("foundation: NSNumberFormatter from Lua, 10k numbers") { benchmark in
        try measureLua(
            benchmark,
            """
            local formatter = formatter
            local last
            for i = 1, \(formattedNumbers) do last = formatter:stringFromNumber(i * 1.25) end
            return last
            """
        ) {
            let world = try UIWorld(options: unlimited)
            try world.bridge.state.run(
                """
                formatter = objc.NSNumberFormatter:new()
                formatter.numberStyle = require("Foundation.NSNumberFormatter").Style.DecimalStyle
                formatter.locale = objc.NSLocale:localeWithLocaleIdentifier("en_US")
                """, chunkName: "=formatter")
            return world
        }
    }
    Benchmark("foundation: the same Foundation formatter from Swift, 10k numbers") { benchmark in
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var last: String?
            for i in 1...formattedNumbers { last = formatter.string(from: NSNumber(value: Double(i) * 1.25)) }
            blackHole(last)
        }
        benchmark.stopMeasurement()
    }
}
