import Foundation
import ObjectBridge

/// What a view's element says of it: the attributes every view has, then its class's own,
/// then its subviews (made here, inside the parent's `initWithCoder`, as UIKit decodes them).
extension NibInstantiation {
    func decodeView(_ element: IBElement, _ view: View) throws {
        try decodeCommon(element, view)
        switch view {
        case let label as Label: try decodeLabel(element, label)
        case let button as Button: try decodeButton(element, button)
        case let imageView as ImageView: try decodeImageView(element, imageView)
        case let toggle as Switch: try decodeSwitch(element, toggle)
        case let slider as Slider: try decodeSlider(element, slider)
        case let stack as StackView: try decodeStack(element, stack)
        case let indicator as ActivityIndicatorView: try decodeActivityIndicator(element, indicator)
        case let field as TextField: try decodeTextField(element, field)
        case let textView as TextView: try decodeTextView(element, textView)
        case let bar as SearchBar: try decodeSearchBar(element, bar)
        case let segmented as SegmentedControl: try decodeSegmentedControl(element, segmented)
        case let pages as PageControl: try decodePageControl(element, pages)
        case let progress as ProgressView: try decodeProgressView(element, progress)
        case let stepper as Stepper: try decodeStepper(element, stepper)
        case let bar as NavigationBar: try decodeNavigationBar(element, bar)
        case let toolbar as Toolbar: try decodeToolbar(element, toolbar)
        case let bar as TabBar: try decodeTabBar(element, bar)
        case let refresh as RefreshControl:
            if let found = element.keyed("attributedTitle") { refresh.title = try attributedText(found).string }
        default: break
        }
        if let control = view as? Control { try decodeControl(element, control) }
        if let scrollView = view as? ScrollView { try decodeScrollView(element, scrollView) }
        if let table = view as? TableView { try decodeTable(element, table) }
        if let cell = view as? TableViewCell { try decodeCell(element, cell) }
        if let cell = view as? CollectionViewCell { try decodeCollectionCell(element, cell) }
        if let effectView = view as? VisualEffectView { try decodeVisualEffect(element, effectView) }
        if let collection = view as? CollectionView { try decodeCollection(element, collection) }
        try decodeSubviews(element, into: view)
    }

    private func decodeCommon(_ element: IBElement, _ view: View) throws {
        if let found = element.keyed("frame") { view.frame = try rect(found) }
        if let found = element.keyed("autoresizingMask") {
            view.autoresizingMask = try autoresizingMask(found).rawValue
        }
        if let translates = try bool(element, "translatesAutoresizingMaskIntoConstraints") {
            view.translatesAutoresizingMaskIntoConstraints = translates
        }
        if let mode = try named(element, "contentMode", Self.contentModes) { view.contentMode = mode }
        if let tag = try integer(element, "tag") { view.tag = tag }
        if let hidden = try bool(element, "hidden") { view.isHidden = hidden }
        if let alpha = try number(element, "alpha") { view.alpha = min(1, max(0, alpha)) }
        if let opaque = try bool(element, "opaque") { view.isOpaque = opaque }
        if let clips = try bool(element, "clipsSubviews") { view.clipsToBounds = clips }
        if let interaction = try bool(element, "userInteractionEnabled") { view.isUserInteractionEnabled = interaction }
        if let multiple = try bool(element, "multipleTouchEnabled") { view.isMultipleTouchEnabled = multiple }
        if let exclusive = try bool(element, "exclusiveTouch") { view.isExclusiveTouch = exclusive }
        if let resizes = try bool(element, "autoresizesSubviews") { view.autoresizesSubviews = resizes }
        if let found = element.keyed("backgroundColor") { view.backgroundColor = try color(found) }
        if let found = element.keyed("tintColor") { view.ownTintColor = try color(found) }
        if let found = element.keyed("layoutMargins") { view.autoLayoutState.layoutMargins = try insets(found) }
        // Left to right, leading is left.
        if let found = element.keyed("directionalLayoutMargins") {
            view.autoLayoutState.layoutMargins = UIEdgeInsets(
                top: try number(found, "top") ?? 0, left: try number(found, "leading") ?? 0,
                bottom: try number(found, "bottom") ?? 0, right: try number(found, "trailing") ?? 0)
        }
        let state = view.autoLayoutState
        if let value = try priority(element, "horizontalHuggingPriority") { state.hugging.horizontal = value }
        if let value = try priority(element, "verticalHuggingPriority") { state.hugging.vertical = value }
        if let value = try priority(element, "horizontalCompressionResistancePriority") {
            state.compressionResistance.horizontal = value
        }
        if let value = try priority(element, "verticalCompressionResistancePriority") {
            state.compressionResistance.vertical = value
        }
        for guide in element.children where guide.name == "viewLayoutGuide" {
            guard let id = guide.read().id else { continue }
            switch guide.key {
            case "safeArea": guides[id] = view.systemGuide(.safeArea)
            case "layoutMargins": guides[id] = view.systemGuide(.margins)
            case let other: warnOnce(guide, "the layout guide \(other ?? "(no key)") is not safeArea or layoutMargins")
            }
        }
        if let found = element.keyed("accessibilityConfiguration") { view.accessibility = try accessibility(found) }
        // Xcode writes the recognizers a view has as connections; this list stays empty.
        _ = element.child("gestureRecognizers")
        if element.child("constraints") != nil { constraintLists.append((element, view)) }
        for empty in element.children where empty.name == "nil" { empty.read() }
    }

    /// `<accessibility key="accessibilityConfiguration">`: what the identity inspector sets,
    /// each left at UIKit's default where the document says nothing.
    private func accessibility(_ element: IBElement) throws -> Accessibility {
        var made = Accessibility()
        made.identifier = element["identifier"]
        made.label = element["label"]
        made.hint = element["hint"]
        made.value = element["value"]
        made.isElement = try element.child("bool", key: "isElement").flatMap { try bool($0, "value") }
        if let traits = element.keyed("traits") {
            made.traits = try View.traits.reduce(0) { mask, trait in
                let name = trait.0.prefix(1).lowercased() + trait.0.dropFirst()
                return try bool(traits, name) == true ? mask | trait.1 : mask
            }
        }
        return made
    }

    /// Each subview, made and added in order; a stack view's are arranged. A subview whose id
    /// is in `existing` is a view the parent already has (a styled cell's labels), decoded
    /// into it.
    private func decodeSubviews(_ element: IBElement, into view: View, existing: [String: View] = [:]) throws {
        for child in element.list("subviews") {
            // Only an element of the view's own kind (a label for a label) is decoded into it.
            if let id = child.read().id, let own = existing[id],
                child.name == (own is ImageView ? "imageView" : "label")
            {
                try decodeView(child, own)
                try register(own, for: child)
                continue
            }
            guard let made = try makeObject(child) else { continue }
            guard let subview = made as? View else {
                throw problem(child, "<\(child.name)> in <subviews> is not a view")
            }
            if let stack = view as? StackView {
                try stack.addArrangedSubview(subview)
            } else {
                try view.addSubview(subview)
            }
        }
    }

    private func priority(_ element: IBElement, _ attribute: String) throws -> Double? {
        guard let value = try number(element, attribute) else { return nil }
        guard (1...1000).contains(value) else {
            throw problem(element, "\(attribute)=\"\(value)\" is not from 1 to 1000")
        }
        return value
    }

    private func decodeLabel(_ element: IBElement, _ label: Label) throws {
        label.text = element.string("text")
        if let alignment = try named(element, "textAlignment", Self.textAlignments) { label.textAlignment = alignment }
        if let lines = try integer(element, "numberOfLines") { label.numberOfLines = max(0, lines) }
        if let mode = try named(element, "lineBreakMode", Self.lineBreakModes) { label.lineBreakMode = mode }
        if let width = try number(element, "preferredMaxLayoutWidth") { label.preferredMaxLayoutWidth = max(0, width) }
        _ = try bool(element, "adjustsFontSizeToFit")
        if let found = element.keyed("fontDescription") { label.font = try font(found) }
        if let found = element.keyed("textColor") { label.textColor = try color(found) }
        if let found = element.keyed("shadowColor") { label.shadowColor = try color(found) }
        if let found = element.keyed("shadowOffset") { label.shadowOffset = try size(found) }
        if let found = element.keyed("attributedText") {
            // The label reports the first run's font, colour, alignment and line break mode.
            let text = try attributedText(found)
            let first = text.length > 0 ? try text.attributes(at: 0).0 : [:]
            if let font = first["NSFont"]?.value as? Font { label.font = font }
            if let color = first["NSColor"]?.value as? Color { label.textColor = color }
            if let style = first["NSParagraphStyle"]?.value as? ParagraphStyle {
                (label.textAlignment, label.lineBreakMode) = (style.alignment, style.lineBreakMode)
            }
            label.setAttributedText(text)
        }
    }

    private func decodeImageView(_ element: IBElement, _ imageView: ImageView) throws {
        if let name = element["image"] { imageView.image = try image(named: name, for: element) }
    }

    /// A project image by the name the document gives; a missing one is a warning, as UIKit
    /// logs "Could not load the image referenced from a nib".
    func image(named name: String, for element: IBElement) throws -> Image? {
        if let found = try Image.named(name, environment) { return found }
        warnOnce(element, "Could not load the \"\(name)\" image referenced from a nib: the program has no such image")
        return nil
    }

    private func decodeStack(_ element: IBElement, _ stack: StackView) throws {
        if let axis = try named(element, "axis", ["horizontal": 0, "vertical": 1]) { stack.axis = axis }
        if let spacing = try number(element, "spacing") { stack.spacing = spacing }
        if let distribution = try named(element, "distribution", Self.distributions) {
            stack.distribution = distribution
        }
        if let alignment = try named(element, "alignment", Self.stackAlignments) { stack.alignment = alignment }
        if let baseline = try bool(element, "baselineRelativeArrangement") {
            stack.isBaselineRelativeArrangement = baseline
        }
        if let margins = try bool(element, "layoutMarginsRelativeArrangement") {
            stack.isLayoutMarginsRelativeArrangement = margins
        }
    }

    private func decodeScrollView(_ element: IBElement, _ scrollView: ScrollView) throws {
        if let value = try bool(element, "scrollEnabled") { scrollView.isScrollEnabled = value }
        if let value = try bool(element, "pagingEnabled") { scrollView.isPagingEnabled = value }
        if let value = try bool(element, "bounces") { scrollView.bounces = value }
        if let value = try bool(element, "alwaysBounceVertical") { scrollView.alwaysBounceVertical = value }
        if let value = try bool(element, "alwaysBounceHorizontal") { scrollView.alwaysBounceHorizontal = value }
        if let mode = try named(element, "keyboardDismissMode", Self.keyboardDismissModes) {
            scrollView.keyboardDismissMode = mode
        }
        if let value = try bool(element, "showsHorizontalScrollIndicator") {
            scrollView.showsHorizontalScrollIndicator = value
        }
        if let value = try bool(element, "showsVerticalScrollIndicator") {
            scrollView.showsVerticalScrollIndicator = value
        }
        if let found = element.keyed("contentSize") { scrollView.contentSize = try size(found) }
        if let found = element.keyed("contentInset") { scrollView.contentInset = try insets(found) }
        if let behavior = try named(
            element, "contentInsetAdjustmentBehavior", ["automatic": 0, "scrollableAxes": 1, "never": 2, "always": 3])
        {
            scrollView.contentInsetAdjustmentBehavior = behavior
        }
        if let scale = try zoomScale(element, "minimumZoomScale") { scrollView.zoom.minimumScale = scale }
        if let scale = try zoomScale(element, "maximumZoomScale") { scrollView.zoom.maximumScale = scale }
        if let bounces = try bool(element, "bouncesZoom") { scrollView.zoom.bounces = bounces }
    }

    private func zoomScale(_ element: IBElement, _ attribute: String) throws -> Double? {
        guard let scale = try number(element, attribute) else { return nil }
        guard scale > 0 else { throw problem(element, "\(attribute)=\"\(scale)\" is not a scale above 0") }
        return scale
    }

    /// `style` by Xcode's names for `UIActivityIndicatorViewStyle`; the frame stays the
    /// document's, as UIKit's decoding keeps it.
    private func decodeActivityIndicator(_ element: IBElement, _ indicator: ActivityIndicatorView) throws {
        if let style = try named(
            element, "style", ["whiteLarge": 0, "white": 1, "gray": 2, "medium": 100, "large": 101])
        {
            let frame = indicator.frame
            indicator.setStyle(style)
            indicator.frame = frame
        }
        if let found = element.keyed("color") { indicator.color = try color(found) }
        if let hides = try bool(element, "hidesWhenStopped") { indicator.hidesWhenStopped = hides }
        if try bool(element, "animating") == true { indicator.startAnimating() }
    }

    /// A visual effect view's effect (`<blurEffect style="regular"/>`, or a vibrancy effect
    /// over one) and its content view.
    private func decodeVisualEffect(_ element: IBElement, _ effectView: VisualEffectView) throws {
        if let blur = element.child("blurEffect") {
            effectView.effect = try blurEffect(blur)
        } else if let vibrancy = element.child("vibrancyEffect") {
            effectView.effect = VibrancyEffect(blur: try vibrancy.child("blurEffect").map(blurEffect))
        }
        try decodeContentView(element, effectView.contentView)
    }

    /// `<blurEffect style=…>`, by Xcode's name for the `UIBlurEffectStyle` member (`regular`,
    /// `systemMaterialDark`).
    private func blurEffect(_ element: IBElement) throws -> BlurEffect {
        let name = element["style"] ?? ""
        guard let style = BlurEffect.styles.first(where: { $0.0.lowercased() == name.lowercased() })?.1 else {
            throw problem(element, "style=\"\(name)\" is not a UIBlurEffectStyle")
        }
        return BlurEffect(style: style)
    }

    func decodeContentView(_ element: IBElement, _ contentView: View, existing: [String: View] = [:]) throws {
        guard let content = element.keyed("contentView") else { return }
        // The container places its content view, as UIKit's cells and effect views do, whatever
        // frame the editor drew.
        let (frame, mask) = (contentView.frame, contentView.autoresizingMask)
        try decodeCommon(content, contentView)
        (contentView.frame, contentView.autoresizingMask) = (frame, mask)
        try register(contentView, for: content)
        try decodeSubviews(content, into: contentView, existing: existing)
    }

    static let contentModes: [String: Int] = [
        "scaleToFill": 0, "scaleAspectFit": 1, "scaleAspectFill": 2, "redraw": 3, "center": 4, "top": 5, "bottom": 6,
        "left": 7, "right": 8, "topLeft": 9, "topRight": 10, "bottomLeft": 11, "bottomRight": 12,
    ]
    static let textAlignments: [String: Int] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    static let lineBreakModes: [String: Int] = [
        "wordWrap": 0, "characterWrap": 1, "clip": 2, "headTruncation": 3, "tailTruncation": 4,
        "middleTruncation": 5,
    ]
    static let horizontalAlignments: [String: Int] = [
        "center": 0, "left": 1, "right": 2, "fill": 3, "leading": 4, "trailing": 5,
    ]
    static let verticalAlignments: [String: Int] = ["center": 0, "top": 1, "bottom": 2, "fill": 3]
    static let buttonTypes: [String: Int] = [
        "custom": 0, "system": 1, "roundedRect": 1, "detailDisclosure": 2, "infoLight": 3, "infoDark": 4,
        "contactAdd": 5, "close": 7,
    ]
    static let controlStates: [String: Int] = ["normal": 0, "highlighted": 1, "disabled": 2, "selected": 4]
    static let distributions: [String: StackView.Distribution] = [
        "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
        "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
    ]
    static let stackAlignments: [String: StackView.Alignment] = [
        "fill": .fill, "top": .leading, "leading": .leading, "firstBaseline": .firstBaseline, "center": .center,
        "bottom": .trailing, "trailing": .trailing, "lastBaseline": .lastBaseline,
    ]
    /// `UIScrollViewKeyboardDismissMode` by Xcode's names.
    static let keyboardDismissModes: [String: Int] = [
        "none": 0, "onDrag": 1, "interactive": 2, "onDragWithAccessory": 3, "interactiveWithAccessory": 4,
    ]
}
