-- Today's controls on one screen: buttons made from configurations, a pop-up button, a card
-- with a context menu, the classic controls, a drawer that a slider scrubs through a
-- property animator, and a sheet. Save this file while Rebound runs and the screen is made again.

local ControlsController = class.createClass("ControlsController", objc.UIViewController)

local Configuration = objc.UIButtonConfiguration
local Events = require("UIKit.UIControl").Events

local function button(configuration, title, symbol)
    configuration.title = title
    if symbol then configuration.image = objc.UIImage:systemImageNamed(symbol) end
    configuration.imagePadding = 6
    return objc.UIButton:buttonWithConfiguration_primaryAction(configuration, nil)
end

-- The four styles, side by side.
function ControlsController:makeStyles()
    local row = objc.UIStackView:newWithArrangedSubviews {
        button(Configuration:filledButtonConfiguration(), "Order", "cart"),
        button(Configuration:tintedButtonConfiguration(), "Save"),
        button(Configuration:grayButtonConfiguration(), "Later"),
        button(Configuration:plainButtonConfiguration(), "Skip"),
    }
    row.spacing = 8
    row.distribution = objc.UIStackView.Distribution.EqualSpacing
    return row
end

-- A pop-up button: one of its actions is always on, and its title says which.
function ControlsController:makeSortButton()
    local choices = {}
    for _, name in ipairs { "Name", "Date", "Size" } do
        choices[#choices + 1] = objc.UIAction:actionWithTitle_image_identifier_handler(name, nil, name, function()
            self.sortedBy = name
        end)
    end
    local sort = button(Configuration:grayButtonConfiguration(), "Sort")
    sort.accessibilityIdentifier = "sort"
    sort.menu = objc.UIMenu:menuWithTitle_children("Sort by", choices)
    sort.showsMenuAsPrimaryAction = true
    sort.changesSelectionAsPrimaryAction = true
    return sort
end

-- A card that a long press opens a context menu on.
function ControlsController:makeCard()
    local card = objc.UIView:new()
    card.backgroundColor = objc.UIColor.secondarySystemBackgroundColor
    card.layer.cornerRadius = 12
    card.accessibilityIdentifier = "card"
    local title = objc.UILabel:new()
    title.text = "Holiday photos"
    title.font = objc.UIFont:preferredFontForTextStyle(require("UIKit.UIFontDescriptor").UIFontTextStyleHeadline)
    title.frame = struct.CGRect(16, 16, 300, 22)
    card:addSubview(title)
    card:addInteraction(objc.UIContextMenuInteraction:new():initWithDelegate(self))
    return card
end

function ControlsController:contextMenuInteraction_configurationForMenuAtLocation(interaction, location)
    return objc.UIContextMenuConfiguration:configurationWithIdentifier_previewProvider_actionProvider(nil, nil,
        function(suggested)
            return objc.UIMenu:menuWithChildren {
                objc.UIAction:actionWithTitle_image_identifier_handler(
                    "Share", objc.UIImage:systemImageNamed("square.and.arrow.up"), nil, function() end),
                objc.UIAction:actionWithTitle_image_identifier_handler("Favorite", objc.UIImage:systemImageNamed("heart"), nil, function() end),
                objc.UIMenu:menuWithTitle_image_identifier_options_children("", nil, nil, objc.UIMenu.Options.DisplayInline | objc.UIMenu.Options.Destructive, {
                    objc.UIAction:actionWithTitle_image_identifier_handler("Delete", objc.UIImage:systemImageNamed("trash"), nil, function() end),
                }),
            }
        end)
end

-- A button that shows filters in a sheet, at half height first, with a grabber to drag it up,
-- a picker of sizes and a delivery time.
function ControlsController:makeFiltersButton()
    local configuration = Configuration:tintedButtonConfiguration()
    configuration.title = "Filters"
    local show = objc.UIAction:actionWithHandler(function()
        local filters = objc.UIViewController:new()
        filters.view.backgroundColor = objc.UIColor.systemBackgroundColor
        local title = objc.UILabel:newWithFrame(struct.CGRect(20, 24, 300, 30))
        title.text = "Filters"
        title.font = objc.UIFont:preferredFontForTextStyle(require("UIKit.UIFontDescriptor").UIFontTextStyleTitle2)
        filters.view:addSubview(title)
        local sizes = objc.UIPickerView:newWithFrame(struct.CGRect(0, 64, 375, 216))
        sizes.accessibilityIdentifier = "sizes"
        sizes.dataSource = self
        sizes.delegate = self
        sizes:selectRow_inComponent_animated(2, 0, false)
        filters.view:addSubview(sizes)
        local delivery = objc.UIDatePicker:newWithFrame(struct.CGRect(0, 290, 375, 216))
        delivery.datePickerMode = objc.UIDatePicker.Mode.Time
        delivery.minuteInterval = 15
        filters.view:addSubview(delivery)
        local sheet = filters.sheetPresentationController
        local Detent = objc.UISheetPresentationControllerDetent
        sheet.detents = { Detent:mediumDetent(), Detent:largeDetent() }
        sheet.prefersGrabberVisible = true
        self:presentViewController_animated_completion(filters, true, nil)
    end)
    return objc.UIButton:buttonWithConfiguration_primaryAction(configuration, show)
end

-- The sizes the filters' picker offers.
local sizes = { "XS", "S", "M", "L", "XL", "XXL" }
ControlsController:declareProtocol("UIPickerViewDataSource")
ControlsController:declareProtocol("UIPickerViewDelegate")
function ControlsController:numberOfComponentsInPickerView(picker) return 1 end
function ControlsController:pickerView_numberOfRowsInComponent(picker, component) return #sizes end
function ControlsController:pickerView_titleForRow_forComponent(picker, row, component) return sizes[row + 1] end
function ControlsController:pickerView_didSelectRow_inComponent(picker, row, component) self.size = sizes[row + 1] end

-- The classic controls, which follow the appearance too.
function ControlsController:makeClassics()
    local toggle = objc.UISwitch:new()
    toggle.on = true
    local segments = objc.UISegmentedControl:newWithItems { "Day", "Week", "Month" }
    segments.selectedSegmentIndex = 1
    local stepper = objc.UIStepper:new()
    local row = objc.UIStackView:newWithArrangedSubviews { toggle, segments, stepper }
    row.spacing = 12
    row.alignment = objc.UIStackView.Alignment.Center
    return row
end

-- A drawer that the slider moves: the slider's value is the animator's fraction complete.
function ControlsController:makeDrawer()
    local drawer = objc.UIView:newWithFrame(struct.CGRect(20, 600, 60, 60))
    drawer.backgroundColor = objc.UIColor.systemTealColor
    drawer.layer.cornerRadius = 30
    self.drawerAnimator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(
        1, objc.UIView.AnimationCurve.EaseInOut, function()
            drawer.center = struct.CGPoint(325, 630)
            drawer.transform = struct.CGAffineTransform(0.6, 0, 0, 0.6, 0, 0)
            drawer.backgroundColor = objc.UIColor.systemIndigoColor
        end)
    self.drawerAnimator:pauseAnimation()
    local slider = objc.UISlider:new()
    slider.accessibilityIdentifier = "scrub"
    slider:addTarget_action_forControlEvents(self, "scrub", Events.ValueChanged)
    return drawer, slider
end

ControlsController:declareActionMethod("scrub")
function ControlsController:scrub(slider)
    self.drawerAnimator.fractionComplete = slider.value
end

function ControlsController:viewDidLoad()
    self.title = "Controls"
    self.view.backgroundColor = objc.UIColor.systemBackgroundColor
    local drawer, slider = self:makeDrawer()
    local column = objc.UIStackView:newWithArrangedSubviews {
        self:makeStyles(), self:makeSortButton(), self:makeCard(), self:makeClassics(), slider,
        self:makeFiltersButton(),
    }
    column.axis = objc.UIStackView.Axis.Vertical
    column.spacing = 20
    column.translatesAutoresizingMaskIntoConstraints = false
    self.view:addSubview(column)
    self.view:addSubview(drawer)
    local guide = self.view.safeAreaLayoutGuide
    objc.NSLayoutConstraint:activateConstraints {
        column.topAnchor:constraintEqualToAnchor_constant(guide.topAnchor, 20),
        column.leadingAnchor:constraintEqualToAnchor_constant(guide.leadingAnchor, 20),
        column.trailingAnchor:constraintEqualToAnchor_constant(guide.trailingAnchor, -20),
        self.view.subviews[1].arrangedSubviews[3].heightAnchor:constraintEqualToConstant(120),
    }
end

return ControlsController
