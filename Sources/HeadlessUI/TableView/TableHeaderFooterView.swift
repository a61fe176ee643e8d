import Foundation
import ObjectBridge

/// `UITableViewHeaderFooterView`: a section's header or footer, with a content view and a text
/// label at the leading margin, centred vertically. A table view makes one for a section title.
public final class TableHeaderFooterView: View {
    public internal(set) var reuseIdentifier: String?
    public let contentView = View()
    public let textLabel: Label
    /// The queue the table view recycles it into.
    var reuseQueue: String?

    init(reuseIdentifier: String?, engine: TextEngine) {
        self.reuseIdentifier = reuseIdentifier
        textLabel = Label(engine: engine)
        super.init()
        contentView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? addSubview(contentView)  // cannot fail: new views are nobody's ancestors
        try? contentView.addSubview(textLabel)
    }

    func prepareForReuse() throws {
        _ = try runOverride("prepareForReuse")
    }

    public override func layoutSubviews() {
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
        let margin = View.systemSideMargin(forWidth: bounds.size.width)
        let size = textLabel.text?.isEmpty == false ? textLabel.sizeThatFits(.zero) : .zero
        let scale = window?.screenScale ?? 1
        textLabel.frame = CGRect(
            x: margin, y: ((bounds.size.height - size.height) / 2 * scale).rounded() / scale,
            width: max(0, bounds.size.width - 2 * margin), height: size.height)
    }
}
