/// A screen of twelve buttons, either filled buttons made from a `UIButtonConfiguration` or
/// plain system buttons, each round given one of two titles (the configured ones through a copy
/// of their configuration set back, as Objective-C code does), then laid out at their fitting
/// sizes and drawn.
func buttonScreen(configured: Bool) -> String {
    """
    local titles = { "Continue", "Add to Cart" }
    controller = objc.UIViewController:new()
    controller.view.backgroundColor = objc.UIColor.systemBackgroundColor
    buttons = {}
    for i = 1, 12 do
        local button
        if \(configured) then
            local configuration = objc.UIButtonConfiguration:filledButtonConfiguration()
            configuration.title = titles[1]
            button = objc.UIButton:buttonWithConfiguration_primaryAction(configuration, nil)
        else
            button = objc.UIButton:buttonWithType(1)
            button:setTitle_forState(titles[1], 0)
        end
        controller.view:addSubview(button)
        buttons[i] = button
    end
    function show(which)
        for i, button in ipairs(buttons) do
            if \(configured) then
                local configuration = button.configuration
                configuration.title = titles[which]
                button.configuration = configuration
            else
                button:setTitle_forState(titles[which], 0)
            end
            local size = button:sizeThatFits(struct.CGSize(0, 0))
            button.frame = struct.CGRect(20, 20 + i * 50, size.width, size.height)
        end
    end
    objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
    """
}

func controlBenchmarks() {
    pairedScreenBenchmarks(
        (
            "controls: 12 filled buttons made from a configuration, retitled, laid out and drawn",
            buttonScreen(configured: true)
        ),
        ("controls: the same 12 as plain system buttons, retitled, laid out and drawn", buttonScreen(configured: false))
    )
}
