import Foundation
import ObjectBridge

extension TableNode {
    /// Scripts' view of `ASTableNode`.
    enum Script {
        static func nodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASTableNode", superclass: "ASDisplayNode", type: TableNode.self,
                allocate: { environment.liveNodes.track(TableNode(environment: environment)) }
            ) { c in
                c.method("initWithStyle", overridable: true) { (node: TableNode, style: Int) -> TableNode in
                    guard style == 0 || style == 1 else { throw ScriptValueError("\(style) is not a UITableViewStyle") }
                    node.tableStyle = style
                    return node
                }
                ListNode.Script.listMembers(
                    c, names: .table, list: { try $0.tableView() },
                    visiblePaths: { ($0.loadedView as? TableView).map { Array($0.visibleCells.keys) } ?? [] })
                TableView.Script.updateMethods(c) { try $0.tableView() }
                TableView.Script.rowMethods(c) { try $0.tableView() }
            }
        }
    }
}

extension TableNode.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nodeClass(environment)] }

    static var worldProtocols: [ProtocolDescription] {
        let names = ListNode.Names.table
        return [
            ProtocolDescription(
                names.dataSourceProtocol,
                optional: [
                    names.numberOfSectionsMethod, names.numberOfElementsMethod, names.nodeMethod, names.nodeBlockMethod,
                ]),
            ProtocolDescription(
                names.delegateProtocol,
                optional: [
                    names.constrainedSizeMethod, names.didSelectMethod, names.didDeselectMethod,
                    names.shouldBatchFetchMethod, names.willBeginBatchFetchMethod,
                ]),
        ]
    }
}
