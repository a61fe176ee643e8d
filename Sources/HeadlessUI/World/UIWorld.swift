import Foundation
import Logging
import LuaRuntime
import ObjectBridge

/// The headless UIKit world: one bridge with UIKit's classes, a screen sized by a device
/// profile, and the host's window. Everything runs on the thread that made it.
public final class UIWorld {
    public let bridge: ObjectBridge
    /// The window the host shows a start module's controller in. An app delegate makes its own
    /// instead (see `launch(delegate:)`).
    let hostWindow: Window
    let environment: UIEnvironment
    /// The window is the host's root: everything it owns (its root view controller, the view
    /// tree, recognizers, layouts) keeps its userdata and script fields while it lives. The
    /// application and the screen, which scripts reach as singletons, keep theirs too.
    private let anchors: [ObjectAnchor]

    public init(
        profile: DeviceProfile = .phone, options: LuaState.Options = .init(),
        text: TextEngine? = nil, foundation: FoundationSettings = .init(), services: WorldServices = .init(),
        diagnostics: @escaping (BridgeDiagnostic) -> Void = { ObjectBridge.logger.warning("\($0)") }
    ) throws {
        let environment = UIEnvironment(
            text: try text ?? TextEngine(), screen: Screen(profile: profile),
            foundation: try FoundationContext(foundation), services: services)
        bridge = try ObjectBridge(
            options: options, classes: UIWorld.classes(environment),
            protocols: UIWorld.protocols + [UIWorld.appDelegateProtocol], modules: UIWorld.modules(environment),
            structs: [
                UIEdgeInsets.self, DirectionalEdgeInsets.self, CGAffineTransform.self, CATransform3D.self,
                CGVector.self,
                TextureDimension.self, SizeRange.self,
            ],
            diagnostics: diagnostics)
        environment.link = bridge.link
        self.environment = environment
        hostWindow = Window(application: environment.application)
        hostWindow.frame = environment.screen.bounds
        environment.application.makeKeyAndVisible(hostWindow)
        let bridge = self.bridge
        anchors = try [
            hostWindow, environment.application, environment.screen, environment.device, environment.notificationCenter,
        ].map {
            try bridge.anchor($0)
        }
        environment.transactions.link = bridge.link
        // It runs every frame: it holds what it uses, not the environment (the clock's owner).
        environment.clock.turnEnded = {
            [transactions = environment.transactions, application = environment.application] in
            transactions.commitImplicit()
            try application.layoutPass()
        }
        try bridge.state.run(TouchSynthesizer.prelude, chunkName: "=(rebound simulate)")
        try bridge.state.run(KeyboardSynthesizer.prelude, chunkName: "=(rebound simulate)")
        try bridge.state.run(Serialization.prelude, chunkName: "=(rebound objc helpers)")
        try bridge.state.run(DispatchPrelude.source, chunkName: "=(rebound dispatch)")
    }

    deinit {
        environment.dropPendingWork()
        // The delegate's script class reaches the native classes, whose members hold the
        // environment, which holds the application: a cycle that only this breaks.
        environment.application.delegate = nil
        environment.application.keyboard = nil
    }

    /// After a save of an Interface Builder document: true when the program had read it (a
    /// screen may come from it), which it then reads again; a broken save is an error naming
    /// the file and line, and the last good document stays for what is made next.
    public func documentWasSaved(at url: URL, named name: String) throws -> Bool {
        try environment.nibDocuments.reread(at: url, named: name)
    }

    public var screen: Screen { environment.screen }
    /// Input from a person: the preview page's pointer and keys.
    public private(set) lazy var input = LiveInput(environment: environment)
    public var clock: VirtualClock { environment.clock }
    public var text: TextEngine { environment.text }

    /// The key window: the app delegate's once it showed one, else the host's.
    public var window: Window { environment.application.keyWindow ?? hostWindow }

    /// Makes `controller` the host window's root, with UIKit's appearance calls.
    public func setRoot(_ controller: ViewController?) throws {
        try hostWindow.setRootViewController(controller)
        try environment.application.displayPass()  // the first screen is drawn, as the first commit draws it
    }

    public var application: Application { environment.application }

    /// Turns the device (see `UIEnvironment.turnDevice`), then lets the rotation's animation
    /// run out on the clock.
    public func turnDevice(to orientation: DeviceOrientation) throws {
        try input.turnDevice(to: orientation)
    }

    /// Switches the device's appearance (see `UIEnvironment.setAppearance`), then lays out.
    public func setAppearance(_ appearance: UserInterfaceStyle) throws {
        try environment.setAppearance(appearance)
        try layoutPass()
    }

    /// Gives the world the program's files: `NSBundle.mainBundle`, `UIImage:imageNamed` and
    /// the file-reading methods see them, and nothing else.
    public func useProgramFiles(_ files: ProgramFiles) {
        environment.programFiles = files
    }

    /// The layout pass UIKit runs at the end of each run-loop turn, over every window shown.
    public func layoutPass() throws {
        try environment.application.layoutPass()
    }
}
