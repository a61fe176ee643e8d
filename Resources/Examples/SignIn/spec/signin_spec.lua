-- Typing, the keyboard, an alert and the labels of the sign-in screen (`rebound test`).

describe("signing in", function()
  local controller

  before_each(function()
    host.start "main"
    controller = host.rootViewController
  end)

  it("moves from field to field with the return key and signs in", function()
    local kind = controller.kind
    local size = kind.bounds.size
    tap(kind:convertPoint_toView({ x = size.width * 3 / 4, y = size.height / 2 }, nil)) -- the second segment
    host.type(host.find { accessibilityIdentifier = "email" }, "ada@example.com\n")
    assert.is_true(host.find { accessibilityIdentifier = "password" }.isFirstResponder)
    host.type("secret\n")
    assert.are.equal("secret", controller.password.text)
    assert.are.equal("Signed in as ada@example.com (Work)", controller.status.text)
    assert.is_false(controller.password.isFirstResponder)
  end)

  it("raises the form above the keyboard while it shows", function()
    local resting = controller.password:convertPoint_toView({ x = 0, y = 0 }, nil).y
    tap(controller.email)
    simulate.advance(0.5)
    local raised = controller.password:convertPoint_toView({ x = 0, y = 0 }, nil).y
    assert.is_true(raised < resting - 150, "the form rose above the keyboard")
    host.snapshot("keyboard") -- its keys labelled, the return key reading "next"
    controller.view:endEditing(true)
    simulate.advance(0.5)
    assert.are.equal(resting, controller.password:convertPoint_toView({ x = 0, y = 0 }, nil).y)
  end)

  it("asks for a missing password in an alert", function()
    host.type(controller.email, "ada@example.com")
    tap("Sign In")
    simulate.advance(1)
    local alert = host.alert "Missing Password"
    assert.is_not_nil(alert)
    assert.are.equal("Type your password to sign in.", alert.message)
    host.snapshot("alert") -- the box blurs the form behind it
    host.tap "OK"
    simulate.advance(1)
    assert.is_nil(host.alert())
    assert.is_true(controller.password.isFirstResponder)
    assert.are.equal("Not signed in", controller.status.text)
  end)
end)
