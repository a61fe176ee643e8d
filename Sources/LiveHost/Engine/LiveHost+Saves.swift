import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// Saved files: settled by the watcher, compared by content, and delivered to each device as
/// module reloads, resources or documents.
extension LiveHost {
    // MARK: Files

    func note(_ event: WatchEvent, at time: ContinuousClock.Instant) {
        switch event {
        case .changed(let path, let complete): settle.note(path, complete: complete, at: time)
        case .removed(let path):
            for known in hashes.keys where known == path || known.hasPrefix(path + "/") {
                settle.note(known, complete: false, at: time)
            }
            settle.note(path, complete: false, at: time)
        case .overflow:
            send(.warning("inotify's event queue overflowed; every file was compared again"))
            for path in Set(hashes.keys).union(program.files()) {
                settle.note(path, complete: true, at: time)
            }
        case .warning(let text): send(.warning(text))
        }
    }

    /// Sorts settled files into changed modules and resources, by content: the project's copy,
    /// else the package's.
    func compareSettled(_ ready: [(path: String, settled: Bool, saved: ContinuousClock.Instant)]) {
        var changed: [String] = []
        var saved: [String: ContinuousClock.Instant] = [:]
        var bytes: [String: Data] = [:]
        for (path, settled, savedAt) in ready {
            let found: (isEmpty: Bool, digest: String, bytes: Data?)?
            do {
                found = try program.content(of: path)
            } catch {
                send(
                    .problem(
                        .init(
                            .runtimeError, message: "\(error); what was loaded from it stays as it was",
                            file: program.displayPath(path))))
                continue
            }
            guard let content = found else {
                if hashes.removeValue(forKey: path) != nil { removed(path) }
                continue
            }
            if content.isEmpty && !settled {
                settle.postpone(path, from: .now)  // maybe truncated before being written
                continue
            }
            guard hashes[path] != content.digest else { continue }
            hashes[path] = content.digest
            changed.append(path)
            saved[path] = savedAt
            bytes[path] = content.bytes
        }
        guard !changed.isEmpty else { return }
        for tool in tools { tool.sourcesChanged() }  // a debugger's function breakpoints move with the sources
        for device in devices { deliver(changed, savedAt: saved, bytes: bytes, on: device) }
    }

    /// Reloads the changed modules and delivers the changed resources on one device. `bytes`:
    /// each changed project file as it was read and hashed, which is what runs.
    func deliver(
        _ changed: [String], savedAt saved: [String: ContinuousClock.Instant], bytes: [String: Data],
        on device: DeviceRunner
    ) {
        guard device.started, let context = device.context else {
            startContext(on: device, restartingFor: "\(changed.joined(separator: ", ")) changed")
            return
        }
        let modules = context.modules.loaded.filter { changed.contains($0.path) }
        for module in modules {
            guard
                reload(
                    module.name, from: module.path, source: bytes[module.path], savedAt: saved[module.path],
                    on: device, in: context)
            else {
                return
            }
        }
        for path in changed where Project.moduleName(forPath: path) == nil {
            let keys = context.resources.keys(affectedBy: path)
            let read = bytes[path].map { (path, $0) }
            for key in keys { redeliver(key, saved: read, savedAt: saved[path], on: device, in: context) }
            if keys.isEmpty { documentSaved(path, savedAt: saved[path], on: device, in: context) }
        }
    }

    /// A saved storyboard or xib that a running screen came from (read by name, not bound as a
    /// resource): read again, then `system.did_load_resource` (name, type) so that a handler can
    /// rebuild, and a layout pass. A broken save keeps the last good document.
    func documentSaved(
        _ path: String, savedAt: ContinuousClock.Instant?, on device: DeviceRunner, in context: LiveContext
    ) {
        let type = (path as NSString).pathExtension
        if path.contains(".xcassets/") { return assetSaved(path, savedAt: savedAt, on: device, in: context) }
        guard type == "storyboard" || type == "xib", let url = context.modules.program.fileURL(of: path) else { return }
        let file = context.modules.displayPath(path)
        let start = beginTurn(on: device)
        do {
            guard try context.world.documentWasSaved(at: url, named: file) else { return }
        } catch {
            send(.problem(.init(.resourceError, message: "\(error)", file: file)), on: device)
            return
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let handlers = post(
            "system.did_load_resource", [.string(name), .string(type)], file: file, on: device, in: context)
        if handlers == 0 { rebuild(fromDocument: name, type: type, file: file, on: device, in: context) }
        layoutPass(file: file, on: device, in: context)
        var delivered = turn(since: start, file: file, savedAt: savedAt, on: device, in: context)
        (delivered.handlers, delivered.bindings) = (handlers, 0)
        send(.resource(delivered), on: device)
    }

    /// A saved file of an asset catalog: the colours `colorNamed` gave from a saved colour set
    /// take its new looks and the screen draws again; `system.did_load_resource` (the set's
    /// name, its kind) lets a handler take a saved image set. A broken save keeps the last looks.
    func assetSaved(_ path: String, savedAt: ContinuousClock.Instant?, on device: DeviceRunner, in context: LiveContext)
    {
        guard let url = context.modules.program.fileURL(of: path) else { return }
        let file = context.modules.displayPath(path)
        let start = beginTurn(on: device)
        do {
            _ = try context.world.assetWasSaved(at: url)
        } catch {
            send(.problem(.init(.resourceError, message: "\(error)", file: file)), on: device)
            return
        }
        let set = url.deletingLastPathComponent()
        let handlers = post(
            "system.did_load_resource",
            [.string(set.deletingPathExtension().lastPathComponent), .string(set.pathExtension)], file: file,
            on: device, in: context)
        layoutPass(file: file, on: device, in: context)
        var delivered = turn(since: start, file: file, savedAt: savedAt, on: device, in: context)
        (delivered.handlers, delivered.bindings) = (handlers, 0)
        send(.resource(delivered), on: device)
    }

    /// What a saved document that no handler took made is made again, as a module save without
    /// a handler hints: the main storyboard's initial controller, or the views of the loaded
    /// controllers that a nib owns.
    func rebuild(
        fromDocument name: String, type: String, file: String, on device: DeviceRunner, in context: LiveContext
    ) {
        do {
            let rebuilt: String
            if type == "storyboard", name == program.project?.mainStoryboard {
                try context.world.rebuildFromMainStoryboard(name)
                rebuilt = "its initial view controller was made again"
            } else if type == "xib", case let count = try context.world.reloadViews(fromNib: name), count > 0 {
                rebuilt =
                    "the view of \(count == 1 ? "the controller" : "\(count) controllers") it owns was loaded again"
            } else {
                return
            }
            send(.hint("\(file) has no system.did_load_resource handler: \(rebuilt)", file: file), on: device)
        } catch {
            send(.problem(problem(.runtimeError, error, file: file)), on: device)
        }
    }

    /// A file went away: what was loaded from it stays (said once, not once per device).
    func removed(_ path: String) {
        guard let context = devices[0].context else { return }
        if let module = context.modules.module(at: path) {
            send(
                .warning(
                    "\(context.modules.displayPath(path)) was deleted; module \(module) keeps its loaded code "
                        + "(re-create the file to reload it)", file: context.modules.displayPath(path)))
        }
        for key in context.resources.keys(affectedBy: path) {
            send(
                .warning(
                    "\(context.modules.displayPath(path)) was deleted; the \(key.type) resource '\(key.name)' "
                        + "keeps its last value", file: context.modules.displayPath(path)))
        }
    }
}
