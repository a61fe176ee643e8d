/// A project whose screen a console chunk breaks and mends: `broken = true` makes its
/// controller's layout raise "broken layout"; `shown` is the controller.
public enum ScreenStatusFiles {
    public static let files = [
        "main.lua": """
        require "Sentinel"
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad() shown = self end
        function C:viewWillLayoutSubviews() if broken then error("broken layout") end end
        return C
        """,
        "Sentinel.lua": "return 0\n",
    ]
}
