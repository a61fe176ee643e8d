import Foundation
import Preview
import Testing

/// The feed keeps one state for all pages and never a queue per page.
@Suite struct PreviewFeedTests {
    /// Takes `count` messages, or fewer if the stream ends first; nil when they do not come
    /// within the deadline.
    static func take(_ count: Int, from stream: AsyncStream<PreviewFeed.Message>) async -> [PreviewFeed.Message]? {
        await withTaskGroup(of: [PreviewFeed.Message]?.self) { group in
            group.addTask {
                var taken: [PreviewFeed.Message] = []
                for await message in stream {
                    taken.append(message)
                    if taken.count == count { break }
                }
                return taken
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(20))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test func aHeartbeatNeverPushesOutAStateNotYetSent() async {
        let feed = PreviewFeed()
        let stream = feed.updates()
        let state = feed.publish(json: "{\"n\":1}")
        feed.beat()  // the page has not read the state yet
        #expect(await Self.take(1, from: stream) == [.update(state)])
        feed.beat()
        #expect(await Self.take(1, from: stream) == [.heartbeat])
    }

    @Test func aSlowPageGetsOnlyTheNewestState() async {
        let feed = PreviewFeed()
        let stream = feed.updates()
        var last: PreviewFeed.Update?
        for index in 1...1000 { last = feed.publish(json: "{\"n\":\(index)}") }
        let taken = await Self.take(1, from: stream)
        #expect(taken == last.map { [.update($0)] })
        let next = feed.publish(json: "{\"n\":1001}")
        #expect(await Self.take(1, from: stream) == [.update(next)], "nothing older was queued")
    }

    @Test func pastTheLimitTheOldestStreamEnds() async {
        let feed = PreviewFeed(streamLimit: 2)
        let oldest = feed.updates()
        let middle = feed.updates()
        #expect(feed.listenerCount == 2)
        let newest = feed.updates()
        #expect(feed.listenerCount == 2)
        #expect(await Self.take(1, from: oldest) == [], "the oldest stream ended")
        let state = feed.publish(json: "{}")
        #expect(await Self.take(1, from: middle) == [.update(state)])
        #expect(await Self.take(1, from: newest) == [.update(state)])
    }
}
