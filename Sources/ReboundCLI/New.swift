import ArgumentParser
import LiveHost

/// `rebound new`: a first project to edit live.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a project: a collection view controller and a cell class, ready to run and edit live.",
        discussion: "Writes NAME/rebound.json, NAME/CollectionController.lua and NAME/ItemCell.lua; refuses a folder that exists."
    )

    @Argument(help: "The folder to create; its name names the project.", completion: .directory)
    var name: String

    func run() throws {
        let project: Project
        do {
            project = try ProjectTemplate.write(to: name)
        } catch let error as ProjectError {
            throw CommandFailure.failed(error.description)
        }
        print("created \(project.root.path): run it with `rebound run \(name)`, then edit its .lua files while it runs")
    }
}
