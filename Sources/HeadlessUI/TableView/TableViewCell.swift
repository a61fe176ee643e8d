import Foundation
import ObjectBridge

/// `UITableViewCell`: a row's view, with a content view and, by style, a text label, a detail
/// label and an image view laid out as UIKit lays them out, measured with real text metrics:
/// - the content margins are 16 points (20 on screens wider than 375), the image is followed
///   by 16 points, and the labels are centred vertically (the subtitle's two as one block);
/// - Default: the text alone; Subtitle: the detail (12 points) under the text; Value1: the
///   detail (17 points, grey) at the trailing edge; Value2: a 13-point text in the tint, then
///   the detail.
/// An accessory (a type or a view) takes the trailing end, and the content view gives it way.
/// The standard accessories and the separators are drawn as UIKit draws them
/// (`TableViewCell+Chrome`); the detail button is a button that tells the table's delegate.
public final class TableViewCell: View, ConfigurableCell {
    /// `UITableViewCellStyle`, set when the cell is made (`initWithStyle_reuseIdentifier`).
    public private(set) var style = 0
    public internal(set) var reuseIdentifier: String?
    public let contentView = View()
    public let textLabel: Label
    /// Nil in the default style, as in UIKit.
    public private(set) var detailTextLabel: Label?
    public let imageView = ImageView()
    public var accessoryType = 0 {
        didSet {
            updateDetailButton()
            setNeedsLayout()
        }
    }
    public var accessoryView: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { try? addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    /// The accessory type shown in editing mode in place of `accessoryType` (none by default,
    /// as in UIKit: a disclosure indicator goes while the table edits).
    public var editingAccessoryType = 0 {
        didSet {
            updateDetailButton()
            setNeedsLayout()
        }
    }
    /// Editing mode, as the table sets it (`TableView+Editing`): the row's editing style
    /// (`UITableViewCellEditingStyle`) and the control that shows it.
    public private(set) var isEditing = false
    public private(set) var editingStyle = 0
    public var shouldIndentWhileEditing = true { didSet { setNeedsLayout() } }
    /// Whether the row is pulled aside to show its delete confirmation or swipe actions.
    public internal(set) var showingDeleteConfirmation = false
    private var editingControl: EditingControl?
    public private(set) var selectionStyle = 3
    public private(set) var isSelected = false
    public private(set) var isHighlighted = false
    public var backgroundView: View? { backgrounds.background }
    /// The storyboard segues the cell sets off: when its row is selected, and from its
    /// accessory's detail button (`trigger="accessoryAction"`).
    var selectionSegue: (() throws -> Void)?
    var accessorySegue: (() throws -> Void)?
    /// The script's; while it is nil, a selection of any style but none shows UIKit's grey.
    public var selectedBackgroundView: View? { backgrounds.selected }
    private var backgrounds = CellBackgrounds()
    var configurations = CellConfigurations()
    /// Whether a content configuration hides the style's labels and image.
    private var styleViewsHidden = false
    private lazy var defaultSelectedBackground: View = {
        let view = View()
        view.backgroundColor = Color.systemGray4
        return view
    }()
    /// The queue the table view recycles it into.
    var reuseQueue: String?
    /// The table view showing the cell, and which separators its row has there.
    @WeakObjectReference var tableView: TableView? = nil
    var separators = Separators()
    /// `separatorInset` as set on the cell; the table's otherwise.
    var ownSeparatorInset: UIEdgeInsets? { didSet { setNeedsLayout() } }
    /// Where the standard accessory is drawn, in the cell's coordinates.
    var accessoryRect = CGRect.zero
    /// The detail and detail disclosure accessories' button.
    private(set) var detailButton: Button?
    private unowned let touches: TouchDispatcher

    static let styles: [(String, Int)] = [("Default", 0), ("Value1", 1), ("Value2", 2), ("Subtitle", 3)]
    static let accessoryTypes: [(String, Int)] = [
        ("None", 0), ("DisclosureIndicator", 1), ("DetailDisclosureButton", 2), ("Checkmark", 3), ("DetailButton", 4),
    ]
    static let selectionStyles: [(String, Int)] = [("None", 0), ("Blue", 1), ("Gray", 2), ("Default", 3)]
    static let editingStyles: [(String, Int)] = [("None", 0), ("Delete", 1), ("Insert", 2)]
    private unowned let engine: TextEngine

    init(style: Int, reuseIdentifier: String?, engine: TextEngine, touches: TouchDispatcher) {
        self.engine = engine
        self.touches = touches
        self.reuseIdentifier = reuseIdentifier
        textLabel = Label(engine: engine)
        super.init()
        backgroundColor = Color.systemBackground
        contentView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? addSubview(contentView)  // cannot fail: new views are nobody's ancestors
        try? contentView.addSubview(imageView)
        try? contentView.addSubview(textLabel)
        setStyle(style)
    }

    /// Gives the cell the labels and fonts of `style`.
    func setStyle(_ style: Int) {
        self.style = style
        let body = Font.system(17, text: engine)
        textLabel.font = style == 2 ? Font.system(13, text: engine) : body
        textLabel.textFollowsTint = style == 2  // Value2's title is in the tint, as UIKit draws it
        if style == 0 {
            detailTextLabel?.removeFromSuperview()
            detailTextLabel = nil
        } else {
            let detail = detailTextLabel ?? Label(engine: engine)
            detail.font = style == 3 ? Font.system(12, text: engine) : style == 2 ? Font.system(13, text: engine) : body
            detail.textAlignment = style == 1 ? 2 : 0
            detail.textColor = style == 1 ? Color.secondaryLabel : nil
            if detailTextLabel == nil { try? contentView.addSubview(detail) }
            detailTextLabel = detail
        }
        setNeedsLayout()
    }

    /// The script's `setSelected_animated` / `setHighlighted_animated` when its class has one.
    func setSelected(_ selected: Bool, animated: Bool) throws {
        if try !runOverride("setSelected_animated", selected, animated) { try nativeSetSelected(selected) }
    }

    func setHighlighted(_ highlighted: Bool, animated: Bool) throws {
        if try !runOverride("setHighlighted_animated", highlighted, animated) { try nativeSetHighlighted(highlighted) }
    }

    func nativeSetSelected(_ selected: Bool) throws {
        isSelected = selected
        CellConfigurations.setNeedsUpdate(self)
        try showBackgrounds()
    }

    func nativeSetHighlighted(_ highlighted: Bool) throws {
        isHighlighted = highlighted
        CellConfigurations.setNeedsUpdate(self)
        try showBackgrounds()
    }

    func setSelectionStyle(_ style: Int) throws {
        selectionStyle = style
        try showBackgrounds()
    }

    func setBackgroundView(_ view: View?) throws {
        backgrounds.setBackground(view, of: self)
        try showBackgrounds()
    }

    func setSelectedBackgroundView(_ view: View?) throws {
        backgrounds.setSelected(view, of: self)
        try showBackgrounds()
    }

    /// The background view, and the selection's above it while the row is selected or
    /// highlighted and its style is not none; a background configuration's view instead of
    /// both when the cell has one.
    func showBackgrounds() throws {
        if let configured = configurations.backgroundView {
            try backgrounds.show([configured], in: self)
            return
        }
        let selection =
            (isSelected || isHighlighted) && selectionStyle != 0
            ? selectedBackgroundView ?? defaultSelectedBackground : nil
        try backgrounds.show(selection: selection, in: self)
    }

    // MARK: Configurations

    var configurationState: CellConfigurationState {
        CellConfigurationState(
            traits: traitCollection, selected: isSelected, highlighted: isHighlighted, editing: isEditing,
            swiped: showingDeleteConfirmation)
    }

    var defaultBackgroundConfiguration: BackgroundConfiguration? { nil }

    /// `defaultContentConfiguration`: the list style that matches the cell's.
    func defaultContentConfiguration() -> ListContentConfiguration {
        let style: ListContentConfiguration.Style =
            switch style {
            case 1, 2: .valueCell
            case 3: .subtitleCell
            default: .cell
            }
        return ListContentConfiguration(
            style: style, text: engine, category: touches.application.screen.profile.contentSizeCategory)
    }

    /// The script's `setEditing_animated` when its class has one.
    func setEditing(_ editing: Bool, animated: Bool) throws {
        if try !runOverride("setEditing_animated", editing, animated) { nativeSetEditing(editing) }
    }

    func nativeSetEditing(_ editing: Bool) {
        isEditing = editing
        CellConfigurations.setNeedsUpdate(self)
        accessoryView?.isHidden = editing
        updateDetailButton()
        updateEditingControl()
        setNeedsLayout()
    }

    /// The style the table gives the row for editing mode: delete 1 and insert 2 show a control.
    func setEditingStyle(_ style: Int) {
        editingStyle = style
        updateEditingControl()
        setNeedsLayout()
    }

    private func updateEditingControl() {
        let shown = isEditing && editingStyle != 0
        if shown, let editingControl {
            editingControl.style = editingStyle
        } else if shown {
            let control = EditingControl(style: editingStyle, touches: touches)
            control.nativeHandlers.append(
                (
                    .touchUpInside,
                    { [weak self] in
                        guard let self, let tableView = self.tableView else { return }
                        try tableView.editingControlTapped(in: self)
                    }
                ))
            try? addSubview(control)  // cannot fail: a new control is nobody's ancestor
            editingControl = control
        } else {
            editingControl?.removeFromSuperview()
            editingControl = nil
        }
    }

    /// How far editing mode pushes the content in: the control's width while it shows.
    var editingIndent: Double {
        isEditing && editingStyle != 0 && shouldIndentWhileEditing ? EditingControl.width : 0
    }

    /// The accessory shown: in editing mode, the editing accessory type's (an accessory view
    /// hides).
    var shownAccessoryType: Int { isEditing ? editingAccessoryType : accessoryType }
    var shownAccessoryView: View? { isEditing ? nil : accessoryView }

    func prepareForReuse() throws {
        _ = try runOverride("prepareForReuse")
    }

    public override var overlay: Drawing? { chromeDrawing }

    // MARK: Layout

    public override func layoutSubviews() {
        CellConfigurations.updateBeforeLayout(self)
        let width = bounds.size.width
        let height = bounds.size.height
        let margin = View.systemSideMargin(forWidth: width)
        backgrounds.layout(in: self)
        accessoryRect = .zero
        editingControl?.place(
            CGRect(x: 0, y: 0, width: margin + EditingControl.diameter, height: max(0, height - separatorThickness)))
        if let accessoryView = shownAccessoryView {
            let size = accessoryView.bounds.size
            accessoryView.place(
                CGRect(
                    x: width - margin - size.width, y: (height - size.height) / 2, width: size.width,
                    height: size.height))
        } else if let accessory = Self.accessoryWidths[shownAccessoryType] {
            accessoryRect = CGRect(
                x: width - margin - accessory.glyphs, y: 0, width: accessory.glyphs, height: height)
            if let detailButton {
                detailButton.place(
                    CGRect(
                        x: accessoryRect.minX, y: (height - Button.glyphSize.height) / 2, width: Button.glyphSize.width,
                        height: Button.glyphSize.height))
            }
        }
        contentView.place(
            CGRect(
                x: editingIndent, y: 0, width: contentWidth(in: width), height: max(0, height - separatorThickness)))
        setContentMargins(side: margin)
        layoutContent(margin: margin)
    }

    /// The content view's layout margins, UIKit's for a cell: 11 points above and below, the
    /// cell's side margin on either side. Constraints to them change only when the side does.
    private func setContentMargins(side: Double) {
        let margins = UIEdgeInsets(top: 11, left: side, bottom: 11, right: side)
        guard contentView.layoutMarginInsets != margins else { return }
        contentView.autoLayoutState.layoutMargins = margins
        contentView.autoLayoutChanged()
    }

    /// The content view's width in a row `width` wide: what the accessory and the editing
    /// control leave.
    func contentWidth(in width: Double) -> Double {
        let margin = View.systemSideMargin(forWidth: width)
        var trailing = 0.0
        if let accessoryView = shownAccessoryView {
            trailing = accessoryView.bounds.size.width + margin
        } else if let accessory = Self.accessoryWidths[shownAccessoryType] {
            trailing = margin + accessory.glyphs + accessory.gap
        }
        return max(0, width - trailing - editingIndent)
    }

    /// The separator's pixel, which UIKit keeps out of the content view whenever the table
    /// draws separators.
    var separatorThickness: Double {
        guard let tableView, tableView.separatorStyle != 0 else { return 0 }
        return 1 / max(window?.screenScale ?? tableView.window?.screenScale ?? 1, 1)
    }

    /// The height a self-sizing row needs for this cell at `width`, as UIKit measures it: the
    /// script's `systemLayoutSizeFittingSize_withHorizontalFittingPriority_verticalFittingPriority`
    /// when the cell has one, else the content view's constraints at the content width, at
    /// their most compressed; then the separator's pixel. Nil when the constraints leave the
    /// height at zero, which UIKit takes for a mistake (the row gets the standard height).
    func selfSizedHeight(width: Double) throws -> Double? {
        // The content view's margins are the row's before it is measured: content pinned to
        // them is sized with them.
        setContentMargins(side: View.systemSideMargin(forWidth: width))
        try CellConfigurations.updateIfNeeded(self)
        if let content = configurations.contentView {
            content.rowWidth = width
            return content.fittingHeight(width: contentWidth(in: width)) + separatorThickness
        }
        let target = CGSize(width: width, height: 0)
        let fitted =
            try runOverride(
                "systemLayoutSizeFittingSize_withHorizontalFittingPriority_verticalFittingPriority", target,
                LayoutPriority.required, LayoutPriority.fittingSizeLevel, returning: CGSize.self)
            ?? LayoutEngine.fittingSize(
                of: contentView, aimingAt: CGSize(width: contentWidth(in: width), height: 0),
                horizontal: LayoutPriority.required, vertical: LayoutPriority.fittingSizeLevel)
        let height = try GeometryCheck.finite(Double(fitted.height), "the fitting height of a self-sizing cell")
        guard height > 0 else { return nil }
        return height + separatorThickness
    }

    /// The width of each standard accessory's glyphs, and the gap before them, by type (UIKit
    /// publishes neither; a disclosure indicator leaves the content view 38 points short of the
    /// trailing edge).
    static let accessoryWidths: [Int: (glyphs: Double, gap: Double)] = [
        1: (8, 14), 2: (22 + detailChevronSpacing + 8, 8), 3: (14, 8), 4: (22, 8),
    ]
    /// The space between the detail button and the chevron of a detail disclosure accessory.
    static let detailChevronSpacing = 12.0

    /// The detail button of types DetailButton and DetailDisclosureButton: made when the type
    /// needs it, and taken away when it no longer does.
    private func updateDetailButton() {
        let needed = shownAccessoryView == nil && (shownAccessoryType == 2 || shownAccessoryType == 4)
        if needed, detailButton == nil {
            let button = Button(type: 2, touches: touches, engine: engine)
            button.nativeHandlers.append(
                (
                    .touchUpInside,
                    { [weak self] in
                        guard let self, let tableView = self.tableView else { return }
                        try self.accessorySegue?()
                        try tableView.accessoryButtonTapped(in: self)
                    }
                ))
            try? addSubview(button)  // cannot fail: a new button is nobody's ancestor
            detailButton = button
        } else if !needed, let button = detailButton {
            button.removeFromSuperview()
            detailButton = nil
        }
    }

    private func layoutContent(margin: Double) {
        // A content configuration replaces the style's labels and image, as in UIKit.
        let configured = configurations.contentView
        if (configured != nil) != styleViewsHidden {
            styleViewsHidden = configured != nil
            for view in [textLabel, detailTextLabel, imageView] as [View?] { view?.isHidden = styleViewsHidden }
        }
        if let configured {
            configured.rowWidth = bounds.size.width
            configured.place(CGRect(origin: .zero, size: contentView.bounds.size))
            return
        }
        let width = contentView.bounds.size.width
        let height = contentView.bounds.size.height
        let scale = window?.screenScale ?? 1
        func pixel(_ value: Double) -> Double { (value * scale).rounded() / scale }
        func size(_ label: Label?) -> CGSize {
            guard let label, label.text?.isEmpty == false else { return .zero }
            return label.sizeThatFits(.zero)
        }
        var x = margin
        if let image = imageView.image {
            imageView.place(
                CGRect(
                    x: margin, y: pixel((height - image.size.height) / 2), width: image.size.width,
                    height: image.size.height))
            x = margin + image.size.width + 16
        } else {
            imageView.place(.zero)
        }
        let available = max(0, width - x - margin)
        let text = size(textLabel)
        let detail = size(detailTextLabel)
        func centred(_ size: CGSize) -> Double { pixel((height - size.height) / 2) }
        switch style {
        case 3:
            let top = pixel((height - text.height - detail.height) / 2)
            textLabel.place(CGRect(x: x, y: top, width: min(text.width, available), height: text.height))
            detailTextLabel?.place(
                CGRect(
                    x: x, y: top + text.height, width: min(detail.width, available), height: detail.height))
        case 1:
            let textWidth = min(text.width, available)
            textLabel.place(CGRect(x: x, y: centred(text), width: textWidth, height: text.height))
            let detailWidth = min(detail.width, max(0, available - textWidth - 3))
            detailTextLabel?.place(
                CGRect(
                    x: width - margin - detailWidth, y: centred(detail), width: detailWidth, height: detail.height))
        case 2:
            let textWidth = min(text.width, available)
            textLabel.place(CGRect(x: x, y: centred(text), width: textWidth, height: text.height))
            detailTextLabel?.place(
                CGRect(
                    x: x + textWidth + 3, y: centred(detail),
                    width: min(detail.width, max(0, available - textWidth - 3)),
                    height: detail.height))
        default:
            textLabel.place(CGRect(x: x, y: centred(text), width: available, height: text.height))
        }
    }
}
