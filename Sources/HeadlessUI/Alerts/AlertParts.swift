import Foundation
import ObjectBridge

/// The views of an alert controller and where they go. An alert is a 270-point box with
/// rounded corners, blurring what is behind it, in the middle of the screen (above the keyboard when it shows): the title
/// (semibold 17) and message (13) centred, the text fields, then the actions, 44 points each,
/// side by side when there are two whose titles fit. An action sheet spans the screen less 8
/// points a side at the bottom: its header in grey 13-point type, its actions 57 points each,
/// and the cancel action in a group of its own below. The numbers are in docs/uikit-metrics.md.
final class AlertParts {
    let root = View()
    /// Blurred as UIKit's alert material: extra light, a near-white wash over a 20-point blur.
    let box = VisualEffectView(effect: BlurEffect(style: 5))
    let titleLabel: Label
    let messageLabel: Label
    private(set) var buttons: [AlertActionButton] = []
    private let cancelGroup = View()
    private var separators: [View] = []
    private unowned let controller: AlertController
    private unowned let environment: UIEnvironment

    static let alertWidth = 270.0
    static let cornerRadius = 13.0
    static let alertButtonHeight = 44.0
    static let sheetButtonHeight = 57.0
    static let sheetMargin = 8.0
    static let padding = 16.0
    /// What a sheet's cancel button and a text field's well sit on: white, or the dark
    /// appearance's elevated grey.
    static var plate: Color { Color(light: Color(white: 1, alpha: 1), dark: Color(rgb: 44, 44, 46)) }

    init(controller: AlertController, environment: UIEnvironment) throws {
        self.controller = controller
        self.environment = environment
        let text = environment.text
        titleLabel = Label(engine: text)
        messageLabel = Label(engine: text)
        let sheet = controller.preferredStyle == .actionSheet
        root.frame = environment.screen.bounds
        root.backgroundColor = Color(white: 0, alpha: 0.2)
        for group in [box, cancelGroup] {
            group.layer.cornerRadius = Self.cornerRadius
            group.clipsToBounds = true
            try root.addSubview(group)
        }
        cancelGroup.backgroundColor = Self.plate
        for (label, size, weight) in [(titleLabel, sheet ? 13.0 : 17.0, 600), (messageLabel, 13.0, 400)] {
            label.font = Font.system(size, weight: weight, text: text)
            label.numberOfLines = 0
            label.textAlignment = 1
            if sheet { label.textColor = Color.secondaryLabel }
            try box.addSubview(label)
        }
        for field in controller.textFields {
            let well = View()
            well.backgroundColor = Self.plate
            well.layer.borderWidth = 0.5
            well.layer.borderColor = Color.separator
            try box.addSubview(well)
            try well.addSubview(field)
        }
        for action in controller.shownActions {
            let button = AlertActionButton(
                action: action, controller: controller, sheet: sheet, environment: environment)
            buttons.append(button)
            try (sheet && action.style == .cancel ? cancelGroup : box).addSubview(button)
        }
    }

    /// Lays the parts out in the root's bounds.
    func layout() throws {
        titleLabel.text = controller.title
        messageLabel.text = controller.message
        for separator in separators { separator.removeFromSuperview() }
        separators = []
        if controller.preferredStyle == .alert { try layoutAlert() } else { try layoutSheet() }
    }

    private var hasHeader: Bool { !(controller.title ?? "").isEmpty || !(controller.message ?? "").isEmpty }

    /// The title and message from `top` in a box `width` wide; the bottom of the last one.
    private func layoutHeader(width: Double, top: Double) -> Double {
        var y = top
        for label in [titleLabel, messageLabel] {
            guard let text = label.text, !text.isEmpty else {
                label.frame = .zero
                continue
            }
            let size = label.sizeThatFits(CGSize(width: width - 2 * Self.padding, height: 0))
            if y > top { y += 3 }
            label.frame = CGRect(x: Self.padding, y: y, width: width - 2 * Self.padding, height: size.height)
            y += size.height
        }
        return y
    }

    private func layoutAlert() throws {
        let width = Self.alertWidth
        var y = hasHeader ? layoutHeader(width: width, top: 19) + 19 : 0
        let wells = box.subviews.filter { $0.subviews.first is TextField }
        if !wells.isEmpty {
            y = max(y - 4, 0)
            for well in wells {
                well.frame = CGRect(x: Self.padding, y: y, width: width - 2 * Self.padding, height: 26)
                well.subviews.first?.frame = CGRect(x: 4, y: 0, width: well.frame.width - 8, height: 26)
                y += 26
            }
            y += 16
        }
        let sideBySide =
            buttons.count == 2 && buttons.allSatisfy { $0.titleWidth <= width / 2 - 2 * Self.padding }
        try addSeparator(CGRect(x: 0, y: y, width: width, height: 0.5))
        if sideBySide {
            for (index, button) in buttons.enumerated() {
                button.frame = CGRect(
                    x: Double(index) * width / 2, y: y, width: width / 2, height: Self.alertButtonHeight)
            }
            try addSeparator(CGRect(x: width / 2 - 0.25, y: y, width: 0.5, height: Self.alertButtonHeight))
            y += Self.alertButtonHeight
        } else {
            for (index, button) in buttons.enumerated() {
                if index > 0 { try addSeparator(CGRect(x: 0, y: y, width: width, height: 0.5)) }
                button.frame = CGRect(x: 0, y: y, width: width, height: Self.alertButtonHeight)
                y += Self.alertButtonHeight
            }
        }
        let bounds = root.bounds
        var available = bounds.height
        if !controller.textFields.isEmpty, let keyboard = environment.application.keyboard, keyboard.isShown {
            available -= keyboard.frame(shown: true).height
        }
        box.frame = CGRect(
            x: (bounds.width - width) / 2, y: (available - y) / 2, width: width, height: y)
        cancelGroup.isHidden = true
    }

    private func layoutSheet() throws {
        let bounds = root.bounds
        let width = bounds.width - 2 * Self.sheetMargin
        var y = hasHeader ? layoutHeader(width: width, top: 14) + 14 : 0
        let cancel = buttons.first { $0.action.style == .cancel }
        for button in buttons where button !== cancel {
            if y > 0 { try addSeparator(CGRect(x: 0, y: y, width: width, height: 0.5)) }
            button.frame = CGRect(x: 0, y: y, width: width, height: Self.sheetButtonHeight)
            y += Self.sheetButtonHeight
        }
        var bottom = bounds.height - max(Self.sheetMargin, environment.screen.profile.homeIndicatorHeight)
        cancelGroup.isHidden = cancel == nil
        if let cancel {
            cancelGroup.frame = CGRect(
                x: Self.sheetMargin, y: bottom - Self.sheetButtonHeight, width: width, height: Self.sheetButtonHeight)
            cancel.frame = CGRect(x: 0, y: 0, width: width, height: Self.sheetButtonHeight)
            bottom -= Self.sheetButtonHeight + Self.sheetMargin
        }
        box.isHidden = y == 0
        box.frame = CGRect(x: Self.sheetMargin, y: bottom - y, width: width, height: y)
    }

    private func addSeparator(_ frame: CGRect) throws {
        let line = View()
        line.backgroundColor = Color.separator
        line.frame = frame
        try box.addSubview(line)
        separators.append(line)
    }
}

/// An action's button: its title in a label, in the tint (red when destructive, semibold for
/// the preferred action, or the cancel action when none is preferred, grey when disabled),
/// darkened while a finger is on it.
final class AlertActionButton: Control {
    let action: AlertAction
    private let label: Label
    private unowned let controller: AlertController

    init(action: AlertAction, controller: AlertController, sheet: Bool, environment: UIEnvironment) {
        self.action = action
        self.controller = controller
        label = Label(engine: environment.text)
        super.init(touches: environment.touches)
        let bold = controller.preferredAction.map { $0 === action } ?? (action.style == .cancel)
        label.font = Font.system(sheet ? 20 : 17, weight: bold ? 600 : 400, text: environment.text)
        label.text = action.title
        label.textAlignment = 1
        label.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? addSubview(label)
        isEnabled = action.isEnabled
    }

    var titleWidth: Double { label.sizeThatFits(.zero).width }

    override func layoutSubviews() {
        label.frame = bounds.insetBy(dx: 8, dy: 0)
        label.textColor =
            !action.isEnabled
            ? Color.tertiaryLabel : action.style == .destructive ? Color.systemRed : tintColor
    }

    override var backdrop: Drawing? {
        guard isHighlighted else { return nil }
        return Drawing(size: bounds.size) {
            $0.fill(
                CGRect(origin: .zero, size: bounds.size),
                Color(light: Color(white: 0, alpha: 0.08), dark: Color(white: 1, alpha: 0.08)))
        }
    }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        if inside { try controller.choose(action) }
    }
}
