import BenchWorkloads
import Benchmark
import Cassowary
import Foundation
import HeadlessUI

/// Rows of the 500-view screen: each is a horizontal stack of a square, a column of two
/// labels, a label and another column of two (eight views), in one vertical stack.
let screenRows = 62

/// The 500-view screen, built twice: with stack views and constraints, or with plain views
/// laid out by frames in `layoutSubviews` overrides, the same rectangles worked out by hand.
/// Lua globals: `container` (its width is what a layout benchmark changes), `square` (the first
/// row's width constraint, in the constraint version).
func makeScreenWorld(constraints: Bool) throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        rowCount = \(screenRows)
        local function label(text) local l = objc.UILabel:new() l.text = text return l end
        Controller = objc.UIViewController:createSubclass("Controller")
        \(constraints ? constraintScreen : frameScreen)
        controller = Controller:new()
        """, chunkName: "=screen")
    try world.setRoot(world.bridge.state.object(of: world.bridge.state.global("controller"), as: ViewController.self))
    try world.layoutPass()
    return world
}

private let constraintScreen = """
    local function stack(views, axis, spacing)
        local s = objc.UIStackView:newWithArrangedSubviews(views)
        s.axis, s.spacing = axis, spacing
        return s
    end
    function Controller:viewDidLoad()
        container = objc.UIView:newWithFrame(struct.CGRect(0, 0, 375, 3000))
        self.view:addSubview(container)
        local rows = {}
        for i = 1, rowCount do
            local box = objc.UIView:new()
            local width = box.widthAnchor:constraintEqualToConstant(8)
            width.active = true
            box.heightAnchor:constraintEqualToAnchor(box.widthAnchor).active = true
            if i == 1 then square = width end
            local row = stack({ box, stack({ label("Title " .. i), label("Subtitle") }, 1, 0), label(tostring(i * 7)),
                                stack({ label("a"), label("b") }, 1, 0) }, 0, 8)
            row.alignment = 3 -- centre
            rows[i] = row
        end
        local root = stack(rows, 1, 2)
        root.translatesAutoresizingMaskIntoConstraints = false
        container:addSubview(root)
        root.leadingAnchor:constraintEqualToAnchor(container.leadingAnchor).active = true
        root.trailingAnchor:constraintEqualToAnchor(container.trailingAnchor).active = true
        root.topAnchor:constraintEqualToAnchor(container.topAnchor).active = true
    end
    """

/// What the stacks do, by frames: a column stacks its labels at their fitting sizes; a row
/// centres its parts and gives the space left to its last column (the fill distribution's
/// choice for parts that hug alike is the last); the container stacks the rows 2 points apart.
private let frameScreen = """
    local zero = struct.CGSize(0, 0)
    local Column = objc.UIView:createSubclass("Column")
    function Column:sizeThatFits(size)
        local width, height = 0, 0
        for _, view in ipairs(self.subviews) do
            local s = view:sizeThatFits(zero)
            width, height = math.max(width, s.width), height + s.height
        end
        return struct.CGSize(width, height)
    end
    function Column:layoutSubviews()
        local y = 0
        for _, view in ipairs(self.subviews) do
            local s = view:sizeThatFits(zero)
            view.frame = struct.CGRect(0, y, self.bounds.size.width, s.height)
            y = y + s.height
        end
    end
    local Row = objc.UIView:createSubclass("Row")
    function Row:sizeThatFits(size)
        local height = 0
        for _, view in ipairs(self.subviews) do height = math.max(height, view:sizeThatFits(zero).height) end
        return struct.CGSize(size.width, height)
    end
    function Row:layoutSubviews()
        local x, height, width, parts = 0, self.bounds.size.height, self.bounds.size.width, self.subviews
        for index, view in ipairs(parts) do
            local s = view:sizeThatFits(zero)
            local w = index == #parts and math.max(0, width - x) or s.width
            view.frame = struct.CGRect(x, (height - s.height) / 2, w, s.height)
            x = x + w + 8
        end
    end
    local Square = objc.UIView:createSubclass("Square")
    function Square:sizeThatFits(size) return struct.CGSize(8, 8) end
    local Container = objc.UIView:createSubclass("Container")
    function Container:layoutSubviews()
        local y, width = 0, self.bounds.size.width
        for _, row in ipairs(self.subviews) do
            local height = row:sizeThatFits(self.bounds.size).height
            row.frame = struct.CGRect(0, y, width, height)
            y = y + height + 2
        end
    end
    local function column(views)
        local c = Column:new()
        for _, view in ipairs(views) do c:addSubview(view) end
        return c
    end
    function Controller:viewDidLoad()
        container = Container:newWithFrame(struct.CGRect(0, 0, 375, 3000))
        self.view:addSubview(container)
        for i = 1, rowCount do
            local row = Row:new()
            for _, part in ipairs { Square:new(), column { label("Title " .. i), label("Subtitle") },
                                    label(tostring(i * 7)), column { label("a"), label("b") } } do
                row:addSubview(part)
            end
            container:addSubview(row)
        end
    end
    """

/// A layout pass after the container's width changes by a point (alternating), so that every
/// frame of the screen is worked out again.
func measureRelayout(_ benchmark: Benchmark, _ world: UIWorld) throws {
    let resize = try world.bridge.state.load(
        "local w = container.frame.size.width container.frame = struct.CGRect(0, 0, w == 375 and 376 or 375, 3000)",
        chunkName: "=resize")
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        try resize.call()
        try world.layoutPass()
    }
    benchmark.stopMeasurement()
}

/// kiwisolver (the C++ Kiwi solver through its Python binding, from PyPI) in a helper process
/// that holds the system: each `solve` line makes a new solver, adds every constraint, updates
/// the variables and answers `ok`, so one round trip is one full solve plus a pipe's hop.
final class KiwiHelper {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    static let script = """
        import sys, kiwisolver as kiwi
        lines = iter(sys.stdin.readline, "")
        count = int(next(lines))
        variables = [kiwi.Variable("v%d" % i) for i in range(count)]
        constraints = []
        for line in lines:
            if line.strip() == "end":
                break
            fields = line.split()
            op, strength, constant = fields[0], float(fields[1]), float(fields[2])
            terms = [kiwi.Term(variables[int(fields[i])], float(fields[i + 1])) for i in range(3, len(fields), 2)]
            expression = kiwi.Expression(terms, constant)
            made = {"<=": expression <= 0, "==": expression == 0, ">=": expression >= 0}[op]
            constraints.append(made | ("required" if strength >= 1e30 else strength))
        print("ready", len(constraints), flush=True)
        for line in lines:
            solver = kiwi.Solver()
            for constraint in constraints:
                solver.addConstraint(constraint)
            solver.updateVariables()
            print("ok", flush=True)
        """

    /// Starts the helper with `system`; nil (with a note) when python3 or kiwisolver is missing.
    init?(system: [SolverConstraint]) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            print("kiwisolver benchmark skipped: python3 did not start (\(error))")
            return nil
        }
        var indices: [ObjectIdentifier: Int] = [:]
        var lines: [String] = []
        for constraint in system {
            let op =
                switch constraint.relation {
                case .lessOrEqual: "<="
                case .equal: "=="
                case .greaterOrEqual: ">="
                }
            var line = "\(op) \(constraint.strength) \(constraint.expression.constant)"
            for term in constraint.expression.terms {
                let index = indices[ObjectIdentifier(term.variable)] ?? indices.count
                indices[ObjectIdentifier(term.variable)] = index
                line += " \(index) \(term.coefficient)"
            }
            lines.append(line)
        }
        send("\(indices.count)\n" + lines.joined(separator: "\n") + "\nend\n")
        guard readLine()?.hasPrefix("ready") == true else {
            print("kiwisolver benchmark skipped: the helper did not start (pip install kiwisolver)")
            return nil
        }
    }

    func solve() {
        send("solve\n")
        _ = readLine()
    }

    /// Writes to the helper; one that has died (kiwisolver missing) fails the write, which the
    /// next `readLine` then notices, instead of raising SIGPIPE in the benchmarks' process.
    private func send(_ text: String) {
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    private func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// The self-sizing table: 10,000 rows whose cells hold a two-line label and a detail label,
/// placed by constraints in the content view; `automatic` sizes the rows by them, otherwise the
/// rows are 60 points. Lua global: `scrollQuarter()`.
func makeSelfSizingTableWorld(automatic: Bool) throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        local Constraint = objc.NSLayoutConstraint
        local Cell = objc.UITableViewCell:createSubclass("Cell")
        function Cell:initWithStyle_reuseIdentifier(style, identifier)
            self = self[objc.UITableViewCell]:initWithStyle_reuseIdentifier(style, identifier)
            local title, detail = objc.UILabel:new(), objc.UILabel:new()
            title.numberOfLines = 2
            for _, label in ipairs { title, detail } do
                label.translatesAutoresizingMaskIntoConstraints = false
                self.contentView:addSubview(label)
            end
            local views = { title = title, detail = detail }
            for _, format in ipairs { "H:|-16-[title]-16-|", "H:|-16-[detail]-16-|", "V:|-8-[title]-4-[detail]-8-|" } do
                self.contentView:addConstraints(
                    Constraint:constraintsWithVisualFormat_options_metrics_views(format, 0, nil, views))
            end
            self.title, self.detail = title, detail
            return self
        end
        local Controller = objc.UITableViewController:createSubclass("Controller")
        function Controller:viewDidLoad()
            self.tableView.rowHeight = \(automatic ? "require('UIKit.UITableView').UITableViewAutomaticDimension" : "60")
            self.tableView.estimatedRowHeight = 60
            self.tableView:registerClass_forCellReuseIdentifier(Cell, "cell")
        end
        function Controller:tableView_numberOfRowsInSection(tableView, section) return 10000 end
        function Controller:tableView_cellForRowAtIndexPath(tableView, path)
            local cell = tableView:dequeueReusableCellWithIdentifier_forIndexPath("cell", path)
            cell.title.text = "Row " .. path.row
            cell.detail.text = "Detail"
            return cell
        end
        controller = Controller:new()
        -- A quarter of the table a run (a run must stay under a second for the report's
        -- throughput), a screen a frame; at the end, a reload (the heights are measured again)
        -- and back to the top.
        function scrollQuarter()
            local tableView = controller.tableView
            local y = tableView.contentOffset.y
            if y >= tableView.contentSize.height - 667 then
                tableView:reloadData()
                tableView.contentOffset = struct.CGPoint(0, 0)
                simulate.frames(1)
                y = 0
            end
            local stop = y + 2500 * 60
            while y < stop and y < tableView.contentSize.height - 667 do
                y = math.min(y + 667, tableView.contentSize.height - 667)
                tableView.contentOffset = struct.CGPoint(0, y)
                simulate.frames(1)
            end
        end
        """, chunkName: "=table")
    try world.setRoot(world.bridge.state.object(of: world.bridge.state.global("controller"), as: ViewController.self))
    try world.layoutPass()
    return world
}

let autoLayoutBenchmarks: @Sendable () -> Void = {
    Benchmark("autolayout: full solve of a 500-view stack screen's system") { benchmark in
        let system = stackScreenSystem(rows: screenRows)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let solver = SimplexSolver()
            for constraint in system { try? solver.add(constraint) }
            solver.updateVariables()
            blackHole(solver)
        }
        benchmark.stopMeasurement()
    }
    Benchmark("autolayout: kiwisolver's full solve of the same constraints") { benchmark in
        guard let kiwi = KiwiHelper(system: stackScreenSystem(rows: screenRows)) else { return }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { kiwi.solve() }
        benchmark.stopMeasurement()
    }
    Benchmark("autolayout: one constant changed, then the layout pass") { benchmark in
        let world = try makeScreenWorld(constraints: true)
        let nudge = try world.bridge.state.load(
            "square.constant = square.constant == 8 and 9 or 8", chunkName: "=nudge")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try nudge.call()
            try world.layoutPass()
        }
        benchmark.stopMeasurement()
    }
    Benchmark("autolayout: the 500-view screen's layout pass, constraints") { benchmark in
        try measureRelayout(benchmark, try makeScreenWorld(constraints: true))
    }
    Benchmark("autolayout: the 500-view screen's layout pass, frames in layoutSubviews") { benchmark in
        try measureRelayout(benchmark, try makeScreenWorld(constraints: false))
    }
    Benchmark("autolayout: scrolling through 10,000 self-sizing rows, a quarter a run") { benchmark in
        try measureLua(benchmark, "scrollQuarter()") { try makeSelfSizingTableWorld(automatic: true) }
    }
    Benchmark("autolayout: scrolling through the same rows at a fixed height, a quarter a run") { benchmark in
        try measureLua(benchmark, "scrollQuarter()") { try makeSelfSizingTableWorld(automatic: false) }
    }
}
