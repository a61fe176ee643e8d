import Dispatch
import Foundation
import HeadlessUI
import LiveHost
import Rendering

/// `rebound render --sweep`: the knobs' values to draw, every combination of them.
struct Sweep {
    /// Each swept knob and its values, as `--param` would set them.
    let knobs: [(name: String, values: [String])]

    /// The most values one knob sweeps, and the most settings a sweep draws.
    static let maximumValues = 100
    static let maximumSettings = 400

    init(_ arguments: [String]) throws(KnobError) {
        var knobs: [(name: String, values: [String])] = []
        for argument in arguments {
            let (name, text) = try KnobStore.assignment(argument)
            guard !knobs.contains(where: { $0.name == name }) else {
                throw KnobError("--sweep \(name) is given twice; list its values once (a,b,c)")
            }
            knobs.append((name, try Self.values(text, of: name)))
        }
        self.knobs = knobs
        guard settings.count <= Self.maximumSettings else {
            throw KnobError("--sweep: \(settings.count) settings is over the \(Self.maximumSettings) a sheet holds")
        }
    }

    /// `from:to:step` (numbers, both ends included) or `a,b,c`.
    private static func values(_ text: String, of name: String) throws(KnobError) -> [String] {
        let range = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        if range.count == 3 {
            guard let from = range[0], let to = range[1], let step = range[2], step > 0, from <= to,
                ((to - from) / step).rounded(.down) < Double(maximumValues)
            else {
                throw KnobError(
                    "--sweep \(name)=\(text): a range is from:to:step with from ≤ to, a step above 0 and at most "
                        + "\(maximumValues) values")
            }
            let count = Int(((to - from) / step + 1e-9).rounded(.down))
            return (0...count).map { KnobStore.Value.number(from + Double($0) * step).text }
        }
        let listed = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !listed.isEmpty, listed.count <= maximumValues else {
            throw KnobError(
                "--sweep \(name)=\(text): list 1 to \(maximumValues) values (a,b,c) or a range from:to:step")
        }
        return listed
    }

    /// Every combination, the first knob changing slowest.
    var settings: [[(name: String, value: String)]] {
        knobs.reduce([[]]) { combinations, knob in
            combinations.flatMap { combination in knob.values.map { combination + [(knob.name, $0)] } }
        }
    }
}

extension Render {
    /// Draws every setting of `sweep` on every profile, each in a fresh world, the worlds
    /// spread over the cores; writes the contact sheet and, beside it, each cell's layout.
    func drawSweep(_ sweep: Sweep, of folder: String, on profiles: [String?], after script: String?) throws {
        let settings = sweep.settings
        let cells = settings.flatMap { setting in profiles.map { (setting: setting, profile: $0) } }
        let results = SweepResults(count: cells.count)
        let fixed = programOptions.params()
        DispatchQueue.concurrentPerform(iterations: cells.count) { index in
            let cell = cells[index]
            var params = fixed
            for (name, value) in cell.setting { params[name] = value }
            results.set(
                index,
                Result { try draw(folder, on: cell.profile, params: params, after: script, printsReports: false) })
        }
        var rows: [[ContactSheet.Cell]] = []
        var layouts: [SweepLayout] = []
        var failures: [String] = []
        for (index, cell) in cells.enumerated() {
            let label = cell.setting.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            if index % profiles.count == 0 { rows.append([]) }
            let screen: DrawnScreen
            switch results.result(index) {
            case .success(let drawn)?: screen = drawn
            case .failure(let error)?:
                // Each setting that failed, once, in a line; the sheet is not written.
                failures.append("--sweep \(label) on \(cell.profile ?? "the project's device"): \(error)")
                continue
            case nil:
                failures.append("--sweep \(label): not drawn")
                continue
            }
            rows[rows.count - 1].append(.init(label: "\(label) · \(screen.device)", picture: screen.picture))
            layouts.append(
                SweepLayout(
                    params: Dictionary(cell.setting.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }),
                    device: screen.device, screen: screen.layout.screen, views: screen.layout.views))
        }
        guard failures.isEmpty else { throw CommandFailure.failed(failures.joined(separator: "\n")) }
        let sheet = output ?? (URL(fileURLWithPath: folder).lastPathComponent + "-sweep.png")
        let layoutFile = (sheet as NSString).deletingPathExtension + ".json"
        do {
            try ContactSheet.write(rows, to: sheet, text: TextEngine())
            try (PrettyJSON.encode(layouts) + Data("\n".utf8)).write(
                to: URL(fileURLWithPath: layoutFile), options: .atomic)
        } catch {
            throw CommandFailure.failed("\(error)")
        }
        print(
            "wrote \(sheet) (\(settings.count) setting\(settings.count == 1 ? "" : "s") on \(profiles.count) "
                + "device\(profiles.count == 1 ? "" : "s")) and \(layoutFile)")
    }
}

/// One cell of `sheet.json`.
private struct SweepLayout: Encodable {
    let params: [String: String]
    let device: String
    let screen: String
    let views: [LayoutDump.Entry]
}

/// The screens the sweep's worlds drew, each written once from its own thread.
private final class SweepResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Render.DrawnScreen, Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Render.DrawnScreen, Error>) { lock.withLock { results[index] = result } }

    func result(_ index: Int) -> Result<Render.DrawnScreen, Error>? { lock.withLock { results[index] } }
}
