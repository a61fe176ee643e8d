import HeadlessUI
import ObjectBridge
import Testing

/// The bridge's registry fuzzer over every class of the headless world.
@Suite struct FuzzTests {
    @Test func hundredThousandHostileCallsOverUIKit() throws {
        let t = try TestWorld()
        let bridge = t.world.bridge
        let members = try RegistryFuzzer.memberCount(bridge)
        #expect(members >= 150, "\(members)")
        let names = Set(bridge.nativeClasses.map(\.name))
        for name in [
            "UIView", "UILabel", "UIImageView", "UIImage", "UIColor", "UIFont", "UIScreen", "UIWindow",
            "UIViewController", "CALayer",
        ] {
            #expect(names.contains(name), "\(name) is fuzzed")
        }
        let outcome = try RegistryFuzzer.run(bridge)
        #expect(outcome.calls >= 100_000)
        #expect(outcome.badFailures == 0, "every failure must be a Lua error with a message")
        #expect(outcome.failures > 0 && outcome.failures < outcome.calls)
        #expect(try t.run("return 40 + 2") == [42])
        #expect(outcome.objectsAfter == outcome.objectsBefore)
    }

    /// The same, with full collections between the calls and the window holding a tree of
    /// script objects whose fields must survive them.
    @Test func hostileCallsWithCollectionsInterleaved() throws {
        let t = try TestWorld()
        let made = try t.run(
            """
            local Marked = objc.UIView:createSubclass("MarkedView")
            local root = Marked:new()
            root.mark = "root"
            for i = 1, 20 do
                local child = Marked:new()
                child.mark = "child " .. i
                root:addSubview(child)
            end
            return root
            """)
        try t.world.window.addSubview(try #require(t.world.bridge.state.object(of: made[0], as: View.self)))
        let outcome = try RegistryFuzzer.run(t.world.bridge, rounds: 5, callsPerRound: 10_000, collectEvery: 250)
        #expect(outcome.badFailures == 0)
        #expect(outcome.objectsAfter == outcome.objectsBefore)
        let root = try #require(t.world.window.subviews.first)
        let marks = try t.world.bridge.state.load(
            """
            local root = ...
            local marks = { root.mark }
            for _, child in ipairs(root.subviews) do marks[#marks + 1] = child.mark end
            return table.concat(marks, ",")
            """, chunkName: "=marks"
        ).call(try t.world.bridge.value(for: root)).first?.stringValue
        #expect(marks == "root," + (1...20).map { "child \($0)" }.joined(separator: ","))
    }
}
