import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A module run again in place, a resource delivered again, and each turn's report.
extension LiveHost {
    // MARK: Reloading

    /// Reloads a module in place and reports it; false when the context had to restart.
    func reload(
        _ name: String, from path: String, source: Data?, savedAt: ContinuousClock.Instant?, on device: DeviceRunner,
        in context: LiveContext
    ) -> Bool {
        let start = beginTurn(on: device)
        let file = context.modules.displayPath(path)
        // Only while no handler could refresh the screen: is there anything to see?
        let screenBefore =
            gaveReloadHint || context.bridge.handlerCount(for: "system.did_load_module") > 0
            ? nil : LayoutDump.entries(of: context.world)
        let editedAtStart: [String]
        do {
            editedAtStart = try context.reloadSaved(name, from: path, source: source)
        } catch {
            switch error {
            case .syntax(let luaError):
                send(.problem(problem(.syntaxError, luaError, file: file, module: name)), on: device)
            case .unreadable(let luaError), .runtime(let luaError):
                send(.problem(problem(.runtimeError, luaError, file: file, module: name)), on: device)
            case .needsRestart(let reason, _):
                startContext(on: device, restartingFor: "\(file): \(reason)")
                return false
            }
            return true
        }
        let handlers = post("system.did_load_module", [.string(name)], file: file, on: device, in: context)
        // The module's drawRect may have changed: every view draws again, as a live edit expects.
        context.world.application.setNeedsDisplayEverywhere()
        layoutPass(file: file, on: device, in: context)
        var reloaded = turn(since: start, file: file, module: name, savedAt: savedAt, on: device, in: context)
        reloaded.handlers = handlers
        send(.reloaded(reloaded), on: device)
        for method in editedAtStart where hintedStartOnlyMethods.insert("\(file) \(method)").inserted {
            send(
                .hint(
                    "\(file): \(method) changed, but it runs only when its object is made or the app starts; restart "
                        + "(the r key) to see the change", file: file), on: device)
        }
        if let screenBefore, handlers == 0, editedAtStart.isEmpty, LayoutDump.entries(of: context.world) == screenBefore
        {
            gaveReloadHint = true
            send(
                .hint(
                    "\(file) ran again, but nothing on the screen "
                        + "changed: objects made before the save keep their state, and no system.did_load_module handler ran. "
                        + "Add one that refreshes the view, such as self:addMessageHandler(\"system.did_load_module\", "
                        + "\"refreshView\") in viewDidLoad, or restart (the r key) to see the new code from the start.",
                    file: file))
        }
        return true
    }

    /// Delivers a resource again; `saved`: the saved file's bytes, as the host read them.
    func redeliver(
        _ key: ResourceKey, saved: (path: String, bytes: Data)?, savedAt: ContinuousClock.Instant?,
        on device: DeviceRunner, in context: LiveContext
    ) {
        let start = beginTurn(on: device)
        do {
            let (path, count) = try context.resources.deliver(key, saved: saved)
            let file = context.modules.displayPath(path)
            let handlers = post(
                "system.did_load_resource", [.string(key.name), .string(key.type)], file: file, on: device,
                in: context)
            layoutPass(file: file, on: device, in: context)
            var delivered = turn(since: start, file: file, savedAt: savedAt, on: device, in: context)
            (delivered.handlers, delivered.bindings) = (handlers, count)
            send(.resource(delivered), on: device)
        } catch let error as ResourceError {
            send(
                .problem(.init(.resourceError, message: error.description, file: resourceFile(key, in: context))),
                on: device)
        } catch {
            send(.problem(problem(.runtimeError, error, file: resourceFile(key, in: context))), on: device)
        }
    }

    func resourceFile(_ key: ResourceKey, in context: LiveContext) -> String? {
        (context.resources.bound[key] ?? nil).map(context.modules.displayPath)
    }

    func post(
        _ message: String, _ arguments: [LuaValue], file: String, on device: DeviceRunner, in context: LiveContext
    ) -> Int {
        do {
            return try context.bridge.post(message, arguments)
        } catch {
            send(.problem(problem(.handlerError, error, file: file)), on: device)
            return 0
        }
    }

    /// A layout pass of a device's world; the next good pass clears a runtime error (a syntax
    /// error waits for a clean turn).
    func layoutPass(file: String?, on device: DeviceRunner, in context: LiveContext) {
        let errorsBefore = device.errorsSent
        do {
            try context.world.layoutPass()
        } catch {
            send(.problem(problem(.runtimeError, error, file: file)), on: device)
        }
        if device.errorsSent == errorsBefore { update(device, to: device.status.afterCleanPass) }
    }
}
