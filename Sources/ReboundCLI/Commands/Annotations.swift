import Annotations
import ArgumentParser
import Foundation
import HeadlessUI
import LiveHost

/// `rebound annotations`: LuaLS definition files for Rebound's API.
struct Annotations: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write LuaLS definition files (*.d.lua) for every class, struct, enum and global scripts have.",
        discussion: """
            Editors that use the Lua language server (VS Code's Lua extension, Neovim) then complete \
            and check Rebound's API. A project made by `rebound new` has a .luarc.json that reads them \
            from its .rebound/annotations folder. Files whose content did not change are left alone, \
            so running it again after an upgrade rewrites only what the new registry changed. Only the \
            files it wrote (listed in the folder's .rebound-annotations) are ever replaced or removed.
            """
    )

    @Option(
        name: [.customShort("o"), .long], help: "The folder to write (default: .rebound/annotations).",
        completion: .directory)
    var output: String = ProjectTemplate.annotationsFolder

    @Option(
        help:
            "Write the browsable Markdown reference (a page per class and per binding module) into this folder instead.",
        completion: .directory)
    var reference: String?

    func run() throws {
        let world = try UIWorld()
        if let reference {
            let folder = URL(fileURLWithPath: reference)
            do {
                let pages = MarkdownReference(bridge: world.bridge)
                let written = try pages.write(to: folder)
                print("\(folder.path): \(pages.files().count) pages, \(written.changes) written or removed")
            } catch {
                throw CommandFailure.failed("cannot write \(folder.path): \(error.localizedDescription)")
            }
            return
        }
        let annotations = LuaAnnotations(bridge: world.bridge)
        let folder = URL(fileURLWithPath: output)
        do {
            let written = try annotations.write(to: folder)
            print(
                "\(folder.path): \(annotations.files().count) definition files, \(written.changes) written or removed")
            for path in written.leftAlone {
                FileHandle.standardError.write(
                    Data("warning: \(path) is not a file rebound annotations wrote; it was left as it is\n".utf8))
            }
        } catch {
            throw CommandFailure.failed("cannot write \(folder.path): \(error.localizedDescription)")
        }
    }
}
