// Turns package-benchmark's results into Rebound's ratio table.
//
// Usage: BenchReport OUTPUT.json ROUND.json...
// Each ROUND.json is package-benchmark's `jmh` export of one round of the same run. In each
// round, a comparison divides a benchmark's median wall-clock time by its baseline's; the
// table prints the median of those ratios over the rounds with their spread (min-max), and
// gives a verdict only when the whole spread is on one side of the goal.
import Foundation

/// One row of the table: `name` measured against `baseline`, with the ratio the issue asks for.
/// With `perItem`, each time is first divided by its benchmark's item count.
struct Comparison {
    let name: String
    let baseline: String
    let goal: Double?
    var perItem: (name: Double, baseline: Double) = (1, 1)
    /// The metric compared: wall-clock time unless said.
    var metric = wallClock
}

/// A figure that is not a ratio, read from a percentile of a benchmark's metric and held to
/// its goal (at most).
struct Figure {
    let benchmark: String
    let metric: String
    var percentile = "50.0"
    let goal: Double
    var label: String {
        percentile == "50.0" ? benchmark : "\(benchmark), p\(percentile.replacingOccurrences(of: ".0", with: ""))"
    }
}

let flowCounts: [(String, Double)] = [("1k", 1e3), ("10k", 1e4), ("100k", 1e5), ("1M", 1e6)]

let comparisons =
    [
        Comparison(
            name: "native call: Swift closure (public API)", baseline: "native call: raw lua_CFunction", goal: 1.1),
        // What the closure row cannot go below: a C closure calling through its upvalue.
        Comparison(
            name: "native call: C closure calling through its upvalue", baseline: "native call: raw lua_CFunction",
            goal: nil),
        Comparison(name: "tight loop: time budget set", baseline: "tight loop: no time budget", goal: 1.02),
        Comparison(name: "bridge: native property get", baseline: "native call: raw lua_CFunction", goal: 2),
        Comparison(
            name: "bridge: native record property get (view.bounds)",
            baseline: "native call: raw lua_CFunction making a CGRect record", goal: 2),
        Comparison(
            name: "bridge: native method with two struct arguments",
            baseline: "raw lua_CFunction reading two struct tables",
            goal: 6),
        Comparison(
            name: "bridge: CATransform3D Rotate from Lua", baseline: "raw lua_CFunction rotating a transform table",
            goal: 3),
        Comparison(name: "bridge: script-class method call", baseline: "native call: raw lua_CFunction", goal: nil),
        Comparison(
            name: "bridge: native calls a Lua override returning a number",
            baseline: "raw lua_pcall of a plain Lua function", goal: 3),
        Comparison(
            name: "bridge: native calls a Lua override returning a number, time budget set",
            baseline: "raw lua_pcall of a plain Lua function", goal: nil),
        Comparison(
            name: "bridge: native calls a Lua override returning a struct",
            baseline: "raw lua_pcall of a Lua function returning a struct table", goal: nil),
        Comparison(
            name: "ui: sizeWithAttributes from Lua", baseline: "ui: Pango measurement called directly from Swift",
            goal: 1.5),
        Comparison(
            name: "ui: hit test in a 1,000-view tree from Lua",
            baseline: "ui: hit test in a 1,000-view tree from Swift",
            goal: nil),
    ]
    + flowCounts.dropFirst().map { name, count in
        Comparison(
            name: "flow: prepareLayout, \(name) items, Swift delegate",
            baseline: "flow: prepareLayout, 1k items, Swift delegate",
            goal: nil, perItem: (count, 1e3))
    }
    + flowCounts.dropLast().map { name, _ in
        Comparison(
            name: "flow: prepareLayout, \(name) items, Lua delegate",
            baseline: "flow: prepareLayout, \(name) items, Swift delegate",
            goal: nil)
    } + [
        // What the 100k Lua-delegate row cannot go below: the delegate's own Lua work.
        Comparison(
            name: "flow: the Lua delegate alone, called from Lua for 100k items",
            baseline: "flow: prepareLayout, 100k items, Swift delegate", goal: nil),
        Comparison(
            name: "flow: prepareLayout, 100k items, Lua delegate",
            baseline: "flow: the Lua delegate alone, called from Lua for 100k items", goal: 1.2),
        Comparison(
            name: "flow: prepareLayout, 10k items, Lua delegate returning struct.CGSize",
            baseline: "flow: the same sizes and placement in plain Lua, 10k items", goal: 2),
        Comparison(
            name: "flow: screenful rect query, 1M items", baseline: "flow: screenful rect query, 1k items", goal: 2),
        // 100 partial invalidations a measurement (`invalidationsPerRun` in the benchmarks).
        Comparison(
            name: "flow: invalidate 1 item of 100k, then prepare",
            baseline: "flow: invalidate everything of 100k, then prepare",
            goal: 0.01, perItem: (100, 1)),
        Comparison(
            name: "mosaic: Lua layout through the bridge, 10k items",
            baseline: "mosaic: same algorithm in plain Lua tables, 10k items", goal: 1.5),
        Comparison(
            name: "scroll: one frame of deceleration, 20 visible cells",
            baseline: "scroll: the same display pass without scrolling, 20 visible cells", goal: 1.5),
        Comparison(
            name: "foundation: NSNumberFormatter from Lua, 10k numbers",
            baseline: "foundation: the same Foundation formatter from Swift, 10k numbers", goal: 1.5),
        Comparison(
            name: "render: the WordsCollection screen at @2x",
            baseline: "render: the same rectangles, borders and strings drawn directly with Cairo and Pango", goal: 1.5),
        Comparison(
            name: "render: the WordsCollection screen at @2x in dark appearance",
            baseline: "render: the WordsCollection screen at @2x", goal: 1.05),
        Comparison(
            name: "text: 12 labels of a 10-run attributed string, laid out and drawn",
            baseline: "text: the same 12 labels in plain text, laid out and drawn", goal: 1.5),
        Comparison(
            name: "textkit: laying out 100 KB in a 300-point container",
            baseline: "textkit: Pango laying out the same text in one layout", goal: 1.3),
        Comparison(
            name: "textkit: one character typed in the middle, laid out",
            baseline: "textkit: laying out 100 KB in a 300-point container", goal: 0.05),
        Comparison(
            name: "controls: 12 filled buttons made from a configuration, retitled, laid out and drawn",
            baseline: "controls: the same 12 as plain system buttons, retitled, laid out and drawn", goal: 1.5),
        Comparison(
            name: "layers: a frame of 200 shape layers animating strokeEnd",
            baseline: "layers: the same frame with no animation running", goal: 1.5),
        Comparison(
            name: "layers: rendering the 200 rings", baseline: "layers: the same arcs stroked straight with Cairo",
            goal: 1.5),
        Comparison(
            name: "typing: simulate.type of 1,000 characters into a field with a delegate",
            baseline: "typing: the same delegate called 1,000 times from Lua", goal: 2),
        // What the typing row cannot go below: the bridge's call to the delegate alone.
        Comparison(
            name: "typing: the same delegate asked from Swift 1,000 times",
            baseline: "typing: the same delegate called 1,000 times from Lua", goal: nil),
        Comparison(
            name: "typing: simulate.type of 1,000 characters into a field with a delegate",
            baseline: "typing: the same delegate asked from Swift 1,000 times", goal: 1.25),
        Comparison(
            name: "specs: 1,000 trivial specs in 10 files, rebound test",
            baseline: "specs: the same under busted on lua5.4", goal: 1.5),
        Comparison(
            name: "debugger: flow prepareLayout, 10k items, Lua delegate, attached, no breakpoints",
            baseline: "flow: prepareLayout, 10k items, Lua delegate", goal: 1.05),
        Comparison(
            name: "debugger: flow prepareLayout, 10k items, Lua delegate, breakpoints in another module",
            baseline: "flow: prepareLayout, 10k items, Lua delegate", goal: 1.3),
        Comparison(
            name: "preview: 1,000 loopback peers' owners, 500 other connections open",
            baseline: "preview: 1,000 loopback peers' owners, 0 other connections open", goal: 1.5),
        Comparison(
            name: "console: round trip over the socket, return 1",
            baseline: "console: the same chunk evaluated in-process", goal: 20),
        // At least 20 times faster than a restart: at most 1/20 of its time.
        Comparison(
            name: "live: save to handlers done, in-place write",
            baseline: "live: restart, a fresh rebound process to its first layout pass", goal: 0.05),
        Comparison(
            name: "live: save to handlers done, rename-over save",
            baseline: "live: restart, a fresh rebound process to its first layout pass", goal: 0.05),
        Comparison(
            name: "autolayout: full solve of a 500-view stack screen's system",
            baseline: "autolayout: kiwisolver's full solve of the same constraints", goal: 1.0),
        Comparison(
            name: "autolayout: one constant changed, then the layout pass",
            baseline: "autolayout: full solve of a 500-view stack screen's system", goal: 0.02),
        Comparison(
            name: "autolayout: the 500-view screen's layout pass, constraints",
            baseline: "autolayout: the 500-view screen's layout pass, frames in layoutSubviews", goal: 3),
        Comparison(
            name: "autolayout: scrolling through 10,000 self-sizing rows, a quarter a run",
            baseline: "autolayout: scrolling through the same rows at a fixed height, a quarter a run", goal: 2),
        Comparison(
            name: "texture: measuring 10,000 image cell nodes in a collection node",
            baseline: "texture: measuring the same 10,000 cells as self-sizing UIKit cells", goal: 0.35),
        Comparison(
            name: "texture: the stack rules of 10,000 cells' spec trees",
            baseline: "texture: the same arithmetic in plain Lua tables", goal: 1.5),
        Comparison(
            name: "live: save of a cell node module with 1,000 live nodes, to handlers and layout done",
            baseline: "live: save to handlers done, in-place write", goal: 3),
        Comparison(
            name: "compositional: prepareLayout, 100,000 items in 1,000 sections",
            baseline: "flow: prepareLayout, the same 100,000 items in 1,000 sections", goal: 1.5),
        Comparison(
            name: "compositional: a screenful rect query at 100,000 items",
            baseline: "compositional: a screenful rect query at 1,000 items", goal: 1.2),
        Comparison(
            name: "diffable: applying a snapshot that inserts, deletes and moves 100 of 10,000 items, to layout done",
            baseline: "diffable: reloadData of the same 10,000 items, to layout done, twice", goal: 0.5),
        Comparison(
            name: "nib: instantiating a 200-view xib", baseline: "nib: building the same 200 views in Lua", goal: 2),
        Comparison(
            name: "idle: rebound run --preview, a turning box, one page open",
            baseline: "idle: rebound run, a turning box, no preview", goal: 1.5,
            metric: "CPU milliseconds per wall second"),
        Comparison(
            name: "sweep: 20 settings on two devices, one rebound render --sweep",
            baseline: "sweep: one of the same 40 pictures, a rebound render process of its own", goal: 0.6,
            perItem: (40, 1)),
        Comparison(
            name: "snapshot: host.snapshot of a matching screen",
            baseline: "snapshot: drawing the same screen's picture alone", goal: 1.3),
        // What the picture and the stream add to a save (absolute goals below).
        Comparison(
            name: "live: save to the preview's event carrying the new picture",
            baseline: "live: save to handlers done, in-place write", goal: nil),
    ]

let wallClock = "Time (wall clock)"
let figures =
    [
        Figure(benchmark: "flow: memory per laid-out item, 1M items", metric: "bytes per laid-out item", goal: 200),
        Figure(
            benchmark: "compositional: memory per laid-out item, 100k items", metric: "bytes per laid-out item",
            goal: 64),
        // A preview no page watches paints nothing: 0.05 CPU seconds per wall second.
        Figure(
            benchmark: "idle: rebound run --preview, a turning box, no page",
            metric: "CPU milliseconds per wall second", goal: 50),
    ]
    + ["in-place write", "rename-over save"].flatMap { save in
        [
            Figure(benchmark: "live: save to handlers done, \(save)", metric: wallClock, goal: 5000),
            Figure(
                benchmark: "live: save to handlers done, \(save)", metric: wallClock, percentile: "99.0", goal: 20000),
        ]
    } + [
        Figure(benchmark: "live: save to the preview's event carrying the new picture", metric: wallClock, goal: 10000),
        Figure(
            benchmark: "live: save to the preview's event carrying the new picture", metric: wallClock,
            percentile: "99.0",
            goal: 30000),
        Figure(
            benchmark: "preview: a tap's input message to the event carrying the new picture", metric: wallClock,
            goal: 15000),
    ]

/// The part of a JMH record the report reads.
struct Measured: Decodable {
    struct Metric: Decodable {
        let scorePercentiles: [String: Double]
        let scoreUnit: String
    }
    let benchmark: String
    let secondaryMetrics: [String: Metric]?
}

/// One round's results.
struct Round {
    let measured: [Measured]

    /// A percentile (the median by default) of a benchmark's metric; wall-clock times are in
    /// microseconds.
    func value(_ name: String, metric: String = wallClock, percentile: String = "50.0") -> Double? {
        let key = "." + name.replacingOccurrences(of: " ", with: "_")
        let entry = measured.first { $0.benchmark.hasSuffix(key) }
        return entry?.secondaryMetrics?[metric]?.scorePercentiles[percentile]
    }
}

/// What one row measured over the rounds: the median and the extremes.
struct Spread: Encodable {
    let median: Double
    let minimum: Double
    let maximum: Double
    let rounds: Int

    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        (minimum, maximum, rounds) = (sorted[0], sorted[sorted.count - 1], sorted.count)
    }

    /// "met" when every round met `goal` (at most), "MISSED" when none did, else "within noise".
    func verdict(_ goal: Double?) -> String {
        guard let goal else { return "" }
        if maximum <= goal { return "met" }
        if minimum > goal { return "MISSED" }
        return "within noise"
    }
}

struct Row: Encodable {
    let name: String
    let unit: String
    let baseline: String
    let ratio: Spread
    let goal: Double?
    let verdict: String
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: BenchReport OUTPUT.json ROUND.json...\n".utf8))
    exit(2)
}
var rounds: [Round] = []
for file in arguments.dropFirst(2) {
    do {
        rounds.append(
            Round(
                measured: try JSONDecoder().decode([Measured].self, from: Data(contentsOf: URL(fileURLWithPath: file))))
        )
    } catch {
        FileHandle.standardError.write(Data("cannot read \(file): \(error)\n".utf8))
        exit(1)
    }
}

var rows: [Row] = []
var missing: [String] = []
for comparison in comparisons {
    let ratios = rounds.compactMap { round -> Double? in
        guard let value = round.value(comparison.name, metric: comparison.metric),
            let base = round.value(comparison.baseline, metric: comparison.metric), base > 0
        else {
            return nil
        }
        return (value / comparison.perItem.name) / (base / comparison.perItem.baseline)
    }
    guard let spread = Spread(ratios) else {
        missing.append(comparison.name)
        continue
    }
    rows.append(
        Row(
            name: comparison.name, unit: "ratio", baseline: comparison.baseline, ratio: spread, goal: comparison.goal,
            verdict: spread.verdict(comparison.goal)))
}
var figureRows: [Row] = []
for figure in figures {
    let values = rounds.compactMap { $0.value(figure.benchmark, metric: figure.metric, percentile: figure.percentile) }
    guard let spread = Spread(values) else {
        missing.append(figure.label)
        continue
    }
    let unit = figure.metric == wallClock ? "μs" : figure.metric
    figureRows.append(
        Row(
            name: figure.label, unit: unit, baseline: "", ratio: spread, goal: figure.goal,
            verdict: spread.verdict(figure.goal)))
}

let nameWidth = max(10, (rows + figureRows).map(\.name.count).max() ?? 0)
func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
func number(_ value: Double, ratio: Bool) -> String { String(format: ratio ? "%.3f" : "%.0f", value) }
print(
    pad("benchmark", nameWidth) + "  " + pad("median", 7) + "  " + pad("spread", 15) + "  " + pad("goal", 6)
        + "  verdict        (over \(rounds.count) interleaved rounds)")
for row in rows + figureRows {
    let isRatio = row.unit == "ratio"
    let spread = number(row.ratio.minimum, ratio: isRatio) + "-" + number(row.ratio.maximum, ratio: isRatio)
    let goal = row.goal.map { number($0, ratio: isRatio) } ?? "-"
    let note = isRatio ? "vs " + row.baseline : row.unit + " (not a ratio)"
    print(
        pad(row.name, nameWidth) + "  " + pad(number(row.ratio.median, ratio: isRatio), 7) + "  " + pad(spread, 15)
            + "  " + pad(goal, 6) + "  " + pad(row.verdict, 13) + "  " + note)
}
for name in missing { print("not measured: \(name)") }

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
do {
    try encoder.encode(rows + figureRows).write(to: URL(fileURLWithPath: arguments[1]))
} catch {
    FileHandle.standardError.write(Data("cannot write \(arguments[1]): \(error)\n".utf8))
    exit(1)
}
