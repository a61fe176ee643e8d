import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import Testing

/// Constraints while the program runs: the tutorial's workflow (a reload's
/// `did_load_module` handler asks for `setNeedsUpdateConstraints`) and a constant nudged from
/// the console both show at the next layout pass.
@Suite(.serialized) struct LiveConstraintTests {
    static let metrics = "return { gap = 12, width = 100 }\n"

    static let files = [
        "Metrics.lua": metrics,
        "Sentinel.lua": "return 0\n",
        "main.lua": """
        require "Sentinel"
        local Controller = class.createClass("Controller", objc.UIViewController)
        function Controller:viewDidLoad()
            shown = self
            self.box = objc.UIView:new()
            self.box.translatesAutoresizingMaskIntoConstraints = false
            self.view:addSubview(self.box)
            self:addMessageHandler("system.did_load_module", "refresh")
            self.view:setNeedsUpdateConstraints()
        end
        function Controller:refresh(message, module)
            if module == "Metrics" then self.view:setNeedsUpdateConstraints() end
        end
        function Controller:updateViewConstraints()
            local metrics = require "Metrics"
            if self.made then objc.NSLayoutConstraint:deactivateConstraints(self.made) end
            self.made = {
                self.box.leadingAnchor:constraintEqualToAnchor_constant(self.view.leadingAnchor, metrics.gap),
                self.box.topAnchor:constraintEqualToAnchor_constant(self.view.topAnchor, metrics.gap),
                self.box.widthAnchor:constraintEqualToConstant(metrics.width),
                self.box.heightAnchor:constraintEqualToConstant(40),
            }
            objc.NSLayoutConstraint:activateConstraints(self.made)
            self[objc.UIViewController]:updateViewConstraints()
        end
        return Controller
        """,
    ]

    static func boxFrame(_ project: LiveProject) throws -> [Double] {
        try project.run(
            "local f = shown.box.frame "
                + "return f.origin.x, f.origin.y, f.size.width, f.size.height"
        ).map { $0.numberValue ?? -1 }
    }

    @Test func aSavedModuleThatAsksForNewConstraintsMovesTheView() throws {
        let project = try LiveProject(Self.files)
        #expect(try Self.boxFrame(project) == [12, 12, 100, 40])
        try project.save("Metrics.lua", "return { gap = 30, width = 150 }\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) >= 1)
        try project.world.layoutPass()
        #expect(try Self.boxFrame(project) == [30, 30, 150, 40])
        try project.sentinel()
    }

    @Test func theLayoutListsEachViewsConstraints() throws {
        let project = try LiveProject(Self.files)
        let entries = LayoutDump.entries(of: project.world)
        let root = try #require(entries.first { $0.constraints != nil })
        #expect(root.constraints?.count == 2)  // the box's edges, installed on the root view
        #expect(
            root.constraints?.allSatisfy { $0.hasPrefix("<NSLayoutConstraint:0x") && $0.contains("(active)") } == true)
        #expect(entries.allSatisfy { $0.ambiguous == nil })
        try project.sentinel()
    }

    @Test func aConstantNudgedFromTheConsoleShowsAtOnce() throws {
        let project = try LiveProject(Self.files)
        try project.run(
            """
            shown.made[1].constant = 64
            shown.view:layoutIfNeeded()
            """)
        #expect(try Self.boxFrame(project) == [64, 12, 100, 40])
        try project.sentinel()
    }
}
