import Foundation
import HeadlessUI
import LiveHost
import ObjectBridge

/// When `rebound test` writes snapshots, as swift-snapshot-testing's record modes say.
public enum SnapshotRecording: Sendable {
    /// Records a snapshot that is missing, and says so; compares the rest (the default).
    case missing
    /// Records every snapshot anew (`--record-snapshots`).
    case all
    /// Records none: a missing snapshot fails (`--ci`).
    case never
}

/// How far a picture may differ from its snapshot and still match.
public struct SnapshotTolerance: Sendable {
    /// The most a pixel's channel may differ (0 to 255) and count as the same.
    public var threshold: UInt8 = 0
    /// The share of pixels (0 to 1) that may differ by more.
    public var share = 0.0

    public init(threshold: UInt8 = 0, share: Double = 0) {
        (self.threshold, self.share) = (threshold, share)
    }
}

/// What picture snapshots need from the renderer, which the engine does not import:
/// `rebound test` hands one in (the CLI's `RenderedPictureSnapshots`).
public protocol PictureSnapshots: Sendable {
    /// Writes the screen of `world` as a PNG file at `url`.
    func record(_ world: UIWorld, to url: URL) throws
    /// Compares the screen of `world` with the PNG at `reference`: nil when it matches within
    /// `tolerance`; otherwise what differs, in a sentence, after writing the screen to `actual`
    /// and a picture of the changed pixels to `diff`.
    func compare(
        _ world: UIWorld, with reference: URL, tolerance: SnapshotTolerance, actual: URL, diff: URL
    ) throws -> String?
}

/// `host.snapshot` and `host.layoutSnapshot`: a spec's screen against
/// `spec/__snapshots__/NAME.DEVICE.png`, or its layout (by value, for checks that must not
/// depend on fonts) against `NAME.DEVICE.json`, in the user's project (not the copy the specs
/// run over), recorded as `recording` says. A failed check leaves the actual screen and, for a
/// picture, its changed pixels beside the snapshot, for the report to attach.
final class SpecSnapshots {
    static let folder = Project.specFolder + "/__snapshots__"

    private let root: URL
    private let recording: SnapshotRecording
    private let pictures: (any PictureSnapshots)?
    private let say: (String) -> Void
    /// The files failed checks wrote since they were last taken.
    private var written: [String] = []

    init(
        projectRoot: URL, recording: SnapshotRecording, pictures: (any PictureSnapshots)?,
        say: @escaping (String) -> Void
    ) {
        (root, self.recording, self.pictures, self.say) = (projectRoot, recording, pictures, say)
    }

    /// The files failed checks wrote since the last call (absolute paths).
    func takeAttachments() -> [String] {
        defer { written = [] }
        return written
    }

    /// Checks the screen of `world` against the picture snapshot `name`: nil when it matches
    /// (or was recorded), else why not.
    func checkPicture(_ name: String, in world: UIWorld, tolerance: SnapshotTolerance) throws -> String? {
        guard let pictures else {
            return "host.snapshot: pictures are not drawn in this run (rebound test draws them)"
        }
        let file = try path(name, world, "png", what: "host.snapshot")
        return try check(file, what: "host.snapshot") { reference in
            try pictures.record(world, to: reference)
        } compare: { reference, actual in
            try pictures.compare(
                world, with: reference, tolerance: tolerance, actual: actual, diff: Self.sibling(reference, "diff"))
        }
    }

    /// Checks the layout of `world` (every view's class, frame, text and the rest, as
    /// `--layout-json` has them) against the layout snapshot `name`, by value.
    func checkLayout(_ name: String, in world: UIWorld) throws -> String? {
        let file = try path(name, world, "json", what: "host.layoutSnapshot")
        let layout = try PrettyJSON.encode(LayoutDump.entries(of: world)) + Data("\n".utf8)
        return try check(file, what: "host.layoutSnapshot") { reference in
            try layout.write(to: reference, options: .atomic)
        } compare: { reference, actual in
            let recorded = try Data(contentsOf: reference)
            let decode = { (data: Data) in try? JSONSerialization.jsonObject(with: data) as? NSArray }
            guard let was = decode(recorded), let now = decode(layout) else {
                try layout.write(to: actual, options: .atomic)
                return "\(self.display(reference)) is not a layout file; the actual layout is \(self.display(actual))"
            }
            guard !was.isEqual(now) else { return nil }
            try layout.write(to: actual, options: .atomic)
            let changed =
                zip(was, now).filter { !(($0 as? NSObject)?.isEqual($1) ?? false) }.count + abs(was.count - now.count)
            return "the layout differs from \(self.display(reference)) in \(changed) of \(now.count) views; "
                + "the actual layout is \(self.display(actual))"
        }
    }

    /// Records or compares `reference` as `recording` says; removes what an earlier failure
    /// left beside it when it matches.
    private func check(
        _ reference: URL, what: String, record: (URL) throws -> Void, compare: (URL, URL) throws -> String?
    ) throws -> String? {
        let manager = FileManager.default
        let exists = manager.fileExists(atPath: reference.path)
        let actual = Self.sibling(reference, "actual")
        let leftBeside = [actual, Self.sibling(reference, "diff")]
        if recording == .all || (!exists && recording == .missing) {
            try manager.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try record(reference)
            for file in leftBeside { try? manager.removeItem(at: file) }
            say("\(what): recorded \(display(reference))")
            return nil
        }
        guard exists else {
            return "\(what): there is no snapshot \(display(reference)) to compare with "
                + "(--ci records none: run without it to record one)"
        }
        guard let problem = try compare(reference, actual) else {
            for file in leftBeside { try? manager.removeItem(at: file) }
            return nil
        }
        written += leftBeside.map(\.path).filter(manager.fileExists(atPath:))
        return "\(what): \(problem)"
    }

    /// `NAME.DEVICE.KIND.png` beside `NAME.DEVICE.png` (and `.json`).
    private static func sibling(_ reference: URL, _ kind: String) -> URL {
        reference.deletingPathExtension().appendingPathExtension(kind + "." + reference.pathExtension)
    }

    /// The snapshot's file, checked to be a plain name.
    private func path(_ name: String, _ world: UIWorld, _ type: String, what: String) throws -> URL {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_. "))
        guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains), name.count <= 120
        else {
            throw ScriptValueError(
                "\(what): '\(name)' is not a snapshot name (letters, digits, spaces, '-', '_' and '.', not first)")
        }
        return root.appendingPathComponent(Self.folder).appendingPathComponent(
            "\(name).\(world.screen.profile.name).\(type)")
    }

    private func display(_ url: URL) -> String {
        url.path.hasPrefix(root.path + "/") ? String(url.path.dropFirst(root.path.count + 1)) : url.path
    }
}
