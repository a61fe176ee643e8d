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
        for name in ["UIView", "UILabel", "UIImageView", "UIImage", "UIColor", "UIFont", "UIScreen", "UIWindow",
                     "UIViewController", "CALayer"] {
            #expect(names.contains(name), "\(name) is fuzzed")
        }
        let outcome = try RegistryFuzzer.run(bridge)
        #expect(outcome.calls >= 100_000)
        #expect(outcome.badFailures == 0, "every failure must be a Lua error with a message")
        #expect(outcome.failures > 0 && outcome.failures < outcome.calls)
        #expect(try t.run("return 40 + 2") == [42])
        #expect(outcome.objectsAfter == outcome.objectsBefore)
    }
}
