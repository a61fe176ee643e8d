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
                                  protocols: CollectionViewController.protocols,
                                  modules: [UIWorld.attributesModule, FlowLayout.elementKindsModule],
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
            StringText.extensionClass(environment), Color.describe(), Font.describe(environment),
            Image.imageClass(), Layer.describe(), Screen.describe(environment), View.viewClass(),
            Label.labelClass(environment), ImageView.imageViewClass(), Window.windowClass(),
            ViewController.describe(environment), TouchSynthesizer.describe(environment), LayoutAttributes.describe(),
            CollectionViewLayout.layoutClass(environment), FlowLayout.flowLayoutClass(environment), ReusableView.reusableViewClass(),
            CollectionViewCell.cellClass(), CollectionView.collectionViewClass(environment), CollectionViewController.controllerClass(environment),
        ] + GestureRecognizer.recognizerClasses(environment) + InvalidationContext.contextClasses()
    }

    static var attributesModule: BindingModule {
        BindingModule("UIKit.NSAttributedString", StringText.attributeNames.map { ($0.0, .constant($0.1)) })
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
