import Foundation
import Rendering

/// Turns recorded pictures into pixels on a thread of its own, newest first: a screen's
/// drawing that waits is replaced by a newer one of the same screen (the saves it showed are
/// kept for the newer one), so the painter never falls further behind than one drawing a
/// screen, however fast the host records them.
final class PicturePainter: @unchecked Sendable {
    /// A save whose reload the picture shows: the file, and when it was saved.
    struct Save: Sendable {
        let file: String
        let savedAt: ContinuousClock.Instant
    }

    typealias Painted = @Sendable (_ device: String, _ pixels: PixelImage, _ saves: [Save]) -> Void

    private struct Job {
        let picture: Picture
        var saves: [Save]
        let done: Painted
    }

    private let condition = NSCondition()
    private var waiting: [String: Job] = [:]
    /// Devices in the order their drawings arrived.
    private var order: [String] = []
    private var busy = false
    private var stopped = false

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "rebound.preview.painter"
        thread.start()
    }

    /// Paints `picture` of `device` soon, then calls `done` on the painter's thread.
    func paint(device: String, picture: Picture, saves: [Save], done: @escaping Painted) {
        condition.withLock {
            let earlier = waiting[device]?.saves ?? []
            if waiting[device] == nil { order.append(device) }
            waiting[device] = Job(picture: picture, saves: earlier + saves, done: done)
            condition.broadcast()
        }
    }

    /// Waits until nothing is waiting or being painted.
    func waitUntilIdle() {
        condition.withLock {
            while (busy || !waiting.isEmpty) && !stopped { condition.wait() }
        }
    }

    /// Ends the thread once the drawing in hand is done; what waits is dropped.
    func stop() {
        condition.withLock {
            stopped = true
            waiting = [:]
            order = []
            condition.broadcast()
        }
    }

    private func run() {
        while let (device, job) = next() {
            do {
                job.done(device, try job.picture.pixels(), job.saves)
            } catch {
                FileHandle.standardError.write(Data("warning: no preview picture of \(device): \(error)\n".utf8))
            }
            condition.withLock {
                busy = false
                condition.broadcast()
            }
        }
    }

    private func next() -> (String, Job)? {
        condition.withLock {
            while true {
                while order.isEmpty && !stopped { condition.wait() }
                guard !stopped else { return nil }
                let device = order.removeFirst()
                if let job = waiting.removeValue(forKey: device) {
                    busy = true
                    return (device, job)
                }
            }
        }
    }
}
