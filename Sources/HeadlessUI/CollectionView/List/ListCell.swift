import Foundation
import ObjectBridge

/// `UICollectionViewListCell`: a collection view cell for list sections. It takes where its
/// row is from the layout (`ListPlacement`) and draws what goes with it:
/// - its background by its list's appearance (`UIBackgroundConfiguration`'s list styles),
///   rounded at an inset section's ends;
/// - separators, from where the text starts to the trailing edge, none under a grouped
///   section's last row;
/// - its accessories, leading ones from the leading margin, trailing ones from the trailing
///   margin, the content view between them, moved in by `indentationLevel`.
public final class ListCell: CollectionViewCell {
    public private(set) var accessories: [CellAccessory] = []
    private var accessoryViews: [CellAccessoryView] = []
    public var indentationLevel = 0 { didSet { setNeedsLayout() } }
    public var indentationWidth = 10.0 { didSet { setNeedsLayout() } }
    public var indentsAccessories = true { didSet { setNeedsLayout() } }
    /// Whether an outline disclosure accessory shows its item expanded.
    public var isExpanded = false {
        didSet {
            for view in accessoryViews { view.isExpanded = isExpanded }
            CellConfigurations.setNeedsUpdate(self)
        }
    }
    private unowned let touches: TouchDispatcher
    private unowned let engine: TextEngine
    /// The row's place, from the attributes last applied.
    var placement: ListPlacement? { layoutAttributes?.listPlacement }

    init(touches: TouchDispatcher, engine: TextEngine) {
        (self.touches, self.engine) = (touches, engine)
        super.init()
    }

    func setAccessories(_ new: [CellAccessory]) {
        for view in accessoryViews { view.removeFromSuperview() }
        for old in accessories { abandon(old) }
        accessories = new
        for accessory in new { adopt(accessory) }
        accessoryViews = new.map { accessory in
            let view = CellAccessoryView(accessory, touches: touches)
            view.isExpanded = isExpanded
            if case .outlineDisclosure = accessory.kind {
                view.standardAction = { [weak self] in try self?.toggleOutline() }
            }
            if case .label(let text) = accessory.kind {
                let label = Label(engine: engine)
                label.text = text
                label.textColor = accessory.tintColor ?? Color.secondaryLabel
                label.font = Font.system(17, text: engine)
                try? view.addSubview(label)  // new views: cannot fail
            } else if let custom = accessory.customView {
                try? view.addSubview(custom)  // the script's view moves here, as in UIKit
            }
            try? addSubview(view)
            return view
        }
        setNeedsLayout()
    }

    /// An outline disclosure's standard action: the diffable data source shows or hides the
    /// item's children.
    private func toggleOutline() throws {
        guard let collection = superview as? CollectionView, let path = collection.indexPath(of: self),
            let source = collection.nativeContent as? CollectionDiffableDataSource
        else { return }
        try source.toggleExpansion(at: path)
    }

    /// `defaultContentConfiguration`: the list's cell style, or the header or footer style of
    /// its appearance when the cell is a list's header or footer.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        let appearance = placement?.appearance
        let style: ListContentConfiguration.Style =
            switch element {
            case .header:
                appearance?.isSidebar == true
                    ? .sidebarHeader : appearance?.isGrouped == true ? .groupedHeader : .plainHeader
            case .footer: appearance?.isGrouped == true ? .groupedFooter : .plainFooter
            case .row: appearance?.isSidebar == true ? .sidebarCell : .cell
            }
        return ListContentConfiguration(
            style: style, text: engine, category: touches.application.screen.profile.contentSizeCategory)
    }

    /// What the cell is in its list: a row, or a section's header or footer.
    private enum Element { case row, header, footer }

    private var element: Element {
        switch layoutAttributes?.kind {
        case FlowLayout.headerKind?: .header
        case FlowLayout.footerKind?: .footer
        default: .row
        }
    }

    override var configurationState: CellConfigurationState {
        let state = super.configurationState
        state.isExpanded = isExpanded
        return state
    }

    override var defaultBackgroundConfiguration: BackgroundConfiguration? {
        guard let placement else { return nil }
        let appearance = placement.appearance
        let style: BackgroundConfiguration.Style =
            switch element {
            case .row:
                appearance.isSidebar ? .listSidebarCell : appearance.isGrouped ? .listGroupedCell : .listPlainCell
            case .header, .footer:
                appearance.isSidebar
                    ? .listSidebarHeader : appearance.isGrouped ? .listGroupedHeaderFooter : .listPlainHeaderFooter
            }
        return BackgroundConfiguration(style: style)
    }

    override func apply(_ attributes: LayoutAttributes) throws {
        let placementChanged = attributes.listPlacement != placement
        try super.apply(attributes)
        if placementChanged { CellConfigurations.setNeedsUpdate(self) }
    }

    // MARK: Layout

    /// The side margin of the row: the collection view's, whose width sets it (an inset
    /// section's row is narrower than the screen whose margins it keeps).
    private var sideMargin: Double {
        View.systemSideMargin(
            forWidth: (superview as? CollectionView).map { Double($0.bounds.size.width) } ?? bounds.size.width)
    }

    private var indentation: Double { Double(max(0, indentationLevel)) * indentationWidth }

    /// The accessories shown now, with their views and widths.
    private var shownAccessories: [(view: CellAccessoryView, width: Double, gap: Double)] {
        accessoryViews.compactMap { view in
            let accessory = view.accessory
            guard accessory.isShown(editing: isEditing) else { return nil }
            var (width, gap) = accessory.standardWidth
            if case .label = accessory.kind, let label = view.subviews.first as? Label {
                width = label.sizeThatFits(.zero).width
            } else if let custom = accessory.customView {
                width = custom.bounds.size.width
            }
            return (view, width, gap)
        }
    }

    /// Where the content view goes across a cell `width` wide, and where each shown accessory.
    private func arrangement(width: Double) -> (
        content: ClosedRange<Double>, accessories: [(CellAccessoryView, CGRect)]
    ) {
        let margin = sideMargin
        var leading = 0.0
        var trailing = width
        var placed: [(CellAccessoryView, CGRect)] = []
        var leadingX = margin + (indentsAccessories ? indentation : 0)
        var trailingX = width - margin
        for (view, accessoryWidth, gap) in shownAccessories {
            if view.accessory.isLeading {
                placed.append((view, CGRect(x: leadingX, y: 0, width: accessoryWidth, height: 0)))
                leadingX += accessoryWidth + gap
                leading = leadingX
            } else {
                trailingX -= accessoryWidth
                placed.append((view, CGRect(x: trailingX, y: 0, width: accessoryWidth, height: 0)))
                trailing = trailingX - gap
                trailingX -= 8
            }
        }
        leading += indentsAccessories ? 0 : indentation
        if leading == 0 { leading = indentation }
        return (leading...max(leading, trailing), placed)
    }

    override func contentWidth(inCellOfWidth width: Double) -> Double {
        let content = arrangement(width: width).content
        configurations.contentView?.rowWidth = (superview as? CollectionView).map { Double($0.bounds.size.width) }
        return content.upperBound - content.lowerBound
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        let (content, placed) = arrangement(width: size.width)
        contentView.place(
            CGRect(x: content.lowerBound, y: 0, width: content.upperBound - content.lowerBound, height: size.height))
        configurations.contentView?.rowWidth = (superview as? CollectionView).map { Double($0.bounds.size.width) }
        configurations.contentView?.place(CGRect(origin: .zero, size: contentView.bounds.size))
        for view in accessoryViews { view.isHidden = true }
        for (view, frame) in placed {
            view.isHidden = false
            view.place(CGRect(x: frame.minX, y: 0, width: frame.width, height: size.height))
            for child in view.subviews {
                let height = child is Label ? child.sizeThatFits(.zero).height : child.bounds.size.height
                child.place(CGRect(x: 0, y: (size.height - height) / 2, width: frame.width, height: height))
            }
        }
        configurations.backgroundView?.listCorners = roundedCorners
        // On a sidebar's selection, the tint's bar, accessories are white as the text is.
        let onTint = placement?.appearance.isSidebar == true && (isSelected || isHighlighted)
        for view in accessoryViews { view.ownTintColor = onTint ? Color(white: 1, alpha: 1) : nil }
    }

    /// The corners a row rounds: all of a sidebar's (its selection is a rounded bar); in an
    /// inset section, the top ones of its first row and the bottom ones of its last.
    private var roundedCorners: (mask: Int, radius: Double) {
        guard let placement, element == .row else { return (0, 0) }
        if placement.appearance.isSidebar { return (15, ListConfiguration.insetCornerRadius) }
        guard placement.appearance.isInset else { return (0, 0) }
        var mask = 0
        if placement.isFirst { mask |= 1 | 2 }
        if placement.isLast { mask |= 4 | 8 }
        return (mask, ListConfiguration.insetCornerRadius)
    }

    public override var overlay: Drawing? { separatorDrawing }

    /// The separator under the row, from where its text starts; a plain list's last row keeps
    /// its separator, a grouped section's does not.
    private var separatorDrawing: Drawing? {
        guard let placement, placement.showsSeparators, !(placement.isLast && placement.appearance.isGrouped) else {
            return nil
        }
        let size = bounds.size
        let pixel = 1 / max(window?.screenScale ?? 1, 1)
        let start = separatorLeading
        return Drawing(size: size) { drawing in
            drawing.fill(
                CGRect(x: start, y: size.height - pixel, width: max(0, size.width - start), height: pixel),
                Color.separator)
        }
    }

    /// Where the separator starts: under the text of the content configuration, else at the
    /// content view's leading margin.
    private var separatorLeading: Double {
        if let content = configurations.contentView {
            let text = content.textLabel
            if !text.isHidden { return contentView.frame.minX + text.frame.minX }
        }
        return contentView.frame.minX + sideMargin
    }
}
