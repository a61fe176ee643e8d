import Foundation
import HeadlessUI
import LiveHost
import Rendering
import Specs

/// The renderer's screens as the pictures `rebound test`'s `host.snapshot` records and
/// compares: the engine names what it needs (`PictureSnapshots`) and the CLI, above both the
/// engine and the renderer, joins them.
struct RenderedPictureSnapshots: PictureSnapshots {
    private let screens = ScreenSnapshots()

    func record(_ world: UIWorld, to url: URL) throws { try screens.record(world, to: url) }

    func compare(
        _ world: UIWorld, with reference: URL, tolerance: SnapshotTolerance, actual: URL, diff: URL
    ) throws -> String? {
        try screens.compare(
            world, with: reference, threshold: tolerance.threshold, share: tolerance.share, actual: actual,
            diff: diff)
    }
}
