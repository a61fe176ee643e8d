/// When a running program's pictures (the preview's, `--snapshot`'s) are drawn again: after
/// something changed the screens, and at most at the display's rate, however often the clock
/// turns. A change inside a frame's interval is drawn when the interval ends.
struct FramePacer {
    /// The display's refresh interval: 60 frames a second.
    static let interval = Duration.nanoseconds(1_000_000_000 / 60)

    /// The screens' generation the pictures show.
    private var drawn: Int
    private var lastDrawn: ContinuousClock.Instant?

    init(generation: Int) { drawn = generation }

    /// When the host should wake to draw a change that came too soon after the last picture.
    func wake(for generation: Int) -> ContinuousClock.Instant? {
        guard generation != drawn, let lastDrawn else { return nil }
        return lastDrawn + Self.interval
    }

    /// Whether to draw the pictures now, for the screens' `generation`; true records them drawn.
    mutating func drawsNow(_ generation: Int, at now: ContinuousClock.Instant = .now) -> Bool {
        guard generation != drawn else { return false }
        if let lastDrawn, now < lastDrawn + Self.interval { return false }
        (drawn, lastDrawn) = (generation, now)
        return true
    }
}
