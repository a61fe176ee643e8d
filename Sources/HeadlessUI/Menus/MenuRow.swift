import Foundation
import ObjectBridge

/// A menu's rows in sections: the menu's title as a header, then runs of its elements, each
/// menu shown inline a section of its own. Sections are 8 points apart, rows a hairline.
/// Hidden actions have no row.
struct MenuSections {
    let menu: Menu

    init(_ menu: Menu) { self.menu = menu }

    /// The elements of each section, in order.
    var sections: [[MenuElement]] {
        var sections: [[MenuElement]] = [[]]
        for child in menu.children {
            if let action = child as? MenuAction, action.attributes.contains(.hidden) { continue }
            if let inline = child as? Menu, inline.options.contains(.displayInline) {
                sections.append(MenuSections(inline).sections.flatMap { $0 })
                sections.append([])
            } else {
                sections[sections.count - 1].append(child)
            }
        }
        return sections.filter { !$0.isEmpty }
    }

    /// The views of the platter, top to bottom: the header, the rows, and the gaps between
    /// sections, each at its height.
    func rows(touches: TouchDispatcher, text: TextEngine, presentation: MenuPresentation) -> [View] {
        var views: [View] = []
        if !menu.title.isEmpty { views.append(MenuHeader(title: menu.title, text: text)) }
        for (index, section) in sections.enumerated() {
            if index > 0 || !views.isEmpty { views.append(MenuGap(thick: index > 0)) }
            let marks = section.contains { ($0 as? MenuAction)?.state != .off && $0 is MenuAction }
            for (position, element) in section.enumerated() {
                if position > 0 { views.append(MenuGap(thick: false)) }
                views.append(
                    MenuRow(
                        element: element, indented: marks, destructive: menu.options.contains(.destructive),
                        presentation: presentation, touches: touches, text: text))
            }
        }
        return views
    }
}

/// A menu's title over its rows: 13 points, secondary label colour.
final class MenuHeader: View {
    init(title: String, text: TextEngine) {
        super.init()
        let label = Label(engine: text)
        label.font = Font.system(13, text: text)
        label.textColor = Color.secondaryLabel
        label.text = title
        label.frame = CGRect(x: 16, y: 8, width: MenuPresentation.width - 32, height: 18)
        try? addSubview(label)  // a new view is nobody's ancestor: cannot fail
        frame.size = CGSize(width: MenuPresentation.width, height: 34)
    }
}

/// The space between sections (8 points of a darker band) or a hairline between rows.
final class MenuGap: View {
    init(thick: Bool) {
        super.init()
        backgroundColor =
            thick ? Color(light: Color(white: 0, alpha: 0.08), dark: Color(white: 0, alpha: 0.3)) : Color.separator
        frame.size = CGSize(width: MenuPresentation.width, height: thick ? MenuPresentation.sectionGap : 0.5)
    }
}

/// An element's row: its title (and subtitle) at the leading side, its image at the trailing
/// side, a checkmark before the title when it is on, a chevron for a submenu. Red when
/// destructive, grey when disabled, darkened while a finger is on it.
final class MenuRow: Control {
    let element: MenuElement
    private let titleLabel: Label
    private var subtitleLabel: Label?
    private let imageView = ImageView()
    private let indented: Bool
    private unowned let presentation: MenuPresentation

    init(
        element: MenuElement, indented: Bool, destructive: Bool, presentation: MenuPresentation,
        touches: TouchDispatcher, text: TextEngine
    ) {
        (self.element, self.indented, self.presentation) = (element, indented, presentation)
        titleLabel = Label(engine: text)
        super.init(touches: touches)
        let action = element as? MenuAction
        let disabled = action?.attributes.contains(.disabled) == true
        let red = destructive || action?.attributes.contains(.destructive) == true
        let color = disabled ? Color.tertiaryLabel : red ? Color.systemRed : Color.label
        titleLabel.font = Font.system(17, text: text)
        titleLabel.textColor = color
        titleLabel.text = element.title
        try? addSubview(titleLabel)  // new views are nobody's ancestors: cannot fail
        if let subtitle = element.subtitle {
            let label = Label(engine: text)
            label.font = Font.system(15, text: text)
            label.textColor = disabled ? Color.tertiaryLabel : Color.secondaryLabel
            label.text = subtitle
            subtitleLabel = label
            try? addSubview(label)
        }
        imageView.image = element is Menu ? nil : element.image  // a submenu's row shows its chevron
        imageView.automaticImagesAreTemplates = true
        imageView.ownTintColor = color
        try? addSubview(imageView)
        isEnabled = !disabled
        frame.size = CGSize(width: MenuPresentation.width, height: subtitle == nil ? MenuPresentation.rowHeight : 58)
    }

    private var subtitle: String? { element.subtitle }
    private var actionState: MenuAction.State { (element as? MenuAction)?.state ?? .off }

    override func layoutSubviews() {
        let leading = indented ? 44.0 : 16.0
        let trailing = imageView.image != nil || element is Menu ? 52.0 : 16.0
        let width = bounds.size.width - leading - trailing
        let title = titleLabel.sizeThatFits(.zero).height
        let subtitle = subtitleLabel?.sizeThatFits(.zero).height ?? 0
        var y = (bounds.size.height - title - subtitle) / 2
        titleLabel.frame = CGRect(x: leading, y: y, width: width, height: title)
        y += title
        subtitleLabel?.frame = CGRect(x: leading, y: y, width: width, height: subtitle)
        let image = imageView.image?.size ?? .zero
        imageView.frame = CGRect(
            x: bounds.size.width - 16 - 20 + (20 - image.width) / 2, y: (bounds.size.height - image.height) / 2,
            width: image.width, height: image.height)
    }

    /// The highlight, the checkmark (or a dash when mixed) and a submenu's chevron.
    override var backdrop: Drawing? {
        Drawing(size: bounds.size) { drawing in
            if isHighlighted {
                drawing.fill(
                    CGRect(origin: .zero, size: bounds.size),
                    Color(light: Color(white: 0, alpha: 0.08), dark: Color(white: 1, alpha: 0.08)))
            }
            let mark = CGRect(x: 16, y: 0, width: 20, height: bounds.size.height)
            switch actionState {
            case .on: drawing.stroke(Glyphs.checkmark(in: mark), Color.label, width: 2)
            case .mixed:
                drawing.fill(CGRect(x: mark.midX - 6, y: mark.midY - 1, width: 12, height: 2), Color.label)
            case .off: break
            }
            if element is Menu {
                let chevron = CGRect(x: bounds.size.width - 36, y: 0, width: 20, height: bounds.size.height)
                drawing.stroke(Glyphs.disclosureChevron(in: chevron), Color.tertiaryLabel, width: 2)
            }
        }
    }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        if inside { presentation.choose(element) }
    }
}
