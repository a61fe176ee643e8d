import Foundation

/// The project `rebound new` writes: a collection view controller with a cell class, the
/// `system.did_load_module` pattern that makes saves show, and enums where Bounces keeps them.
/// With an app delegate, the Xcode app's part is in Lua too: the delegate makes the window and
/// a navigation controller around the collection controller.
public enum ProjectTemplate {
    /// Writes a new project folder at `path`, named after its last component, with `extraFiles`
    /// (the tools' settings for editors, by path). Refuses a path that exists.
    public static func write(
        to path: String, withAppDelegate: Bool = false, extraFiles: [String: String] = [:]
    ) throws -> Project {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        let name = root.lastPathComponent
        guard !name.isEmpty, name != "/", name.allSatisfy({ $0.isLetter || $0.isNumber || "-_".contains($0) }) else {
            throw ProjectError("'\(name)' cannot name a project: use letters, digits, '-' and '_'")
        }
        guard !FileManager.default.fileExists(atPath: root.path) else {
            throw ProjectError("\(root.path) already exists; choose a new folder")
        }
        let identifier = name.filter { $0.isLetter || $0.isNumber }
        var files = [
            ProjectSettings.fileName: """
            {
              \(withAppDelegate ? #""appDelegate": "AppDelegate""# : #""start": "CollectionController""#),
              "device": "phone",
              "packageId": "com.example.\(identifier.isEmpty ? "app" : identifier)"
            }

            """,
            "CollectionController.lua": controller,
            "ItemCell.lua": cell,
            ".luarc.json": luaLanguageServerSettings,
            ".luacheckrc": luacheckSettings,
        ]
        files.merge(extraFiles) { template, _ in template }
        if withAppDelegate { files["AppDelegate.lua"] = appDelegate }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (file, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent(file)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw ProjectError("cannot write \(root.path): \(error.localizedDescription)")
        }
        return try Project(at: root.path)
    }

    /// Where `rebound annotations` writes, from the project's folder.
    public static let annotationsFolder = ".rebound/annotations"

    /// Settings for LuaLS (VS Code's and Neovim's Lua language server): Lua 5.4, and the
    /// annotations of Rebound's API as a library.
    static let luaLanguageServerSettings = """
        {
          "runtime.version": "Lua 5.4",
          "workspace.library": ["\(annotationsFolder)"],
          "diagnostics.globals": []
        }

        """

    /// luacheck's settings (`.luacheckrc`): Rebound's globals, and busted's in spec files. The
    /// repository's own `.luacheckrc`, which `make lint` uses, is the same text.
    public static let luacheckSettings = """
        -- luacheck's settings for Rebound's Lua (https://luacheck.readthedocs.io): Lua 5.4 and the
        -- globals Rebound gives every script, read-only; spec files also see busted's API and the spec
        -- runner's host and gestures. `rebound new` writes the same file, and `rebound check --lint`
        -- uses it when a project has none.
        std = "lua54"
        unused_args = false      -- delegate and data source methods take every argument UIKit passes
        self = false             -- a method need not use self
        max_line_length = false
        read_globals = { "objc", "class", "struct", "property", "message", "getResource", "rebound", "simulate", "dispatch_after",
                        "dispatch_async", "dispatch_sync", "dispatch_time", "dispatch_get_main_queue",
                        "dispatch_get_global_queue", "DISPATCH_TIME_NOW", "DISPATCH_TIME_FOREVER", "NSEC_PER_SEC",
                        "NSEC_PER_MSEC", "NSEC_PER_USEC" }
        -- Setting a property through a global (objc.UIApplication.sharedApplication.keyWindow.rootViewController = vc)
        -- is no write to the global itself, which stays read-only.
        ignore = { "122/objc", "122/class", "122/host" }
        files["**/spec/**/*_spec.lua"] = {
          std = "+busted",
          read_globals = { "host", "tap", "longPress", "flick", "drag", "pinchOpen", "pinchClose", "rotate" },
        }

        """

    static let appDelegate = """
        -- The app delegate: what an Xcode app's Objective-C does around the Lua code, in Lua.
        -- rebound.json names this module as "appDelegate"; Rebound makes one AppDelegate, sets it as
        -- UIApplication.sharedApplication.delegate and calls application_didFinishLaunchingWithOptions.

        local CollectionController = require "CollectionController"

        local AppDelegate = class.createClass("AppDelegate", objc.UIResponder)
        AppDelegate:declareProtocol("UIApplicationDelegate")

        function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
            self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
            self.window.backgroundColor = objc.UIColor.whiteColor
            local collectionController = CollectionController:new()
            collectionController.title = "Items"
            self.navController = objc.UINavigationController:newWithRootViewController(collectionController)
            self.window.rootViewController = self.navController
            self.window:makeKeyAndVisible()
            return true
        end

        return AppDelegate

        """

    static let controller = """
        -- The start module: a collection view controller that is its collection view's data source.
        -- Save any module while `rebound run` runs this project: the module runs again in place
        -- (classes and objects stay), then refreshView, the system.did_load_module handler that
        -- viewDidLoad registers, shows the new code.

        local ItemCell = require "ItemCell"

        local CollectionController = objc.UICollectionViewController:createSubclass("CollectionController")

        local itemCount = 24

        function CollectionController:init()
            return self:initWithCollectionViewLayout(objc.UICollectionViewFlowLayout:new())
        end

        function CollectionController:viewDidLoad()
            self[objc.UICollectionViewController]:viewDidLoad()
            self.collectionView:registerClass_forCellWithReuseIdentifier(ItemCell, "ItemCell")
            self:addMessageHandler("system.did_load_module", "refreshView")
            self:configureView()
        end

        function CollectionController:configureView()
            local collectionView = self.collectionView
            collectionView.backgroundColor = objc.UIColor.whiteColor
            local layout = collectionView.collectionViewLayout
            layout.itemSize = { width = 100, height = 100 }
            layout.minimumLineSpacing = 10
            layout.minimumInteritemSpacing = 10
            layout.sectionInset = { top = 20, left = 10, bottom = 20, right = 10 }
        end

        -- Called after every save of a module: apply what may have changed.
        function CollectionController:refreshView()
            self:configureView()
            self.collectionView:reloadData()
        end

        function CollectionController:collectionView_numberOfItemsInSection(collectionView, section)
            return itemCount
        end

        function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
            local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("ItemCell", indexPath)
            cell:showItem(indexPath.item, itemCount)
            return cell
        end

        return CollectionController

        """

    static let cell = """
        -- A cell that shows its item's number on a colour of its own.

        local UICollectionViewCell = objc.UICollectionViewCell

        -- Enums hang off their class (objc.UIView.Autoresizing) and live in the SDK's binding
        -- modules (require "UIKit.NSText" for text alignment), as in Bounces and CodeFlow.
        local Autoresizing = objc.UIView.Autoresizing
        local TextAlignment = require("UIKit.NSText").Alignment

        local ItemCell = UICollectionViewCell:createSubclass("ItemCell")

        function ItemCell:initWithFrame(frame)
            self[UICollectionViewCell]:initWithFrame(frame)
            local label = objc.UILabel:newWithFrame(self.contentView.bounds)
            label.autoresizingMask = Autoresizing.flexibleWidth + Autoresizing.flexibleHeight
            label.textAlignment = TextAlignment.center
            label.textColor = objc.UIColor.whiteColor
            label.font = objc.UIFont:boldSystemFontOfSize(32)
            self.contentView:addSubview(label)
            self.label = label
        end

        function ItemCell:showItem(item, count)
            self.label.text = tostring(item + 1)
            self.contentView.backgroundColor = objc.UIColor:colorWithHue_saturation_brightness_alpha(item / count, 0.6, 0.8, 1)
        end

        return ItemCell

        """
}
