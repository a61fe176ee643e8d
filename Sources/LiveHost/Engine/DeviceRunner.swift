import Foundation
import HeadlessUI

extension LiveHost {
    /// The program on one device: its context, once started.
    final class DeviceRunner {
        let profile: DeviceProfile
        var context: LiveContext?
        /// Whether the start module ran and showed its view controller.
        var started = false
        /// The real moment the world's clock was last brought up to, when it follows real time.
        var clockSynced: ContinuousClock.Instant?
        /// How many error events this device's context has sent.
        var errorsSent = 0
        /// What its screen shows: healthy, or its latest error.
        var status = ScreenStatus.healthy

        init(profile: DeviceProfile) { self.profile = profile }
    }

    /// Where a turn began: its clock and the errors sent before it.
    struct TurnStart {
        let time = ContinuousClock.now
        let errorsBefore: Int
    }

    /// Starts measuring a turn on `device`; something may run that changes its screen.
    func beginTurn(on device: DeviceRunner) -> TurnStart {
        screenGeneration += 1
        return TurnStart(errorsBefore: device.errorsSent)
    }

    /// The report of a turn begun at `start`: its time, what its screen shows, and the errors
    /// sent on its way.
    func turn(
        since start: TurnStart, file: String?, module: String? = nil, savedAt: ContinuousClock.Instant? = nil,
        on device: DeviceRunner, in context: LiveContext
    ) -> HostEvent.Turn {
        var turn = HostEvent.Turn(
            file: file, module: module, duration: .now - start.time, visible: context.visibleItems)
        turn.savedAt = savedAt
        turn.errors = device.errorsSent > start.errorsBefore ? device.errorsSent - start.errorsBefore : nil
        return turn
    }
}
