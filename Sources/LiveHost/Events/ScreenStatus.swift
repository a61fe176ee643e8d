/// What a device's screen shows: its program running cleanly, or the problem that stopped or
/// broke its last turn. The host keeps one per device and sends a `HostEvent.status` when it
/// changes; the preview, the debugger and `--json` read it instead of working it out.
public enum ScreenStatus: Sendable, Equatable {
    case healthy
    case failing(HostEvent.Problem)

    /// The status after `event`: an error is shown until a turn (a start, reload or delivery)
    /// that reports none; a runtime or handler error also clears with a layout pass without
    /// one (`afterCleanPass`).
    func after(_ event: HostEvent) -> ScreenStatus {
        if let problem = event.problem { return problem.isError ? .failing(problem) : self }
        if let turn = event.turn, turn.errors == nil { return .healthy }
        return self
    }

    /// The status after a layout pass that reported no error.
    var afterCleanPass: ScreenStatus {
        if case .failing(let problem) = self, problem.clearsWithAGoodPass { return .healthy }
        return self
    }
}
