import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Reloading in place: syntax and runtime errors, rollback, removed members, restarts.
@Suite(.serialized) struct ReloadTests {
    static let controller = """
        local Controller = objc.UIViewController:createSubclass("Controller")
        function Controller:viewDidLoad()
            self:addMessageHandler("system.did_load_module", function(self, name) loads = (loads or 0) + 1 end)
        end
        Shape = require "Shape"
        return Controller
        """

    static let shape = """
        local Shape = class.createClass("Shape")
        Shape.kind = "square"
        function Shape:area() return 4 end
        function Shape:handle() end
        Shape.side = property()
        function Shape.classMethod:make() return Shape:new() end
        Shape:declareActionMethod("handle")
        Shape:declareProtocol("UIGestureRecognizerDelegate")
        return Shape
        """

    func project() throws -> LiveProject {
        let project = try LiveProject(["main.lua": Self.controller, "Shape.lua": Self.shape])
        _ = try project.run("shape = Shape:make() shape.side = 2 shape.note = 'kept'")
        return project
    }

    @Test func aSyntaxErrorLeavesTheRunningCodeAndNamesTheLine() throws {
        let project = try project()
        try project.save("Shape.lua", Self.shape.replacingOccurrences(of: "return 4", with: "return = 5"), as: .inPlace)
        project.waitFor(.problem(.syntaxError))
        let event = try #require(project.events(.problem(.syntaxError)).first)
        #expect(event.file == "Shape.lua")
        #expect(event.problem?.line == 3)
        #expect(event.problem?.sourceLine == "function Shape:area() return = 5 end")
        #expect(event.problem?.message.hasPrefix("Shape.lua:3:") == true)
        #expect(try project.value("shape:area()") == 4)
        #expect(try project.value("loads") == .nil)
    }

    @Test func classesKeepTheirIdentityAndInstancesTheirFields() throws {
        let project = try project()
        try project.save(
            "Shape.lua", Self.shape.replacingOccurrences(of: "return 4", with: "return self.side * self.side"),
            as: .renameOver)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.value("shape:area()") == 4)
        #expect(try project.value("shape.note") == "kept")
        #expect(try project.value("require('Shape') == Shape and objc.Shape == Shape") == true)
        #expect(try project.value("loads") == 1)
        #expect(project.events(.reloaded).first?.turn?.handlers == 1)
    }

    @Test func membersTheModuleNoLongerDefinesAreRemoved() throws {
        let project = try project()
        try project.save(
            "Shape.lua",
            """
            local Shape = class.createClass("Shape")
            function Shape:perimeter() return 8 end
            return Shape
            """, as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.value("shape.area") == .nil)
        #expect(try project.value("shape:perimeter()") == 8)
        #expect(try project.value("rawequal(Shape.make, nil)") == true)
        #expect(try project.value("Shape.kind") == "square")  // class fields are state, not definitions
        let bridge = project.world.bridge
        let shape = try #require(bridge.classes["Shape"])
        #expect(shape.actionMethods.isEmpty)
        #expect(shape.declaredProtocols.isEmpty)
        #expect(!shape.scriptProperties.contains("side"))
    }

    @Test func aRuntimeErrorRollsTheClassesBack() throws {
        let project = try project()
        try project.save(
            "Shape.lua",
            """
            local Shape = class.createClass("Shape")
            function Shape:area() return 100 end
            function Shape:extra() return 1 end
            Shape.kind = "circle"
            local Helper = class.createClass("Helper")
            local function fail() error("no shapes today") end
            fail()
            return Shape
            """, as: .inPlace)
        project.waitFor(.problem(.runtimeError))
        let event = try #require(project.events(.problem(.runtimeError)).first)
        #expect(event.problem?.message == "Shape.lua:6: no shapes today")
        #expect(event.problem?.line == 6)
        #expect(event.problem?.traceback?.contains("stack traceback:") == true)
        #expect(try project.value("shape:area()") == 4)
        #expect(try project.value("shape.extra") == .nil)
        #expect(try project.value("Shape.kind") == "square")
        #expect(project.world.bridge.classes["Helper"] == nil)
        #expect(try project.value("shape.side") == 2)
        // After the failure, a good save still reloads.
        try project.save("Shape.lua", Self.shape.replacingOccurrences(of: "return 4", with: "return 9"), as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try project.value("shape:area()") == 9)
    }

    @Test func aModuleStoppedByTheTimeBudgetIsRolledBack() throws {
        let project = try LiveProject(
            ["main.lua": Self.controller, "Shape.lua": Self.shape], options: LiveProject.runawayOptions)
        _ = try project.run("shape = Shape:make()")
        try project.save(
            "Shape.lua",
            """
            local Shape = class.createClass("Shape")
            function Shape:area() return 0 end
            while true do end
            """, as: .inPlace)
        project.waitFor(.problem(.runtimeError), timeout: .seconds(60))
        #expect(project.events(.problem(.runtimeError)).first?.problem?.message.contains("time budget") == true)
        #expect(try project.value("shape:area()") == 4)
    }

    /// A loop the budget stops in a method native code called (a view's layoutSubviews, in
    /// the reload's layout pass) is reported once, naming that method.
    @Test func aLoopStoppedInALayoutMethodNamesTheMethod() throws {
        let spinner = """
            local Spinner = objc.UIView:createSubclass("Spinner")
            function Spinner:layoutSubviews()
            end
            if spinner then spinner:setNeedsLayout() end
            return Spinner
            """
        let controller = """
            local Controller = objc.UIViewController:createSubclass("Controller")
            return Controller
            """
        let project = try LiveProject(
            ["main.lua": controller, "Spinner.lua": spinner], options: LiveProject.runawayOptions)
        _ = try project.run(
            """
            local Spinner = require "Spinner"
            spinner = Spinner:newWithFrame(struct.CGRect(0, 0, 10, 10))
            objc.UIApplication.sharedApplication.keyWindow:addSubview(spinner)
            """)
        try project.save(
            "Spinner.lua",
            spinner.replacingOccurrences(of: "layoutSubviews()\n", with: "layoutSubviews()\n    while true do end\n"),
            as: .inPlace)
        project.waitFor(.reloaded, timeout: .seconds(60))
        let errors = project.events(.problem(.runtimeError))
        #expect(errors.count == 1)
        let message = errors.first?.problem?.message ?? ""
        #expect(message.contains("time budget"))
        #expect(message.contains("stopped in Spinner:layoutSubviews, Spinner.lua:2"), "\(message)")
        #expect(!message.contains("the module ran past"))
        #expect(project.events(.reloaded).last?.turn?.errors == 1)
    }

    @Test func aHandlerErrorIsReportedAndTheOthersStillRun() throws {
        let project = try project()
        _ = try project.run(
            """
            local Failing = class.createClass("Failing")
            failing = Failing:new()
            failing:addMessageHandler("system.did_load_module", function() error("handler broke") end)
            """)
        try project.save("Shape.lua", Self.shape + "\n-- edited\n", as: .inPlace)
        project.waitFor(.reloaded)
        #expect(project.events(.problem(.handlerError)).first?.problem?.message.contains("handler broke") == true)
        #expect(try project.value("loads") == 1)
    }

    @Test func aSuperclassChangeRestartsTheContext() throws {
        let project = try project()
        try project.save(
            "Shape.lua",
            Self.shape.replacingOccurrences(
                of: "class.createClass(\"Shape\")", with: "objc.UIView:createSubclass(\"Shape\")"), as: .inPlace)
        project.waitFor(.restarted)
        let event = try #require(project.events(.restarted).first)
        #expect(event.text?.contains("class Shape's superclass changed from NSObject to UIView") == true)
        #expect(try project.value("shape") == .nil)  // a fresh state
        #expect(project.world.bridge.classes["Shape"]?.superclass?.name == "UIView")
        #expect(project.host.isRunning)
    }

    @Test func aBrokenStartIsRetriedOnTheNextSave() throws {
        let project = try LiveProject(["main.lua": "return 42\n"])
        #expect(!project.host.isRunning)
        #expect(
            project.events(.problem(.runtimeError)).first?.problem?.message.contains(
                "must return a view controller class")
                == true)
        try project.save("main.lua", "return objc.UIViewController:new()\n", as: .inPlace)
        project.waitFor(.restarted)
        #expect(project.host.isRunning)
    }

    /// CodeFlow modules return more than one value, and `require` returns them all, also after
    /// a reload; a module returning one value gives what Lua's `require` gives.
    @Test func requireReturnsEveryValueAModuleReturns() throws {
        let project = try LiveProject([
            "main.lua": "return objc.UIViewController:new()\n",
            "Pair.lua": "return class.createClass('Pair'), 'pair updated'\n",
            "Single.lua": "return 7\n",
        ])
        #expect(
            try project.run(
                """
                local Pair, message = require "Pair"
                local again, twice = require "Pair"
                return Pair == objc.Pair or Pair == class.Pair, message, twice, select("#", require "Pair")
                """) == [true, "pair updated", "pair updated", 2])
        #expect(try project.run("local value, data = require 'Single' return value, data") == [7, "Single.lua"])
        try project.save("Pair.lua", "return class.createClass('Pair'), 'pair changed', 3\n", as: .inPlace)
        project.waitFor(.reloaded)
        #expect(try project.run("return require 'Pair'").dropFirst() == ["pair changed", 3])
        try project.save("Pair.lua", "return class.createClass('Pair')\n", as: .inPlace)
        project.waitFor(.reloaded, count: 2)
        #expect(try project.run("return select('#', require 'Pair')") == [1])  // Lua's: a loaded module's value alone
    }

    /// A restart lets go of the context it replaces: nothing a context installs (resources,
    /// `require`, the bridge's globals) keeps its bridge alive. (A cycle here leaks a whole Lua
    /// state per restart.)
    @Test func aRestartReleasesTheOldContext() throws {
        let project = try project()
        weak var oldBridge = project.world.bridge
        _ = try project.run("getResource('missing', 'public.text', function() end) controller = objc.UIView:new()")
        try project.save(
            "Shape.lua",
            Self.shape.replacingOccurrences(
                of: "class.createClass(\"Shape\")", with: "objc.UIView:createSubclass(\"Shape\")"), as: .inPlace)
        project.waitFor(.restarted)
        #expect(oldBridge == nil)
    }

    /// What scripts read from a module and kept (an enum member, a struct value, a class, a
    /// struct method's result) still compares equal to what the reloaded module gives.
    @Test func valuesKeptFromAModuleCompareEqualAfterItReloads() throws {
        let values = """
            local Layout = require "UIKit.UICollectionViewLayout"
            local Shapes = class.createClass("Shapes")
            function struct.CGRect:half() return struct.CGRect(0, 0, self.size.width / 2, self.size.height) end
            return { direction = Layout.ScrollDirection.Horizontal, frame = struct.CGRect(1, 2, 3, 4), class = Shapes,
                     half = struct.CGRect(0, 0, 8, 2):half() }
            """
        let project = try LiveProject(["main.lua": "return objc.UIViewController:new()\n", "Values.lua": values])
        // The values themselves are kept, not only the module's table, which a save merges in place.
        _ = try project.run("table_ = require 'Values' kept = {} for k, v in pairs(table_) do kept[k] = v end")
        try project.save("Values.lua", values + "\n-- saved again\n", as: .inPlace)
        project.waitFor(.reloaded)
        #expect(
            try project.run(
                """
                local now = package.loaded.Values
                return table_ == now, kept.direction == now.direction, kept.frame == now.frame, kept.class == now.class,
                       kept.half == now.half, kept.frame:half() == struct.CGRect(0, 0, 1.5, 4)
                """) == [true, true, true, true, true, true])
    }
}
