import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A headless world for tests, with its diagnostics collected.
final class TestWorld {
    let world: UIWorld
    private let reports: ReportBox

    /// The epoch tests' dates start from: 2023-11-14 22:13:20 UTC.
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    init(profile: DeviceProfile = .phone, foundation: FoundationSettings = .init(epoch: TestWorld.epoch)) throws {
        let reports = ReportBox()
        world = try UIWorld(profile: profile, foundation: foundation, diagnostics: { reports.items.append($0) })
        // The default budget stops runaway scripts after 2 s of wall-clock time; the heaviest
        // chunks here (hundreds of flicks over 10,000 rows) take longer than that under
        // AddressSanitizer on two busy cores. The budget's own tests use states of their own.
        world.bridge.state.timeBudget = .seconds(120)
        self.reports = reports
    }

    var warnings: [String] { reports.items.filter { $0.severity == .warning }.map(\.message) }
    var notices: [String] { reports.items.filter { $0.severity == .notice }.map(\.message) }
    var errors: [String] { reports.items.filter { $0.severity == .error }.map(\.description) }
    /// The script errors the reported errors carry.
    var scriptErrors: [LuaError] { reports.items.compactMap(\.scriptError) }

    @discardableResult
    func run(_ source: String) throws -> [LuaValue] {
        try world.bridge.state.run(source, chunkName: "=test")
    }

    /// Lua helpers for what is on screen: `row(text)`, the label showing `text` in the key
    /// window (nil when none shows), and `tapRow(text)`, a tap on its middle.
    static let labelFinding = """
        function row(text)
            local function find(view)
                if view:isKindOfClass(objc.UILabel) and view.text == text and view.window and not view.hidden then
                    return view
                end
                for _, sub in ipairs(view.subviews) do
                    local found = find(sub)
                    if found then return found end
                end
            end
            return find(objc.UIApplication.sharedApplication.keyWindow)
        end
        function tapRow(text)
            local label = row(text)
            local center = label:convertPoint_toView(struct.CGPoint(label.bounds.size.width / 2,
                label.bounds.size.height / 2), nil)
            simulate.tap { at = { x = center.x, y = center.y } }
        end
        """

    /// What the script global `log` (a list of strings) holds, emptying it.
    func takeLog() throws -> [String] {
        let joined = try run("local copy = log log = {} return table.concat(copy, '|')").first?.stringValue ?? ""
        return joined.isEmpty ? [] : joined.split(separator: "|").map(String.init)
    }

    /// Puts the view controller in the script global `name` on screen and lays it out.
    func show(controller name: String = "controller") throws {
        let state = world.bridge.state
        guard let controller = try state.object(of: state.global(name), as: ViewController.self) else {
            throw ScriptValueError("the global \(name) is not a view controller")
        }
        try world.setRoot(controller)
        try world.layoutPass()
    }

    /// The message of the error `source` raises ("" if it raises none).
    func error(_ source: String) -> String {
        do {
            try world.bridge.state.run(source, chunkName: "=test")
            return ""
        } catch {
            return String(describing: error)
        }
    }
}

final class ReportBox {
    var items: [BridgeDiagnostic] = []
}
