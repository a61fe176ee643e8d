import Annotations
import ArgumentParser
import Debugger
import HeadlessUI
import LiveHost
import LuaRuntime

extension ProjectTemplate.Kind: ExpressibleByArgument {}

/// `rebound new`: a first project to edit live.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a project: a collection view controller and a cell class, ready to run and edit live.",
        discussion: """
            Writes NAME/rebound.json, NAME/CollectionController.lua, NAME/ItemCell.lua, and NAME/.luarc.json with \
            the API's annotations in NAME/.rebound/annotations for the Lua language server; refuses a folder that exists. \
            With --app-delegate, NAME/AppDelegate.lua launches the app instead, as an Xcode app's delegate does: it \
            makes the window and a navigation controller around the collection controller. \
            With --template texture, the project is Texture's node model instead: the TextureMosaic example's \
            collection node, cell nodes with layout specs and layout inspector. With --template list, it is iOS 14's \
            list: the ModernList example's app delegate, list layout, diffable data source, cell registrations and \
            swipe actions.
            """
    )

    @Argument(help: "The folder to create; its name names the project.", completion: .directory)
    var name: String

    @Option(
        help:
            "What the project starts from: collection (a collection view controller), texture (Texture's nodes) or list (a modern list)."
    )
    var template: ProjectTemplate.Kind = .collection

    @Flag(help: "Launch the app from a Lua app delegate (AppDelegate.lua), as a Bounces project's Xcode app does.")
    var appDelegate = false

    func run() throws {
        let project: Project
        do {
            project = try ProjectTemplate.write(
                to: name, kind: template, withAppDelegate: appDelegate, extraFiles: EditorDebugSettings.files)
        } catch let error as any UserFacingError {
            throw CommandFailure.failed(error)
        }
        // An editor with the Lua language server knows Rebound's API from the start.
        do {
            try LuaAnnotations(bridge: try UIWorld().bridge).write(
                to: project.root.appendingPathComponent(ProjectTemplate.annotationsFolder))
        } catch {
            throw CommandFailure.failed("cannot write the annotations: \(error)")
        }
        print("created \(project.root.path): run it with `rebound run \(name)`, then edit its .lua files while it runs")
    }
}
