extension Duration {
    /// The duration in seconds as a `Double`: what Lua's numbers, JSON reports and the C
    /// time budget take.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }

    /// The duration in milliseconds as a `Double`, as reports print it.
    public var inMilliseconds: Double { inSeconds * 1000 }
}
