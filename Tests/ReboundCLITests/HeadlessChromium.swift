import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Debian's headless `chromium`, driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: commands on its fd 3, replies on its fd 4, one JSON message
/// per NUL-terminated record), so that a test reads what a page shows from the page itself.
final class HeadlessChromium {
    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var buffer = Data()
    private var nextID = 0
    private var session: String?

    /// Opens `url` in a new headless browser, its viewport `viewport` (width, height) when given.
    /// The browser starts on a blank page and sets the viewport before it loads `url`: given a
    /// window size instead, headless Chromium may lay a page out at the window's full height and
    /// shrink the viewport a moment later, so that what a test measures first would not last.
    init(url: String, viewport: (width: Int, height: Int)? = nil) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw BrowserError("pipe: \(String(cString: strerror(errno)))")
        }
        // Only the two ends the browser reads and writes (as its fds 3 and 4) go to it.
        for end in toBrowser + fromBrowser { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments =
            [
                "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
                "about:blank",
            ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var spawned: pid_t = 0
        let status = posix_spawnp(&spawned, "chromium", &actions, nil, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        commands = toBrowser[1]
        replies = fromBrowser[0]
        guard status == 0 else {
            close(commands)
            close(replies)
            throw BrowserError("cannot start chromium: \(String(cString: strerror(status)))")
        }
        pid = spawned
        if let viewport { try resize(to: viewport) }
        try send("Page.navigate", ["url": url])
    }

    /// Sets the page's viewport to `size` (width, height), as a resized window does: the page
    /// gets a `resize` event.
    func resize(to size: (width: Int, height: Int)) throws {
        try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": size.width, "height": size.height, "deviceScaleFactor": 1, "mobile": false])
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(commands)
        close(replies)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Evaluates `expression` in the page and returns its JSON value (nil when it throws).
    func evaluate(_ expression: String, timeout: Duration = .seconds(60)) throws -> Any? {
        let session = try attachedSession(timeout: timeout)
        let reply = try call(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true],
            session: session, timeout: timeout)
        guard reply["exceptionDetails"] == nil, let result = reply["result"] as? [String: Any] else { return nil }
        return result["value"]
    }

    /// Sends a DevTools command to the page (`Input.dispatchMouseEvent`, `Input.insertText`)
    /// and waits for its answer.
    func send(_ method: String, _ parameters: [String: Any], timeout: Duration = .seconds(60)) throws {
        let session = try attachedSession(timeout: timeout)
        _ = try call(method, parameters, session: session, timeout: timeout)
    }

    /// A mouse's press, moves (`through`, in steps) and release at page points (`releasing`
    /// false: held), with the option key held when `option`.
    func drag(
        from start: (x: Double, y: Double), through points: [(x: Double, y: Double)], option: Bool = false,
        releasing: Bool = true
    ) throws {
        let modifiers = option ? 1 : 0
        func mouse(_ type: String, _ point: (x: Double, y: Double), buttons: Int) throws {
            try send(
                "Input.dispatchMouseEvent",
                [
                    "type": type, "x": point.x, "y": point.y, "button": "left", "buttons": buttons,
                    "clickCount": 1, "modifiers": modifiers,
                ])
        }
        try mouse("mousePressed", start, buttons: 1)
        for point in points {
            try mouse("mouseMoved", point, buttons: 1)
            usleep(20_000)  // a frame apart, as a hand moves
        }
        if releasing { try mouse("mouseReleased", points.last ?? start, buttons: 0) }
    }

    /// Lets go of the mouse at a page point, with the option key held when `option`.
    func release(at point: (x: Double, y: Double), option: Bool = false) throws {
        try send(
            "Input.dispatchMouseEvent",
            [
                "type": "mouseReleased", "x": point.x, "y": point.y, "button": "left", "buttons": 0,
                "clickCount": 1, "modifiers": option ? 1 : 0,
            ])
    }

    /// Evaluates `expression` until it gives a value that satisfies `condition`; returns that
    /// value, or nil when `timeout` passes first.
    func wait(for expression: String, timeout: Duration = .seconds(60), until condition: (Any?) -> Bool) throws -> Any?
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let value = try evaluate(expression, timeout: deadline - .now)
            if condition(value) { return value }
            usleep(50_000)
        }
        return nil
    }

    private func attachedSession(timeout: Duration) throws -> String {
        if let session { return session }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let targets =
                try call("Target.getTargets", [:], timeout: deadline - .now)["targetInfos"] as? [[String: Any]] ?? []
            if let page = targets.first(where: { $0["type"] as? String == "page" }),
                let id = page["targetId"] as? String
            {
                let attached = try call(
                    "Target.attachToTarget", ["targetId": id, "flatten": true], timeout: deadline - .now)
                if let id = attached["sessionId"] as? String {
                    session = id
                    return id
                }
            }
            usleep(50_000)
        }
        throw BrowserError("chromium showed no page within \(timeout)")
    }

    private func call(
        _ method: String, _ parameters: [String: Any], session: String? = nil,
        timeout: Duration
    ) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var record = try JSONSerialization.data(withJSONObject: message)
        record.append(0)
        try record.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var sent = 0
            while sent < bytes.count {
                let count = write(commands, base + sent, bytes.count - sent)
                guard count > 0 else {
                    throw BrowserError("chromium stopped reading: \(String(cString: strerror(errno)))")
                }
                sent += count
            }
        }
        let deadline = ContinuousClock.now + timeout
        while true {
            while let end = buffer.firstIndex(of: 0) {
                let reply = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[buffer.index(after: end)...])
                guard let object = try JSONSerialization.jsonObject(with: reply) as? [String: Any],
                    object["id"] as? Int == nextID
                else { continue }
                if let error = object["error"] as? [String: Any] { throw BrowserError("\(method): \(error)") }
                return object["result"] as? [String: Any] ?? [:]
            }
            try read(until: deadline, waitingFor: method)
        }
    }

    private func read(until deadline: ContinuousClock.Instant, waitingFor method: String) throws {
        let left = deadline - .now
        guard left > .zero else { throw BrowserError("chromium did not answer \(method) in time") }
        var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1000))
        guard poll(&poller, 1, max(1, milliseconds)) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = Glibc.read(replies, &chunk, chunk.count)
        guard count > 0 else { throw BrowserError("chromium closed its pipe (it ended)") }
        buffer.append(contentsOf: chunk[0..<count])
    }
}

extension HeadlessChromium {
    /// The screenshot a user takes with `chromium --headless --screenshot`: the page as it
    /// loaded, in a window of `width` x `height`, as PNG bytes.
    static func screenshot(of url: String, width: Int, height: Int, deadline: Duration = .seconds(90)) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--screenshot=\(file.path)",
            "--window-size=\(width),\(height)", url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let end = ContinuousClock.now + deadline
        while process.isRunning, ContinuousClock.now < end { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            throw BrowserError("chromium --screenshot did not finish within \(deadline)")
        }
        return try Data(contentsOf: file)
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
