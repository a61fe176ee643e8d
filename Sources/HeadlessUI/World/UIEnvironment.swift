import ObjectBridge

/// What the headless world's native classes share: the text engine, the screen, the virtual
/// clock and touch dispatch, and a way to warn. Made before the bridge, so that class
/// descriptions can capture it.
final class UIEnvironment {
    let text: TextEngine
    let screen: Screen
    let clock = VirtualClock()
    lazy var touches = TouchDispatcher(clock: clock)
    /// Set once the bridge exists.
    var link: BridgeLink?
    var bridge: ObjectBridge? { link?.bridge }

    init(text: TextEngine, screen: Screen) {
        self.text = text
        self.screen = screen
    }

    func warn(_ message: String) {
        bridge?.report(.warning, message)
    }
}
