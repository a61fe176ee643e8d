import Foundation
import HeadlessUI
import LiveHost

/// Picture snapshots for `rebound test` (`host.snapshot`): the screen drawn as `render` draws
/// it, compared pixel by pixel with the recorded PNG.
public struct ScreenSnapshots: PictureSnapshots {
    public init() {}

    public func record(_ world: UIWorld, to url: URL) throws {
        try ScreenRenderer.render(world).write(to: url.path, as: .png)
    }

    public func compare(
        _ world: UIWorld, with reference: URL, tolerance: SnapshotTolerance, actual: URL, diff: URL
    ) throws -> String? {
        let screen = try ScreenRenderer.render(world).pixels()
        let recorded = try PixelImage(png: reference.path)
        guard let difference = screen.difference(from: recorded, tolerance: tolerance.threshold) else {
            try screen.writePNG(to: actual.path)
            return "the screen is \(screen.width)x\(screen.height) pixels and the snapshot "
                + "\(recorded.width)x\(recorded.height); the actual picture is \(actual.lastPathComponent)"
        }
        let total = screen.width * screen.height
        guard Double(difference.count) > tolerance.share * Double(total), let changes = difference.image else {
            return nil
        }
        try screen.writePNG(to: actual.path)
        try changes.writePNG(to: diff.path)
        let percent = String(format: "%.2f", 100 * Double(difference.count) / Double(max(total, 1)))
        return "\(difference.count) of \(total) pixels (\(percent)%) differ from \(reference.lastPathComponent) "
            + "by more than \(tolerance.threshold) in a channel; the actual picture is \(actual.lastPathComponent), "
            + "the changed pixels (red) \(diff.lastPathComponent)"
    }
}
