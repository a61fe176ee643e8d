import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import ObjectBridge
import Testing

/// The live loop over hours of editing: WordsCollection saved again and again through the
/// real watcher, with full collections in between and inside handlers. Nothing here holds the
/// root view controller from Lua (a global would hide a root that lost its userdata).
@Suite(.serialized) struct LiveLoopSoakTests {
    /// The root controller's `textWords`, read through its userdata (a new, empty userdata
    /// would read nil).
    func wordCount(_ project: LiveProject) throws -> Int? {
        let controller = try #require(project.world.window.rootViewController)
        let function = try project.world.bridge.state.load("return #(...).textWords", chunkName: "=probe")
        return try function.call(try project.world.bridge.value(for: controller)).first?.integerValue.map(Int.init)
    }

    func cellHeights(_ project: LiveProject) -> Set<Double> {
        var heights = Set<Double>()
        var stack: [View] = [project.world.window]
        while let view = stack.popLast() {
            if let collection = view as? CollectionView {
                for cell in collection.visibleCells.values { heights.insert(cell.frame.size.height) }
            }
            stack += view.subviews
        }
        return heights
    }

    @Test func theRootKeepsItsFieldsAndItsHandlerAfterAFullCollection() throws {
        let project = try LiveProject(example: "WordsCollection")
        let words = try #require(try wordCount(project))
        _ = try project.run("collectgarbage() collectgarbage()")
        project.world.bridge.state.collectGarbage()
        #expect(try wordCount(project) == words)
        let source = try String(contentsOf: project.url("CollectionController.lua"), encoding: .utf8)
        try project.save(
            "CollectionController.lua", source.replacingOccurrences(of: "height = 80", with: "height = 64"),
            as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(project.events(.reloaded).first?.turn?.handlers == 1)
        #expect(cellHeights(project) == [64])
        #expect(try wordCount(project) == words)
        #expect(project.events.filter(\.isError).isEmpty, "\(project.events.filter(\.isError))")
    }

    /// 1,000 saves in every editor's pattern, alternating modules; every 50th save also
    /// collects inside the `did_load_module` handler, and the test collects too.
    @Test func aThousandSavesWithCollectionsKeepEveryReloadReachingItsHandler() throws {
        let project = try LiveProject(example: "WordsCollection")
        let words = try #require(try wordCount(project))
        let controller = try String(contentsOf: project.url("CollectionController.lua"), encoding: .utf8)
        let cell = try String(contentsOf: project.url("LabelCell.lua"), encoding: .utf8)
        let patterns = LiveProject.SavePattern.allCases
        let collectingHandler = """

            local refresh = CollectionController.refreshView
            function CollectionController:refreshView()
                collectgarbage() collectgarbage()
                return refresh(self)
            end
            """
        for save in 1...1000 {
            let pattern = patterns[save % patterns.count]
            let height = 50 + save % 40
            if save % 3 == 0 {
                try project.save("LabelCell.lua", cell + "-- save \(save)\n", as: pattern)
            } else {
                var text = controller.replacingOccurrences(of: "height = 80", with: "height = \(height)")
                if save % 50 == 0 {
                    text = text.replacingOccurrences(
                        of: "\nreturn CollectionController", with: collectingHandler + "\nreturn CollectionController")
                }
                try project.save("CollectionController.lua", text, as: pattern)
            }
            let reached = project.host.handleEvents(for: .seconds(10)) { project.events(.reloaded).count >= save }
            try #require(reached, "save \(save) (\(pattern)) was not reloaded")
            let event = try #require(project.events(.reloaded).last)
            try #require(event.turn?.handlers == 1, "save \(save): \(event.turn?.handlers ?? -1) handlers")
            if save % 50 == 25 {
                _ = try project.run("collectgarbage()")
                project.world.bridge.state.collectGarbage()
            }
            if save % 3 != 0 {
                try #require(cellHeights(project) == [Double(height)], "save \(save): \(cellHeights(project))")
            }
            try #require(try wordCount(project) == words, "save \(save): the controller lost its words")
        }
        #expect(project.events.filter(\.isError).isEmpty, "\(project.events.filter(\.isError).prefix(3))")
        #expect(project.events(.reloaded).count == 1000)
    }
}
