import Foundation
import LiveHost
import LiveTestSupport
import Testing

/// CodeFlow calls a message handler as `handler(self, messageName, ...)`: the name comes
/// first, for module reloads, resource deliveries and `message.post` alike, whether the
/// handler is a method name or a function.
@Suite(.serialized) struct MessageArgumentTests {
    static let files = [
        "main.lua": """
        require "Sentinel"
        local StockViewController = class.createClass("StockViewController", objc.UIViewController)
        refreshes = refreshes or {}
        function StockViewController:viewDidLoad()
            self:addMessageHandler({ "system.did_load_module", "system.did_load_resource" }, "refresh")
            self:addMessageHandler("custom", function(self, messageName, a, b)
                refreshes[#refreshes + 1] = messageName .. ":" .. a .. b
            end)
            self:getResource("quote", "txt", function(self, text) end)
        end
        function StockViewController:refresh(messageName, moduleName, kind)
            if messageName == "system.did_load_module" and moduleName == "main" then
                refreshes[#refreshes + 1] = "reloaded main"
            elseif messageName == "system.did_load_resource" then
                refreshes[#refreshes + 1] = "delivered " .. moduleName .. "." .. kind
            end
        end
        return StockViewController
        """,
        "Sentinel.lua": "return 0\n",
        "quote.txt": "AAPL\n",
    ]

    @Test func handlersGetTheMessagesNameFirst() throws {
        let project = try LiveProject(Self.files)
        try project.run("message.post('custom', 'x', 'y')")
        try project.save("main.lua", Self.files["main.lua", default: ""] + "\n-- saved\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        try project.save("quote.txt", "MSFT\n", as: .inPlace)
        #expect(project.waitFor(.resource) == 1)
        let seen = try project.run("return table.concat(refreshes, ', ')").first?.stringValue
        #expect(seen == "custom:xy, reloaded main, delivered quote.txt", "\(seen ?? "nil")")
        try project.sentinel()
    }
}
