-- A sign-in screen: an account kind, two text fields and a button in a stack view. The return
-- key moves from the email field to the password field and then signs in; the stack rises
-- above the keyboard while it shows; signing in without a password shows an alert.

local UiControl = require "UIKit.UIControl"
local UiWindow = require "UIKit.UIWindow"
local TextField = require "UIKit.UITextField"
local TextInputTraits = require "UIKit.UITextInputTraits"
local AlertController = require "UIKit.UIAlertController"

local SignInController = class.createClass("SignInController", objc.UIViewController)
SignInController:declareProtocol "UITextFieldDelegate"
SignInController:declareActionMethod "signIn"

local restingGap = 40

local function field(placeholder, identifier, delegate)
    local made = objc.UITextField:new()
    made.placeholder = placeholder
    made.accessibilityIdentifier = identifier
    made.borderStyle = TextField.BorderStyle.RoundedRect
    made.delegate = delegate
    return made
end

function SignInController:viewDidLoad()
    self[SignInController.superclass]:viewDidLoad()
    local view = self.view
    view.backgroundColor = objc.UIColor.systemBackgroundColor

    self.kind = objc.UISegmentedControl:new():initWithItems { "Personal", "Work" }
    self.kind.selectedSegmentIndex = 0
    self.email = field("Email", "email", self)
    self.email.keyboardType = TextInputTraits.KeyboardType.EmailAddress
    self.email.returnKeyType = TextInputTraits.ReturnKeyType.Next
    self.password = field("Password", "password", self)
    self.password.secureTextEntry = true
    self.password.returnKeyType = TextInputTraits.ReturnKeyType.Go
    self.password.clearButtonMode = TextField.ViewMode.WhileEditing

    local button = objc.UIButton:buttonWithType(1)
    button:setTitle_forState("Sign In", 0)
    button:addTarget_action_forControlEvents(self, "signIn", UiControl.Events.TouchUpInside)
    self.status = objc.UILabel:new()
    self.status.text = "Not signed in"
    self.status.textAlignment = 1

    local stack = objc.UIStackView:new()
    stack.axis = 1
    stack.spacing = 12
    stack.translatesAutoresizingMaskIntoConstraints = false
    for _, part in ipairs { self.kind, self.email, self.password, button, self.status } do
        stack:addArrangedSubview(part)
    end
    view:addSubview(stack)
    self.stackBottom = stack.bottomAnchor:constraintEqualToAnchor_constant(view.safeAreaLayoutGuide.bottomAnchor,
                                                                           -restingGap)
    objc.NSLayoutConstraint:activateConstraints {
        stack.leadingAnchor:constraintEqualToAnchor_constant(view.layoutMarginsGuide.leadingAnchor, 0),
        stack.trailingAnchor:constraintEqualToAnchor_constant(view.layoutMarginsGuide.trailingAnchor, 0),
        self.stackBottom,
    }

    local center = objc.NSNotificationCenter.defaultCenter
    center:addObserver_selector_name_object(self, "keyboardWillShow:", UiWindow.UIKeyboardWillShowNotification, nil)
    center:addObserver_selector_name_object(self, "keyboardWillHide:", UiWindow.UIKeyboardWillHideNotification, nil)
end

-- Posted inside the keyboard's animation, so the stack rises with it.
function SignInController:keyboardWillShow(notification)
    local keyboard = notification.userInfo[UiWindow.UIKeyboardFrameEndUserInfoKey]
    local covered = keyboard.size.height - self.view.safeAreaInsets.bottom
    self.stackBottom.constant = -covered - 12
    self.view:layoutIfNeeded()
end

function SignInController:keyboardWillHide(notification)
    self.stackBottom.constant = -restingGap
    self.view:layoutIfNeeded()
end

function SignInController:textFieldShouldReturn(textField)
    if textField == self.email then
        self.password:becomeFirstResponder()
    else
        self:signIn()
    end
    return true
end

function SignInController:signIn()
    if self.password.text == "" then
        local alert = objc.UIAlertController:alertControllerWithTitle_message_preferredStyle(
            "Missing Password", "Type your password to sign in.", AlertController.Style.Alert)
        alert:addAction(objc.UIAlertAction:actionWithTitle_style_handler("OK", AlertController.ActionStyle.Default,
            function() self.password:becomeFirstResponder() end))
        self:presentViewController_animated_completion(alert, true, nil)
        return
    end
    self.view:endEditing(true)
    local kind = self.kind:titleForSegmentAtIndex(self.kind.selectedSegmentIndex)
    self.status.text = "Signed in as " .. self.email.text .. " (" .. kind .. ")"
end

return SignInController
