import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// One Lua context running a program: the headless world, `require` through the project, the
/// resource library, and the root view controller the start module gave. A restart throws the
/// context away and makes a new one.
public final class LiveContext {
    public let world: UIWorld
    public let modules: ModuleLoader
    let resources: ResourceLibrary
    /// Runs what the console is given, in this context's globals and world.
    public let console: ConsoleEvaluator

    /// `output` receives each line scripts `print`, with the file and line that printed it.
    public init(
        program: Program, profile: DeviceProfile, options: LuaState.Options, foundation: FoundationSettings,
        services: WorldServices, resourceSizeLimit: Int, knobs: KnobStore,
        diagnostics: @escaping (BridgeDiagnostic) -> Void,
        output: @escaping (String, (source: String, line: Int)?) -> Void
    ) throws {
        world = try UIWorld(
            profile: profile, options: options, foundation: foundation, services: services, diagnostics: diagnostics)
        world.useProgramFiles(
            ProgramFiles(
                root: program.filesRoot, identifier: program.packageID ?? program.name,
                file: { program.fileURL(of: $0) }, info: { program.infoDictionary }))
        modules = try ModuleLoader(program: program, bridge: world.bridge)
        resources = try ResourceLibrary(program: program, world: world, sizeLimit: resourceSizeLimit)
        console = try ConsoleEvaluator(world: world)
        try KnobScript.install(in: world, store: knobs)
        let state = world.bridge.state
        try state.setGlobal(
            "print",
            .function(
                state.makeFunction(named: "print") { frame in
                    let count = frame.argumentCount
                    let parts = try (1...max(count, 1)).filter { $0 <= count }.map { try frame.text($0) }
                    output(parts.joined(separator: "\t"), frame.callerLocation())
                    return 0
                }))
        // The host is the program's process: a script must not end it.
        guard case .table(let os) = try state.global("os") else { throw ProjectError("the os library is missing") }
        try os.set(
            "exit",
            .function(
                state.makeFunction(named: "os.exit") { _ in
                    throw LuaError(
                        kind: .runtime,
                        message: "os.exit is not available while Rebound runs the program (it would end "
                            + "the host); return from the module instead")
                }))
    }

    public var bridge: ObjectBridge { world.bridge }

    /// Runs the start module and launches the app. A view controller class is instantiated
    /// (`new`) and shown in the host's window, a view controller is shown as it is; an app
    /// delegate class (one that declares `UIApplicationDelegate` or defines
    /// `application_didFinishLaunchingWithOptions`) is instantiated and makes the app's window
    /// itself. `asAppDelegate`: the module was named as the app delegate, so it must give one.
    /// Without a module, the main storyboard starts the program; its classes' modules are
    /// required as it makes them.
    /// Runs a saved module again in place, then lets what its code may drive take the new
    /// code: nodes and compositional layouts lay out again, diffable cells are configured
    /// again. Returns the start-only methods the save edited (`ModuleLoader.reload`).
    public func reloadSaved(_ name: String, from path: String, source: Data? = nil) throws(ModuleFailure) -> [String] {
        let edited = try modules.reload(name, from: path, source: source)
        world.layOutAgainAfterSave()
        return edited
    }

    public func start(_ module: String?, asAppDelegate: Bool = false) throws {
        try declareBindingClasses()
        guard let module else {
            guard let mainStoryboard else { throw ProjectError("the program has no start module") }
            return try world.launch(delegate: nil, mainStoryboard: mainStoryboard)
        }
        let result = try modules.require(module)
        let role = asAppDelegate ? "the appDelegate module" : "the start module"
        if let cls = bridge.state.object(of: result, as: ClassObject.self) {
            if Self.isAppDelegate(cls) {
                try world.launch(
                    delegate: try bridge.instantiate(cls, initializer: "init"), mainStoryboard: mainStoryboard)
                return
            }
            guard !asAppDelegate else {
                throw ProjectError(
                    "\(role) \(module) returned class \(cls.name), which is not an app delegate: declare "
                        + "\(cls.name):declareProtocol(\"UIApplicationDelegate\") and define "
                        + "application_didFinishLaunchingWithOptions")
            }
            guard cls.isSubclass(ofClassNamed: "UIViewController") else {
                throw ProjectError(
                    "\(role) \(module) returned class \(cls.name), which is neither a UIViewController nor an "
                        + "app delegate (UIApplicationDelegate)")
            }
            guard let made = try bridge.instantiate(cls, initializer: "init") as? ViewController else {
                throw ProjectError("\(cls.name):init did not return a view controller")
            }
            try show(made)
        } else if let made = bridge.state.object(of: result, as: ViewController.self), !asAppDelegate {
            try show(made)
        } else if let mainStoryboard, result == .nil || result == .boolean(true), !asAppDelegate {
            // A module that returns nothing gives `require` true.
            try world.launch(delegate: nil, mainStoryboard: mainStoryboard)
        } else {
            throw ProjectError(
                asAppDelegate
                    ? "\(role) \(module) must return its app delegate class, got \(result.typeName)"
                    : "\(role) \(module) must return a view controller class, a view controller or an app "
                        + "delegate class, got \(result.typeName)")
        }
    }

    /// The storyboard the program starts from, if its settings name one.
    private var mainStoryboard: String? { modules.program.project?.mainStoryboard }

    /// The classes the project's binding libraries declare, made before any module runs; one
    /// whose superclass Rebound does not know is a warning naming where it is declared.
    private func declareBindingClasses() throws {
        guard let root = modules.program.project?.root else { return }
        for declared in BindingLibraries.declaredClasses(in: root) where bridge.classes[declared.name] == nil {
            guard let superclass = bridge.classes[declared.superclass] else {
                bridge.report(
                    .warning,
                    "\(declared.location): class \(declared.name) inherits \(declared.superclass), which Rebound does "
                        + "not have; it is left out")
                continue
            }
            _ = try bridge.scriptClass(named: declared.name, superclass: superclass)
        }
    }

    private func show(_ controller: ViewController) throws {
        try world.setRoot(controller)  // the window owns its root from here
        try world.launch(delegate: nil)
    }

    private static func isAppDelegate(_ cls: ClassObject) -> Bool {
        cls.conforms(to: "UIApplicationDelegate", descendants: [])
            || cls.scriptMethod(named: "application_didFinishLaunchingWithOptions") != nil
    }

    /// The cells the windows' collection views show and the rows their table views show.
    var visibleItems: (cells: Int, rows: Int) {
        var (cells, rows) = (0, 0)
        var stack: [View] = world.application.visibleWindows
        while let view = stack.popLast() {
            if let collection = view as? CollectionView { cells += collection.visibleCells.count }
            if let table = view as? TableView { rows += table.visibleCells.count }
            stack += view.subviews
        }
        return (cells, rows)
    }
}
