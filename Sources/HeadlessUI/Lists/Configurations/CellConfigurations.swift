import Foundation
import ObjectBridge

/// A cell that takes iOS 14's configurations: collection view cells and table view cells.
protocol ConfigurableCell: View {
    var contentView: View { get }
    var configurations: CellConfigurations { get set }
    /// The cell's state now, as its configurations are updated for it.
    var configurationState: CellConfigurationState { get }
    /// The background configuration a cell gets when it has none and updates automatically
    /// (a list cell's, by its list's appearance); nil for none.
    var defaultBackgroundConfiguration: BackgroundConfiguration? { get }
    /// Shows the cell's background views again (the configuration's replaces the others).
    func showBackgrounds() throws
}

/// A cell's configurations: its content configuration shown by a `ListContentView` in its
/// content view, its background configuration shown behind everything, and the update that
/// sets them for the cell's state (`updateConfigurationUsingState`, then the script's
/// `configurationUpdateHandler`), run before the cell is laid out or measured.
struct CellConfigurations {
    private(set) var contentView: ListContentView?
    private(set) var backgroundView: BackgroundConfigurationView?
    /// `function(cell, state)`.
    var updateHandler: ScriptBlock?
    var automaticallyUpdatesContent = true
    var automaticallyUpdatesBackground = true
    /// Set by `setNeedsUpdateConfiguration` and by state changes; a new cell starts with it.
    var needsUpdate = true

    var content: ListContentConfiguration? { contentView?.configuration }
    var background: BackgroundConfiguration? { backgroundView?.configuration }

    /// Shows a copy of `configuration` in `cell`'s content view, or takes the content away.
    mutating func setContent(_ configuration: ListContentConfiguration?, in cell: ConfigurableCell) {
        guard let configuration = configuration?.copy() else {
            contentView?.removeFromSuperview()
            contentView = nil
            return
        }
        if let contentView {
            contentView.apply(configuration)
            return
        }
        let view = ListContentView(configuration: configuration)
        view.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        view.place(CGRect(origin: .zero, size: cell.contentView.bounds.size))
        try? cell.contentView.addSubview(view)  // a new view is nobody's ancestor: cannot fail
        contentView = view
    }

    /// Shows a copy of `configuration` behind `cell`'s content, or takes it away.
    static func setBackground(_ configuration: BackgroundConfiguration?, of cell: ConfigurableCell) throws {
        cell.configurations.setBackground(configuration?.copy())
        try cell.showBackgrounds()
    }

    private mutating func setBackground(_ configuration: BackgroundConfiguration?) {
        if let configuration {
            if let backgroundView {
                backgroundView.configuration = configuration
            } else {
                backgroundView = BackgroundConfigurationView(configuration: configuration)
            }
        } else {
            backgroundView?.removeFromSuperview()
            backgroundView = nil
        }
    }

    /// Runs the update if one is pending: the script's `updateConfigurationUsingState`, or the
    /// configurations updated for the state where the cell updates them automatically; then
    /// the script's handler.
    static func updateIfNeeded(_ cell: ConfigurableCell) throws {
        guard cell.configurations.needsUpdate else { return }
        cell.configurations.needsUpdate = false
        let state = cell.configurationState
        if try !cell.runOverride("updateConfigurationUsingState", state) {
            try updateAutomatically(cell, for: state)
        }
        if let handler = cell.configurations.updateHandler {
            try cell.bridge?.call(handler, cell as View, state)
        }
    }

    /// The pending update as a layout pass runs it: an error is reported, and the cell is laid
    /// out with what it has.
    static func updateBeforeLayout(_ cell: ConfigurableCell) {
        do { try updateIfNeeded(cell) } catch {
            cell.bridge?.report(error, during: "updating the configuration of a \(type(of: cell)) cell")
        }
    }

    static func updateAutomatically(_ cell: ConfigurableCell, for state: CellConfigurationState) throws {
        if cell.configurations.automaticallyUpdatesContent, let content = cell.configurations.content {
            cell.configurations.contentView?.apply(content.updated(for: state))
        }
        if cell.configurations.automaticallyUpdatesBackground,
            let background = cell.configurations.background ?? cell.defaultBackgroundConfiguration
        {
            try setBackground(background.updated(for: state), of: cell)
        }
    }

    /// Marks the cell for an update before its next layout.
    static func setNeedsUpdate(_ cell: ConfigurableCell) {
        cell.configurations.needsUpdate = true
        cell.setNeedsLayout()
    }
}
