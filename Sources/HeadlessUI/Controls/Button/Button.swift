import Foundation
import ObjectBridge

/// `UIButton` without configurations (the API CodeFlow code uses): a title label and an image
/// view whose title, colour and images depend on the state (falling back to the normal
/// state's), centred in the bounds less `contentEdgeInsets`, over the state's background image.
/// Its fitting size is its content's, measured with the title's real metrics, plus UIKit's 6
/// points above and below when the insets are zero (a 15-point title gives a 30-point button).
/// A system button's title takes the tint; the info and detail disclosure types draw UIKit's
/// circled "i" in it, and contact add its circled "+". A button given a configuration (iOS 15)
/// shows it instead (`Button+Configuration`).
public final class Button: Control {
    /// `UIButtonType`.
    public internal(set) var buttonType: Int
    public let titleLabel: Label
    public let imageView: ImageView
    private var titles: [Int: String] = [:]
    private var titleColors: [Int: Color] = [:]
    private var attributedTitles: [Int: AttributedText] = [:]
    private var images: [Int: Image] = [:]
    private var backgroundImages: [Int: Image] = [:]
    public var contentEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    public var titleEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    public var imageEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// The configuration, what shows it, and its update.
    var configured = ConfiguredContent()
    /// The menu, how it opens, and a pop-up button's choice.
    var menuState = ButtonMenu()
    /// Where the button's menu and its long press take their touches.
    unowned let touches: TouchDispatcher
    /// A navigation bar's back button: the back chevron before the title.
    var showsBackIndicator = false {
        didSet { setNeedsLayout() }
    }

    static let types: [(String, Int)] = [
        ("Custom", 0), ("System", 1), ("DetailDisclosure", 2), ("InfoLight", 3), ("InfoDark", 4), ("ContactAdd", 5),
        ("Plain", 6), ("Close", 7), ("RoundedRect", 1),
    ]
    /// The padding above and below the content of a button without content insets.
    static let verticalPadding = 6.0
    /// The size of the glyph UIKit draws for the info, detail disclosure and contact add types.
    static let glyphSize = CGSize(width: 22, height: 22)
    /// The back chevron (13 x 21 points) and the space after it.
    static let backIndicatorSize = CGSize(width: 13, height: 21)
    static let backIndicatorSpacing = 6.0

    init(type: Int, touches: TouchDispatcher, engine: TextEngine) {
        buttonType = type
        self.touches = touches
        titleLabel = Label(engine: engine)
        titleLabel.font = Font.system(15, text: engine)
        imageView = ImageView()
        imageView.automaticImagesAreTemplates = type != 0  // a system button's images take its tint
        super.init(touches: touches)
        try? addSubview(imageView)
        try? addSubview(titleLabel)
        stateDidChange()
    }

    // MARK: Values by state

    func title(for state: Int) -> String? { attributedTitle(for: state)?.string ?? titles[state] ?? titles[0] }
    /// An attributed title is shown instead of a plain one, as in UIKit.
    func attributedTitle(for state: Int) -> AttributedText? { attributedTitles[state] ?? attributedTitles[0] }
    func titleColor(for state: Int) -> Color? { ownTitleColor(for: state) ?? tintColor }

    /// The title colour of `state` unless it is the tint: the one set, else white for a custom
    /// button, else the state's tint.
    private func ownTitleColor(for state: Int) -> Color? {
        if let color = titleColors[state] ?? titleColors[0] { return color }
        if buttonType == 0 { return Color(white: 1, alpha: 1) }
        return stateTint(for: state)
    }

    /// What a system button's title and template image show instead of the tint in `state`:
    /// UIKit's dimmed grey when disabled, the tint faded when highlighted; nil otherwise.
    private func stateTint(for state: Int) -> Color? {
        if state & 2 != 0 { return Color.tertiaryLabel }
        if state & 1 != 0 {
            let tint = tintColor
            return Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * 0.2)
        }
        return nil
    }
    func image(for state: Int) -> Image? { images[state] ?? images[0] }
    func backgroundImage(for state: Int) -> Image? { backgroundImages[state] ?? backgroundImages[0] }

    func setTitle(_ title: String?, for state: Int) {
        titles[state] = title
        stateDidChange()
    }

    func setTitleColor(_ color: Color?, for state: Int) { keep(color, for: state, in: \.titleColors) }
    func setAttributedTitle(_ title: AttributedText?, for state: Int) {
        keep(title.map { $0.copied() }, for: state, in: \.attributedTitles)
    }
    func setImage(_ image: Image?, for state: Int) { keep(image, for: state, in: \.images) }
    func setBackgroundImage(_ image: Image?, for state: Int) { keep(image, for: state, in: \.backgroundImages) }

    /// Keeps `value` (owned) for `state` in the values `keyPath` names.
    private func keep<V: BridgeObject>(
        _ value: V?, for state: Int, in keyPath: ReferenceWritableKeyPath<Button, [Int: V]>
    ) {
        replaceOwned(self[keyPath: keyPath][state], with: value)
        self[keyPath: keyPath][state] = value
        stateDidChange()
    }

    public var currentTitle: String? { title(for: state) }
    var currentTitleColor: Color? { titleColor(for: state) }
    var currentImage: Image? { image(for: state) }
    var currentBackgroundImage: Image? { backgroundImage(for: state) }

    override func stateDidChange() {
        guard configured.configuration == nil else { return setNeedsUpdateConfiguration() }
        titleLabel.text = currentTitle
        titleLabel.textColor = ownTitleColor(for: state)
        titleLabel.textFollowsTint = true
        if let attributed = attributedTitle(for: state) { titleLabel.setAttributedText(attributed) }
        imageView.image = currentImage
        imageView.ownTintColor = buttonType == 0 ? nil : stateTint(for: state)
        setNeedsLayout()
    }

    // MARK: Layout

    /// What UIKit draws in the image's place when there is no image: the type's glyph, or the
    /// back chevron with the space after it.
    private var glyphSize: CGSize? {
        if showsBackIndicator {
            return CGSize(
                width: Self.backIndicatorSize.width + Self.backIndicatorSpacing, height: Self.backIndicatorSize.height)
        }
        return currentImage == nil && [2, 3, 4, 5].contains(buttonType) ? Self.glyphSize : nil
    }

    private var contentSize: (title: CGSize, image: CGSize) {
        (
            currentTitle?.isEmpty == false ? titleLabel.sizeThatFits(.zero) : .zero,
            currentImage?.size ?? glyphSize ?? .zero
        )
    }

    /// The state's background image over the bounds, and the type's glyph in the image's place.
    public override var backdrop: Drawing? {
        if let shown = configured.shown { return configurationBackdrop(shown) }
        let background = currentBackgroundImage
        let glyph = glyphSize != nil ? imageView.frame : nil
        guard background != nil || glyph != nil else { return nil }
        return Drawing(size: bounds.size) { drawing in
            if let background { drawing.draw(background, in: CGRect(origin: .zero, size: bounds.size)) }
            guard let glyph else { return }
            let color = titleColor(for: state) ?? tintColor
            if showsBackIndicator {
                drawing.stroke(Glyphs.backChevron(in: glyph), color, width: 3)
            } else if buttonType == 5 {
                Glyphs.circledPlus(in: glyph, color, &drawing)
            } else {
                Glyphs.circledInfo(in: glyph, color, &drawing)
            }
        }
    }

    public override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        if configured.configuration != nil { return configuredSize(fitting: size) }
        let (title, image) = contentSize
        let insets = contentEdgeInsets
        let padding = insets == .zero ? 2 * Self.verticalPadding : 0
        return CGSize(
            width: title.width + image.width + insets.left + insets.right,
            height: max(title.height, image.height) + insets.top + insets.bottom + padding)
    }

    /// The image, then the title, side by side in the content rect where the content
    /// alignments put them (the middle by default), each moved by half the difference of its
    /// edge insets, on the screen's pixel grid.
    public override func layoutSubviews() {
        if configured.configuration != nil { return layOutConfiguration() }
        let (title, image) = contentSize
        let content = contentEdgeInsets.inset(bounds)
        let left = contentLeft(title.width + image.width, in: content)
        let pixel = pixelRounding
        func place(_ x: Double, _ size: CGSize, _ insets: UIEdgeInsets) -> CGRect {
            let top: Double =
                switch contentVerticalAlignment {
                case 1, 3: content.minY
                case 2: content.maxY - size.height
                default: content.midY - size.height / 2
                }
            return CGRect(
                x: pixel(x + (insets.left - insets.right) / 2), y: pixel(top + (insets.top - insets.bottom) / 2),
                width: size.width, height: size.height)
        }
        imageView.frame = place(left, image, imageEdgeInsets)
        titleLabel.frame = place(left + image.width, title, titleEdgeInsets)
    }

    /// A tap on a button whose menu is its primary action opens the menu.
    override func endTracking(at point: CGPoint, inside: Bool) throws {
        if inside, opensMenuOnTap { try openMenu() }
    }

    /// The left edge of content `width` wide in `content`, where the horizontal alignment puts it.
    func contentLeft(_ width: Double, in content: CGRect) -> Double {
        switch contentHorizontalAlignment {
        case 1, 3, 4: content.minX
        case 2, 5: content.maxX - width
        default: content.midX - width / 2
        }
    }

    /// Rounds a coordinate to the screen's pixel grid.
    var pixelRounding: (Double) -> Double {
        let scale = window?.screenScale ?? 1
        return { ($0 * scale).rounded() / scale }
    }
}
