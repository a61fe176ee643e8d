import Foundation
import HeadlessUI
import LiveHost
import Rendering
import Synchronization

/// Keeps a preview feed in step with a running host: what the host reports (`note`) and the
/// screens after each turn of events (`update`).
///
/// Only recording a screen's drawing happens on the host's thread (the view tree is the
/// host's); turning it into pixels, comparing them with the last picture's, encoding the PNG
/// and publishing happen on the painter's thread (`PicturePainter`), which keeps only the
/// newest drawing of each screen. So a picture that takes long to draw never holds up the
/// host: the console, reloads and timers go on meanwhile.
///
/// A screen's picture is published when its pixels changed; an error a reload hits shows over
/// the last good picture until the next good reload, start or restart of that screen.
public final class PreviewPublisher: Sendable {
    private let feed: PreviewFeed
    private let page: Mutex<Page>
    private let painter: PicturePainter
    private static let sourceRadius = 3
    /// The most warnings the page lists: the latest ones.
    static let warningsShown = 20

    /// Everything the page shows, shared by the host's thread and the painter's.
    private struct Page {
        let project: String
        let program: Program
        let devices: [String]
        var screens: [String: ScreenRecord] = [:]
        var files: [String: PreviewState.File] = [:]
        var warnings: [PreviewState.Warning] = []
        var lastReload: PreviewState.LastReload?
        var knobs: [PreviewState.Knob] = []
        var recording = false
        /// The saves reloaded since the last drawing was recorded, to measure save to picture.
        var awaitingPicture: [PicturePainter.Save] = []
        var changed = true
    }

    private let images: ImageDecoder

    private struct ScreenRecord {
        var profile: DeviceProfile
        var frame = 0
        var pixels: PixelImage?
        var picture: String?
        var problem: PreviewState.Problem?
    }

    /// A publisher of the screens of `profiles`, side by side in their order, whose pictures'
    /// images `images` decodes (as each picture is drawn, unless told otherwise).
    public init(
        feed: PreviewFeed, program: Program, profiles: [DeviceProfile], images: ImageDecoder = .whileDrawing()
    ) {
        self.feed = feed
        self.images = images
        var page = Page(
            project: program.project?.root.lastPathComponent ?? program.package?.url.lastPathComponent ?? "",
            program: program, devices: profiles.map(\.name))
        for profile in profiles { page.screens[profile.name] = ScreenRecord(profile: profile) }
        for path in program.files() {
            let file = program.displayPath(path)
            page.files[file] = .init(
                file: file, kind: Project.moduleName(forPath: path) == nil ? "resource" : "module",
                reloaded: nil, failed: false)
        }
        self.page = Mutex(page)
        painter = PicturePainter()
    }

    deinit { painter.stop() }

    /// Takes in what the host reported: about the screen of `device`, else of the first (the
    /// host names a device when it runs several).
    public func note(_ event: HostEvent, device: String?) {
        page.withLock { page in
            guard let device = device ?? page.devices.first else { return }
            switch event {
            case .reloaded(let turn), .resource(let turn):
                guard let file = turn.file else { return }
                let kind = event.kind == .reloaded ? "module" : "resource"
                page.files[file, default: .init(file: file, kind: kind, failed: false)].reloaded =
                    Date().formatted(.iso8601)
                if turn.errors == nil { page.files[file]?.failed = false }
                if let savedAt = turn.savedAt { page.awaitingPicture.append(.init(file: file, savedAt: savedAt)) }
                page.changed = true
            case .started, .restarted:
                page.changed = true
            case .problem(let problem) where problem.isError:
                if let file = problem.file, page.files[file] != nil {
                    page.files[file]?.failed = true
                    page.changed = true
                }
            case .status(let status):
                page.screens[device]?.problem = shown(status, of: page.program)
                page.changed = true
            case .warning(let text, let file):
                let warning = PreviewState.Warning(file: file, message: text)
                guard !page.warnings.contains(warning) else { return }
                page.warnings = Array((page.warnings + [warning]).suffix(Self.warningsShown))
                page.changed = true
            case .problem, .notice, .hint, .print, .layout:
                break
            }
        }
    }

    /// The problem a screen shows, with the source lines around it.
    private func shown(_ status: ScreenStatus, of program: Program) -> PreviewState.Problem? {
        guard case .failing(let problem) = status else { return nil }
        let source =
            problem.file.flatMap { file in
                problem.line.map { program.sourceLines(around: $0, radius: Self.sourceRadius, ofFile: file) }
            } ?? []
        return PreviewState.Problem(
            kind: problem.kind.rawValue, file: problem.file, line: problem.line, message: problem.message,
            source: source)
    }

    /// Records the screen of each device that runs (by profile name; a device whose program is
    /// stopped keeps its last picture) and hands the drawings to the painter, which publishes
    /// the state when a picture or anything else on the page changed. With no screen to draw,
    /// a change is published at once.
    public func update(_ worlds: [String: UIWorld], knobs store: KnobStore? = nil, recording: Bool = false) {
        let knobs = store.map(Self.knobs) ?? []
        page.withLock { page in
            if page.knobs != knobs || page.recording != recording {
                (page.knobs, page.recording) = (knobs, recording)
                page.changed = true
            }
        }
        let saves = page.withLock { page in
            defer { page.awaitingPicture = [] }
            return page.awaitingPicture
        }
        var submitted = false
        // A picture no page watches is not drawn (the first one is, for the page that comes).
        let watched = feed.listenerCount > 0
        for (device, world) in worlds
        where page.withLock({ $0.screens[device] != nil && (watched || $0.screens[device]?.picture == nil) }) {
            // A device turned (the page's rotate button) has its screen's size the other way, and
            // one switched to dark appearance has its toggle read "light".
            page.withLock { page in
                if page.screens[device]?.profile != world.screen.profile {
                    page.screens[device]?.profile = world.screen.profile
                    page.changed = true
                }
            }
            do {
                let picture = try ScreenRenderer.render(world, images: images)
                for omission in picture.omissions {
                    FileHandle.standardError.write(Data("warning: the preview of \(device): \(omission)\n".utf8))
                }
                painter.paint(device: device, picture: picture, saves: saves) { [weak self] device, pixels, saves in
                    self?.painted(device, pixels, saves: saves)
                }
                submitted = true
            } catch {
                FileHandle.standardError.write(Data("warning: no preview picture of \(device): \(error)\n".utf8))
            }
        }
        if !submitted { publishIfChanged(saves: []) }
    }

    /// Waits until every drawing handed over so far is painted and published (for tests and
    /// benchmarks that read the feed right after `update`).
    public func waitUntilPainted() { painter.waitUntilIdle() }

    /// On the painter's thread: a screen's pixels, published when they changed (or when
    /// anything else on the page did).
    private func painted(_ device: String, _ pixels: PixelImage, saves: [PicturePainter.Save]) {
        if page.withLock({ $0.screens[device]?.pixels != pixels }) {
            let encoded: String
            do {
                encoded = "data:image/png;base64," + (try pixels.fastPNGData()).base64EncodedString()
            } catch {
                FileHandle.standardError.write(Data("warning: no preview picture of \(device): \(error)\n".utf8))
                return
            }
            page.withLock { page in
                page.screens[device]?.pixels = pixels
                page.screens[device]?.picture = encoded
                page.screens[device]?.frame += 1
                page.changed = true
            }
        }
        publishIfChanged(saves: saves)
    }

    /// Publishes the page when something on it changed; `saves` are those its picture shows.
    private func publishIfChanged(saves: [PicturePainter.Save]) {
        let json: String? = page.withLock { page in
            guard page.changed else { return nil }
            page.changed = false
            if let first = saves.first, let last = saves.last {
                page.lastReload = .init(
                    file: last.file, saveToPictureMilliseconds: (.now - first.savedAt).inMilliseconds)
            }
            let state = PreviewState(
                project: page.project,
                screens: page.devices.compactMap { device in
                    page.screens[device].map { record in
                        .init(
                            device: device, width: record.profile.size.width, height: record.profile.size.height,
                            scale: record.profile.scale, appearance: record.profile.appearance.name,
                            contentSize: record.profile.contentSizeCategory.name,
                            frame: record.frame, picture: record.picture,
                            problem: record.problem)
                    }
                },
                knobs: page.knobs, recording: page.recording,
                files: page.files.values.sorted { $0.file < $1.file }, warnings: page.warnings,
                lastReload: page.lastReload)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) }
        }
        if let json { feed.publish(json: json) }
    }

    /// The program's knobs as the page shows them, with their values now.
    private static func knobs(_ store: KnobStore) -> [PreviewState.Knob] {
        store.declared.map { knob in
            var shown = PreviewState.Knob(
                name: knob.name, kind: "number", value: (store.value(of: knob.name) ?? knob.defaultValue).text)
            switch knob.kind {
            case .number(let low, let high, let step): (shown.min, shown.max, shown.step) = (low, high, step)
            case .boolean: shown.kind = "boolean"
            case .choice(let choices): (shown.kind, shown.choices) = ("choice", choices)
            case .text: shown.kind = "text"
            case .color: shown.kind = "color"
            }
            return shown
        }
    }

}
