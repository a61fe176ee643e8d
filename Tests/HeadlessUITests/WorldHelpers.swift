import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A headless world for tests, with its diagnostics collected.
final class TestWorld {
    let world: UIWorld
    private let reports: ReportBox

    init(profile: DeviceProfile = .phone) throws {
        let reports = ReportBox()
        world = try UIWorld(profile: profile, diagnostics: { reports.items.append($0) })
        self.reports = reports
    }

    var warnings: [String] { reports.items.filter { $0.severity == .warning }.map(\.message) }
    var errors: [String] { reports.items.filter { $0.severity == .error }.map(\.description) }
    /// The script errors the reported errors carry.
    var scriptErrors: [LuaError] { reports.items.compactMap(\.scriptError) }

    @discardableResult
    func run(_ source: String) throws -> [LuaValue] {
        try world.bridge.state.run(source, chunkName: "=test")
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
