import Foundation
import HeadlessUI
import LiveHost
import Preview
import Testing

/// A preview that no page watches draws no pictures, however much the screen moves; the
/// first page to listen wakes them.
@Suite struct IdlePreviewTests {
    @Test func noPictureIsDrawnWhileNoPageWatchesAndAPageWakesThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("return nil\n".utf8).write(to: folder.appendingPathComponent("main.lua"))
        let program = try Program(project: try Project(at: folder.path))
        let wakes = Counter()
        let feed = PreviewFeed { wakes.add() }
        let publisher = PreviewPublisher(feed: feed, program: program, profiles: [.phone])
        let world = try UIWorld(profile: .phone)
        try world.bridge.state.run(
            """
            local C = objc.UIViewController:createSubclass "C"
            local controller = C:new()
            local box = objc.UIView:newWithFrame { x = 20, y = 100, width = 80, height = 80 }
            box.backgroundColor = objc.UIColor.systemBlueColor
            controller.view:addSubview(box)
            local spin = objc.CABasicAnimation:animationWithKeyPath("transform.rotation.z")
            spin.toValue = 2 * math.pi
            spin.duration = 1
            spin.repeatCount = math.huge
            box.layer:addAnimation_forKey(spin, "spin")
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
            """, chunkName: "=test")
        func frame() -> Int? {
            guard let json = feed.current?.json.data(using: .utf8),
                let state = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                let screen = (state["screens"] as? [[String: Any]])?.first
            else { return nil }
            return screen["frame"] as? Int
        }
        func advance() throws {
            try world.clock.advance(by: 0.1)
            publisher.update(["phone": world])
            publisher.waitUntilPainted()
        }
        publisher.update(["phone": world])
        publisher.waitUntilPainted()
        #expect(frame() == 1, "the first picture is drawn, for the page to come")
        for _ in 0..<5 { try advance() }
        #expect(frame() == 1, "no page watches: the turning box is not drawn")
        #expect(wakes.value == 0)

        var updates = feed.updates().makeAsyncIterator()
        _ = await updates.next()
        #expect(wakes.value == 1, "the first page wakes the pictures")
        try advance()
        #expect(frame() == 2)
        try advance()
        #expect(frame() == 3, "a watched screen that moves is drawn at each update")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
