import Foundation
import ObjectBridge

/// The search bar's part in its field's editing: its delegate (`UISearchBarDelegate`) is
/// asked and told as UIKit does, and its search controller follows.
extension SearchBar: TextFieldOwner {
    func fieldShouldBeginEditing() throws -> Bool {
        try delegate?.ask("searchBarShouldBeginEditing", of: Self.delegateProtocol, self, returning: Bool.self) ?? true
    }

    func fieldShouldReplace(_ range: NSRange, with replacement: String) throws -> Bool {
        try delegate?.ask(
            "searchBar_shouldChangeTextInRange_replacementText", of: Self.delegateProtocol, self, range, replacement,
            returning: Bool.self) ?? true
    }

    /// The keyboard's Search key: the delegate is told; a search controller's bar also puts the
    /// keyboard away, as UIKit's does.
    func fieldDidPressReturn() throws {
        try tell("searchBarSearchButtonClicked")
        if searchController != nil { try searchTextField.resignFirstResponder() }
    }

    func didBeginEditing() throws {
        try searchController?.setActive(true)
        try tell("searchBarTextDidBeginEditing")
    }

    func textDidChange() throws {
        _ = try delegate?.ask(
            "searchBar_textDidChange", of: Self.delegateProtocol, self, text, returning: AnyScriptValue.self)
        try searchController?.updateResults()
    }

    func scopeDidChange() throws {
        guard let index = scopeBar?.selectedSegmentIndex, index >= 0 else { return }
        selectedScopeButtonIndex = index
        _ = try delegate?.ask(
            "searchBar_selectedScopeButtonIndexDidChange", of: Self.delegateProtocol, self, index,
            returning: AnyScriptValue.self)
        try searchController?.updateResults()
    }

    /// The Cancel button: the delegate is told, and a search controller's search ends.
    func cancelTapped() throws {
        try tell("searchBarCancelButtonClicked")
        try searchController?.setActive(false)
    }

    /// Tells the delegate, when it implements `method`.
    func tell(_ method: String) throws {
        _ = try delegate?.ask(method, of: Self.delegateProtocol, self, returning: AnyScriptValue.self)
    }
}
