import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// The clear message of a misspelled method reaches every place an error is seen: a script's
/// own `pcall` and `xpcall` as well as the top level.
@Suite struct ErrorMessageTests {
    static let clear = "UIView has no method 'setBackgroundColour' (did you mean 'setBackgroundColor'?)"

    @Test func pcallAndXpcallSeeTheClearMessage() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local view = objc.UIView:new()
            local _, caught = pcall(function() view:setBackgroundColour(nil) end)
            local _, handled = xpcall(function() view:setBackgroundColour(nil) end, function(m) return "handled: " .. m end)
            local _, plain = pcall(function() local t = {} t.missing() end)
            return caught, handled, plain
            """)
        #expect(results[0].stringValue?.hasSuffix(Self.clear) == true, "\(results[0])")
        #expect(
            results[1].stringValue?.hasPrefix("handled: ") == true
                && results[1].stringValue?.hasSuffix(Self.clear) == true)
        #expect(
            results[2].stringValue?.hasSuffix("attempt to call a nil value (field 'missing')") == true, "Lua's own stay"
        )
        #expect(
            t.error("objc.UIView:new():setBackgroundColour(nil)").contains(Self.clear), "and the top level, as before")
    }
}
