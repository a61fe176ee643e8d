import Foundation
import HeadlessUI
import LiveHost
import Rendering

/// Keeps a preview feed in step with a running host, on the host's thread: what the host
/// reports (`note`) and the screens after each turn of events (`update`).
///
/// A screen's picture is published when its pixels changed; an error a reload hits shows over
/// the last good picture until the next good reload, start or restart of that screen.
public final class PreviewPublisher {
    private let feed: PreviewFeed
    private let program: Program
    private var screens: [String: ScreenRecord] = [:]
    private let devices: [String]
    private var files: [String: PreviewState.File] = [:]
    private var lastReload: PreviewState.LastReload?
    /// The saves reloaded since the last picture, waiting for it to measure save to picture.
    private var awaitingPicture: [(file: String, savedAt: ContinuousClock.Instant)] = []
    private var changed = true
    private static let sourceRadius = 3

    private struct ScreenRecord {
        var profile: DeviceProfile
        var frame = 0
        var pixels: PixelImage?
        var picture: String?
        var problem: PreviewState.Problem?
    }

    /// A publisher of the screens of `profiles`, side by side in their order.
    public init(feed: PreviewFeed, program: Program, profiles: [DeviceProfile]) {
        self.feed = feed
        self.program = program
        devices = profiles.map(\.name)
        for profile in profiles { screens[profile.name] = ScreenRecord(profile: profile) }
        for path in program.files() {
            let file = program.displayPath(path)
            files[file] = .init(file: file, kind: Project.moduleName(forPath: path) == nil ? "resource" : "module",
                                reloaded: nil, failed: false)
        }
    }

    /// Takes in what the host reported: about the screen of the device it names, else of the
    /// first (an event names its device when the host runs several).
    public func note(_ event: HostEvent) {
        guard let device = event.device ?? devices.first else { return }
        switch event.kind {
        case .started, .restarted, .reloaded, .resource:
            screens[device]?.problem = nil
            changed = true
            guard event.kind == .reloaded || event.kind == .resource, let file = event.file else { return }
            files[file, default: .init(file: file, kind: event.kind == .reloaded ? "module" : "resource", failed: false)]
                .reloaded = Date().formatted(.iso8601)
            files[file]?.failed = false
            if let savedAt = event.savedAt { awaitingPicture.append((file, savedAt)) }
        case .syntaxError, .runtimeError, .resourceError, .handlerError:
            let file = event.problem?.file ?? event.file
            let line = event.problem?.line
            screens[device]?.problem = PreviewState.Problem(
                kind: event.kind.rawValue, file: file, line: line, message: event.problem?.message ?? event.message ?? "",
                source: file.flatMap { file in line.map { program.sourceLines(around: $0, radius: Self.sourceRadius, ofFile: file) } } ?? [])
            if let file, files[file] != nil { files[file]?.failed = true }
            changed = true
        case .warning, .hint, .print, .layout:
            break
        }
    }

    /// Draws the screen of each device that runs (by profile name; a device whose program
    /// is stopped keeps its last picture) and publishes the state when a picture or anything
    /// else on the page changed.
    public func update(_ worlds: [String: UIWorld]) {
        for (device, world) in worlds where screens[device] != nil {
            do {
                let picture = try ScreenRenderer.render(world)
                let pixels = try picture.pixels()
                guard pixels != screens[device]?.pixels else { continue }
                screens[device]?.pixels = pixels
                screens[device]?.picture = "data:image/png;base64," + (try pixels.fastPNGData()).base64EncodedString()
                screens[device]?.frame += 1
                changed = true
            } catch {
                FileHandle.standardError.write(Data("warning: no preview picture of \(device): \(error)\n".utf8))
            }
        }
        guard changed else { return }
        let now = ContinuousClock.now
        if let last = awaitingPicture.last, let first = awaitingPicture.first {
            lastReload = .init(file: last.file, saveToPictureMilliseconds: Self.milliseconds(now - first.savedAt))
        }
        awaitingPicture = []
        changed = false
        publish()
    }

    private func publish() {
        let state = PreviewState(
            project: program.project?.root.lastPathComponent ?? program.package?.url.lastPathComponent ?? "",
            screens: devices.compactMap { device in
                screens[device].map { record in
                    .init(device: device, width: record.profile.size.width, height: record.profile.size.height,
                          scale: record.profile.scale, frame: record.frame, picture: record.picture, problem: record.problem)
                }
            },
            files: files.values.sorted { $0.file < $1.file },
            lastReload: lastReload)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(state) else { return }
        feed.publish(json: String(decoding: data, as: UTF8.self))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) * 1e-15
    }
}
