import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The watcher through the live host, with real files and real inotify.
@Suite(.serialized) struct WatchingTests {
    /// A start module that counts its `system.did_load_module` handler calls and a module `M`
    /// whose value the handler records.
    static let files = [
        "main.lua": """
        local Controller = objc.UIViewController:createSubclass("Controller")
        calls = 0
        function Controller:viewDidLoad()
            self:addMessageHandler("system.did_load_module", function(self, name)
                calls = calls + 1
                seen = require("M").value
            end)
        end
        require "M"
        require "Sentinel"
        return Controller
        """,
        "M.lua": "return { value = 0 }\n",
        "Sentinel.lua": "return 0\n",
    ]

    /// The reloads of the modules a test is about (the sentinel's left out).
    func reloads(_ project: LiveProject) -> [HostEvent] {
        project.events(.reloaded).filter { $0.module != "Sentinel" }
    }

    @Test(arguments: LiveProject.SavePattern.allCases)
    func eachSavePatternReloadsExactlyOnce(pattern: LiveProject.SavePattern) throws {
        let project = try LiveProject(Self.files)
        #expect(project.events(.started).count == 1)
        try project.save("M.lua", "return { value = 1 }\n", as: pattern)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.value("calls") == 1)
        #expect(try project.value("seen") == 1)
        #expect(project.events.filter(\.isError).isEmpty)
    }

    @Test func unchangedSavesAndTouchesReloadNothing() throws {
        let project = try LiveProject(Self.files)
        for pattern in LiveProject.SavePattern.allCases {
            try project.save("M.lua", "return { value = 0 }\n", as: pattern)
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var times = [now, now]
        _ = utimensat(AT_FDCWD, project.url("M.lua").path, &times, 0)
        try project.sentinel()
        #expect(reloads(project).isEmpty)
        #expect(try project.value("calls") == 1)  // the sentinel's reload
    }

    @Test func aThousandRapidSavesEndWithTheLastContentAndNoDoubledHandlers() throws {
        let project = try LiveProject(Self.files)
        for value in 1...1000 {
            try project.save("M.lua", "return { value = \(value) }\n", as: .inPlace)
        }
        project.host.handleEvents(for: .seconds(20)) { (try? project.value("seen")) == 1000 }
        project.idle()
        #expect(try project.value("seen") == 1000)
        let reloads = project.events(.reloaded).count
        #expect(reloads >= 1 && reloads <= 1000)
        #expect(try project.value("calls") == .integer(Int64(reloads)))
    }

    @Test func savesToTwoFilesInOneWindowReloadBoth() throws {
        var files = Self.files
        files["N.lua"] = "return 1\n"
        files["main.lua"] = files["main.lua"]!.replacingOccurrences(
            of: "require \"M\"", with: "require \"M\" require \"N\"")
        let project = try LiveProject(files)
        try project.save("M.lua", "return { value = 2 }\n", as: .inPlace)
        try project.save("N.lua", "return 2\n", as: .renameOver)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        #expect(Set(project.events(.reloaded).compactMap(\.module)) == ["M", "N"])
    }

    @Test func aFileNotYetRequiredIsNotRunButBecomesAvailable() throws {
        let project = try LiveProject(Self.files)
        try project.write("Later.lua", "laterRan = true return 5\n")
        try project.sentinel()
        #expect(reloads(project).isEmpty)
        #expect(try project.value("laterRan") == .nil)
        #expect(try project.value("require 'Later'") == 5)
    }

    @Test func aDeletedModuleKeepsItsCodeAndReloadsWhenItComesBack() throws {
        let project = try LiveProject(Self.files)
        try FileManager.default.removeItem(at: project.url("M.lua"))
        project.waitFor(.warning)
        #expect(
            project.events(.warning).last?.text?.contains("M.lua was deleted; module M keeps its loaded code")
                == true)
        #expect(try project.value("require('M').value") == 0)
        try project.write("M.lua", "return { value = 0 }\n")
        #expect(project.waitFor(.reloaded) == 1)
    }

    @Test func aNewSubfolderIsWatchedWithTheFilesWrittenBeforeItsWatch() throws {
        let project = try LiveProject(Self.files)
        try project.write("Cells/Deep/Cell.lua", "return { size = 1 }\n")
        try project.save("M.lua", "return { value = require('Cells.Deep.Cell').size }\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.value("seen") == 1)
        try project.save("Cells/Deep/Cell.lua", "return { size = 2 }\n", as: .vim)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        #expect(project.events(.reloaded).last?.module == "Cells.Deep.Cell")
        #expect(project.events(.reloaded).last?.file == "Cells/Deep/Cell.lua")
    }

    @Test func aFloodedQueueIsRescannedAndOnlyWhatChangedReloads() throws {
        var files = Self.files
        files["N.lua"] = "return 1\n"
        let project = try LiveProject(files)
        project.host.setWatcherPaused(true)
        // Alternating files, since inotify merges identical consecutive events.
        for index in 0..<9_000 {
            try Data("\(index)".utf8).write(to: project.url("noise\(index % 2).txt"))
        }
        try project.save("M.lua", "return { value = 7 }\n", as: .inPlace)
        project.host.setWatcherPaused(false)
        project.waitFor(.reloaded, quiet: .milliseconds(300))
        #expect(project.events(.warning).contains { $0.text?.contains("overflowed") == true })
        #expect(project.events(.reloaded).map(\.module) == ["M"])
        #expect(try project.value("seen") == 7)
    }

    @Test func pastTheWatchLimitFoldersArePolled() throws {
        var files = Self.files
        files["Sub/S.lua"] = "return 1\n"
        var options = LiveProject.options
        options.watcher.watchLimit = 1
        options.watcher.pollInterval = .milliseconds(20)
        let project = try LiveProject(files, options: options)
        project.idle(.milliseconds(50))
        #expect(project.events(.warning).contains { $0.text?.contains("watch limit is reached") == true })
        try project.save("M.lua", "return { value = require('Sub.S') }\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        try project.save("Sub/S.lua", "return 2\n", as: .renameOver)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        #expect(try project.value("require('Sub.S')") == 2)
    }

    @Test func symlinkLoopsAreFollowedOnce() throws {
        let project = try LiveProject(Self.files, start: false)
        try FileManager.default.createDirectory(at: project.url("Sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.url("Sub/loop").path, withDestinationPath: "..")
        try project.write("Sub/S.lua", "return 1\n")
        try project.launch()
        project.idle(.milliseconds(50))
        #expect(
            project.events(.warning).contains {
                $0.text?.contains("Sub/loop leads to a folder that is already watched") == true
            })
        #expect(try project.value("require('Sub.S')") == 1)
        try project.save("Sub/S.lua", "return 3\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
    }

    @Test func editorDroppingsAreIgnored() throws {
        let project = try LiveProject(Self.files)
        for name in ["M.lua~", ".M.lua.swp", ".#M.lua", "#M.lua#", "M.lua___jb_tmp___", "4913"] {
            try project.write(name, "error('dropping')\n")
        }
        try project.sentinel()
        #expect(project.events.filter { $0.kind != .started && $0.module != "Sentinel" }.isEmpty)
    }
}
