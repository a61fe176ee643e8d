import Foundation
import ObjectBridge

/// Text fields, text views, search bars and their input traits from their elements, by Xcode's
/// names for UIKit's values.
extension NibInstantiation {
    func decodeTextField(_ element: IBElement, _ field: TextField) throws {
        if let text = element.string("text") { field.text = text }
        field.placeholder = element.string("placeholder") ?? field.placeholder
        if let alignment = try named(element, "textAlignment", Self.textAlignments) { field.textAlignment = alignment }
        if let style = try named(element, "borderStyle", ["none": 0, "line": 1, "bezel": 2, "roundedRect": 3]) {
            field.borderStyle = style
        }
        if let mode = try named(element, "clearButtonMode", Self.viewModes) { field.clearButtonMode = mode }
        if let clears = try bool(element, "clearsOnBeginEditing") { field.clearsOnBeginEditing = clears }
        if let fits = try bool(element, "adjustsFontSizeToFit") { field.adjustsFontSizeToFitWidth = fits }
        if let size = try number(element, "minimumFontSize") { field.minimumFontSize = size }
        if let found = element.keyed("fontDescription") { field.font = try font(found) }
        if let found = element.keyed("textColor") { field.textColor = try color(found) }
        if let found = element.keyed("textInputTraits") {
            field.traits = try traits(found, field.traits)
            if let secure = try bool(found, "secureTextEntry") { field.isSecureTextEntry = secure }
        }
    }

    func decodeTextView(_ element: IBElement, _ textView: TextView) throws {
        if let text = element.string("text") { textView.text = text }
        if let alignment = try named(element, "textAlignment", Self.textAlignments) {
            textView.textAlignment = alignment
        }
        if let editable = try bool(element, "editable") { textView.isEditable = editable }
        if let selectable = try bool(element, "selectable") { textView.isSelectable = selectable }
        if let found = element.keyed("fontDescription") { textView.font = try font(found) }
        if let found = element.keyed("textColor") { textView.textColor = try color(found) }
        if let found = element.keyed("textInputTraits") { textView.traits = try traits(found, textView.traits) }
    }

    func decodeSearchBar(_ element: IBElement, _ bar: SearchBar) throws {
        if let text = element.string("text") { bar.text = text }
        if let placeholder = element.string("placeholder") { bar.placeholder = placeholder }
        if let style = try named(element, "searchBarStyle", ["default": 0, "prominent": 1, "minimal": 2]) {
            bar.searchBarStyle = style
        }
        if let shows = try bool(element, "showsCancelButton") { bar.setShowsCancelButton(shows) }
        let scopes = element.list("scopeButtonTitles").filter { $0.name == "string" }.map(\.text)
        if !scopes.isEmpty { bar.setScopeButtonTitles(scopes) }
        if let shows = try bool(element, "showsScopeBar") { bar.setShowsScopeBar(shows) }
        if let found = element.keyed("barTintColor") { bar.barTintColor = try color(found) }
        if let found = element.keyed("textInputTraits") {
            bar.searchTextField.traits = try traits(found, bar.searchTextField.traits)
        }
    }

    /// `<textInputTraits>`: each trait by Xcode's name for its member (`emailAddress`).
    private func traits(_ element: IBElement, _ start: TextInputTraits) throws -> TextInputTraits {
        var traits = start
        if let value = try member(element, "keyboardType", TextInputTraits.keyboardTypes, also: ["alphabet": 1]) {
            traits.keyboardType = value
        }
        if let value = try member(element, "returnKeyType", TextInputTraits.returnKeyTypes) {
            traits.returnKeyType = value
        }
        if let value = try member(element, "autocapitalizationType", TextInputTraits.autocapitalizationTypes) {
            traits.autocapitalizationType = value
        }
        if let value = try member(element, "autocorrectionType", TextInputTraits.autocorrectionTypes) {
            traits.autocorrectionType = value
        }
        if let value = try named(element, "keyboardAppearance", ["default": 0, "dark": 1, "light": 2, "alert": 1]) {
            traits.keyboardAppearance = value
        }
        return traits
    }

    /// A UIKit enum member by the name Xcode writes: the constant's name after its prefix,
    /// in any case (`emailAddress` for `UIKeyboardTypeEmailAddress`), or one of `also`.
    private func member(
        _ element: IBElement, _ attribute: String, _ members: [(String, Int)], also: [String: Int] = [:]
    )
        throws -> Int?
    {
        guard let text = element[attribute] else { return nil }
        if let value = also[text] ?? members.first(where: { $0.0.lowercased() == text.lowercased() })?.1 {
            return value
        }
        throw problem(element, "\(attribute)=\"\(text)\" is not a member of UIKit's enum for it")
    }

    static let viewModes: [String: Int] = ["never": 0, "whileEditing": 1, "unlessEditing": 2, "always": 3]
}
