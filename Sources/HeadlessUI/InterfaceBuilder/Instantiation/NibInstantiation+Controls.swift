import Foundation
import ObjectBridge

/// Controls from their elements: the state every control has, then buttons, switches,
/// sliders, steppers, segmented controls, page controls and progress views, by Xcode's names
/// for UIKit's values.
extension NibInstantiation {
    func decodeControl(_ element: IBElement, _ control: Control) throws {
        if let enabled = try bool(element, "enabled") { control.isEnabled = enabled }
        if let selected = try bool(element, "selected") { control.isSelected = selected }
        if let highlighted = try bool(element, "highlighted") { control.isHighlighted = highlighted }
        if let alignment = try named(element, "contentHorizontalAlignment", Self.horizontalAlignments) {
            control.contentHorizontalAlignment = alignment
        }
        if let alignment = try named(element, "contentVerticalAlignment", Self.verticalAlignments) {
            control.contentVerticalAlignment = alignment
        }
    }

    func decodeButton(_ element: IBElement, _ button: Button) throws {
        if let type = try named(element, "buttonType", Self.buttonTypes) { button.buttonType = type }
        _ = element["lineBreakMode"]
        if let found = element.keyed("fontDescription") { button.titleLabel.font = try font(found) }
        for state in element.children where state.name == "state" {
            state.read()
            guard let key = state.key, let value = Self.controlStates[key] else {
                throw problem(state, "key=\"\(state.key ?? "")\" is not a control state (normal, highlighted, …)")
            }
            if let title = state.string("title") { button.setTitle(title, for: value) }
            if let name = state["image"] { button.setImage(try image(named: name, for: state), for: value) }
            if let name = state["backgroundImage"] {
                button.setBackgroundImage(try image(named: name, for: state), for: value)
            }
            if let found = state.keyed("attributedTitle") {
                let text = try attributedText(found)
                if value == 0, let font = text.typingFont(at: 0) { button.titleLabel.font = font }
                button.setAttributedTitle(text, for: value)
            }
            if let found = state.keyed("titleColor") { button.setTitleColor(try color(found), for: value) }
            if let found = state.keyed("titleShadowColor") { _ = try color(found) }
        }
        if let found = element.keyed("contentEdgeInsets") { button.contentEdgeInsets = try insets(found) }
        if let found = element.keyed("titleEdgeInsets") { button.titleEdgeInsets = try insets(found) }
        if let found = element.keyed("imageEdgeInsets") { button.imageEdgeInsets = try insets(found) }
        button.stateDidChange()
    }

    func decodeSwitch(_ element: IBElement, _ toggle: Switch) throws {
        if let on = try bool(element, "on") { toggle.setOn(on) }
        if let found = element.keyed("onTintColor") { toggle.onTintColor = try color(found) }
        if let found = element.keyed("thumbTintColor") { toggle.thumbTintColor = try color(found) }
    }

    func decodeSlider(_ element: IBElement, _ slider: Slider) throws {
        slider.setRange(
            minimum: try number(element, "minValue") ?? slider.minimumValue,
            maximum: try number(element, "maxValue") ?? slider.maximumValue)
        if let value = try number(element, "value") { slider.setValue(value) }
        if let continuous = try bool(element, "continuous") { slider.isContinuous = continuous }
        if let found = element.keyed("minimumTrackTintColor") { slider.minimumTrackTintColor = try color(found) }
        if let found = element.keyed("maximumTrackTintColor") { slider.maximumTrackTintColor = try color(found) }
        if let found = element.keyed("thumbTintColor") { slider.thumbTintColor = try color(found) }
    }

    func decodeStepper(_ element: IBElement, _ stepper: Stepper) throws {
        do {
            try stepper.setRange(
                minimum: try number(element, "minimumValue") ?? stepper.minimumValue,
                maximum: try number(element, "maximumValue") ?? stepper.maximumValue)
            if let step = try number(element, "stepValue") { try stepper.setStepValue(step) }
        } catch let error as ScriptValueError { throw problem(element, error.problem) }
        if let value = try number(element, "value") { stepper.setValue(value) }
        if let wraps = try bool(element, "wraps") { stepper.wraps = wraps }
        if let repeats = try bool(element, "autorepeat") { stepper.autorepeat = repeats }
        if let continuous = try bool(element, "continuous") { stepper.isContinuous = continuous }
    }

    func decodeSegmentedControl(_ element: IBElement, _ control: SegmentedControl) throws {
        control.removeAllSegments()
        for (index, segment) in element.list("segments").enumerated() where segment.name == "segment" {
            var made = SegmentedControl.Segment(title: segment["title"])
            if let name = segment["image"] { made.image = try image(named: name, for: segment) }
            if let enabled = try bool(segment, "enabled") { made.isEnabled = enabled }
            if let width = try number(segment, "width") { made.width = max(0, width) }
            control.insert(made, at: index)
        }
        if let index = try integer(element, "selectedSegmentIndex"), index >= 0 {
            do { try control.select(index) } catch { throw problem(element, "\(error)") }
        }
        if let momentary = try bool(element, "momentary") { control.isMomentary = momentary }
        if let apportions = try bool(element, "apportionsSegmentWidthsByContent") {
            control.apportionsSegmentWidthsByContent = apportions
        }
        _ = element["segmentControlStyle"]  // deprecated since iOS 7; every style draws alike
        if let found = element.keyed("selectedSegmentTintColor") { control.selectedSegmentTintColor = try color(found) }
    }

    func decodePageControl(_ element: IBElement, _ control: PageControl) throws {
        if let pages = try integer(element, "numberOfPages") {
            do { try control.setNumberOfPages(pages) } catch { throw problem(element, "\(error)") }
        }
        if let page = try integer(element, "currentPage") { control.setCurrentPage(page) }
        if let hides = try bool(element, "hidesForSinglePage") { control.hidesForSinglePage = hides }
        if let found = element.keyed("pageIndicatorTintColor") { control.pageIndicatorTintColor = try color(found) }
        if let found = element.keyed("currentPageIndicatorTintColor") {
            control.currentPageIndicatorTintColor = try color(found)
        }
    }

    func decodeProgressView(_ element: IBElement, _ view: ProgressView) throws {
        if let progress = try number(element, "progress") { view.setProgress(progress, animated: false) }
        if let style = try named(element, "progressViewStyle", ["default": 0, "bar": 1]) {
            view.progressViewStyle = style
        }
        if let found = element.keyed("progressTintColor") { view.progressTintColor = try color(found) }
        if let found = element.keyed("trackTintColor") { view.trackTintColor = try color(found) }
    }
}
