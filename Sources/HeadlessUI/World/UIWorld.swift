import Foundation
import Logging
import LuaRuntime
import ObjectBridge

/// The headless UIKit world: one bridge with UIKit's classes, a screen sized by a device
/// profile, and a window. Everything runs on the thread that made it.
public final class UIWorld {
    public let bridge: ObjectBridge
    public let window: Window
    let environment: UIEnvironment
    /// The window is the host's root: everything it owns (its root view controller, the view
    /// tree, recognizers, layouts) keeps its userdata and script fields while it lives.
    private let windowAnchor: ObjectAnchor

    public init(profile: DeviceProfile = .phone, options: LuaState.Options = .init(),
                text: TextEngine? = nil,
                diagnostics: @escaping (BridgeDiagnostic) -> Void = { ObjectBridge.logger.warning("\($0)") }) throws {
        let environment = UIEnvironment(text: try text ?? TextEngine(), screen: Screen(profile: profile))
        bridge = try ObjectBridge(options: options, classes: UIWorld.classes(environment),
                                  protocols: ScrollView.Script.protocols + CollectionView.Script.protocols
                                      + FlowLayout.Script.protocols + GestureRecognizer.Script.protocols,
                                  modules: [NSStringUIKit.Script.attributesModule, ScrollView.Script.module]
                                      + FlowLayout.Script.elementKindsModules,
                                  structs: [UIEdgeInsets.self, CGAffineTransform.self, CATransform3D.self],
                                  diagnostics: diagnostics)
        environment.link = bridge.link
        self.environment = environment
        window = Window()
        window.frame = environment.screen.bounds
        window.screenScale = profile.scale
        windowAnchor = try bridge.anchor(window)
        environment.touches.window = window
        try bridge.state.run(TouchSynthesizer.prelude, chunkName: "=(rebound simulate)")
    }

    /// Every native class of the headless world, superclasses first.
    static func classes(_ environment: UIEnvironment) -> [NativeClass] {
        [
            NSStringUIKit.Script.nativeClass(environment), Color.Script.nativeClass(), Font.Script.nativeClass(environment),
            Image.Script.nativeClass(), Layer.Script.nativeClass(), Screen.Script.nativeClass(environment), View.Script.nativeClass(environment),
            Label.Script.nativeClass(environment), ImageView.Script.nativeClass(), Window.Script.nativeClass(),
            ViewController.Script.nativeClass(environment), TouchSynthesizer.Script.nativeClass(environment),
            LayoutAttributes.Script.nativeClass(), CollectionViewLayout.Script.nativeClass(environment),
            FlowLayout.Script.nativeClass(environment), ReusableView.Script.nativeClass(), CollectionViewCell.Script.nativeClass(),
            ScrollView.Script.nativeClass(environment), CollectionView.Script.nativeClass(environment), CollectionViewController.Script.nativeClass(environment),
            GestureRecognizer.Script.nativeClass(environment), TapRecognizer.Script.nativeClass(environment),
            LongPressRecognizer.Script.nativeClass(environment), PanRecognizer.Script.nativeClass(environment),
            PinchRecognizer.Script.nativeClass(environment), RotationRecognizer.Script.nativeClass(environment),
            InvalidationContext.Script.nativeClass(), FlowInvalidationContext.Script.nativeClass(),
            Control.Script.nativeClass(environment), Button.Script.nativeClass(environment), Switch.Script.nativeClass(environment),
            Slider.Script.nativeClass(environment),
        ]
    }

    public var screen: Screen { environment.screen }
    public var clock: VirtualClock { environment.clock }
    public var text: TextEngine { environment.text }

    /// Makes `controller` the window's root, with UIKit's appearance calls.
    public func setRoot(_ controller: ViewController?) throws {
        try window.setRootViewController(controller)
    }

    /// The layout pass UIKit runs at the end of each run-loop turn.
    public func layoutPass() throws {
        try window.layoutIfNeeded()
    }
}
