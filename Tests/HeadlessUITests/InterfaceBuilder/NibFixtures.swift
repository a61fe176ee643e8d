import Foundation
import HeadlessUI

/// A program folder of documents written by hand in Xcode's format, given to a test world.
struct NibFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nibs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// A world on `profile` that runs this folder as its program.
    func world(profile: DeviceProfile = .phone) throws -> TestWorld {
        let t = try TestWorld(profile: profile)
        let root = url
        t.world.useProgramFiles(
            ProgramFiles(root: root, identifier: nil) { name in
                let file = root.appendingPathComponent(name)
                return FileManager.default.fileExists(atPath: file.path) ? file : nil
            })
        return t
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A xib document around `objects` (File's Owner of `owner`, First Responder, then them).
    static func xib(owner: String = "NSObject", ownerConnections: String = "", _ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21679"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(owner)">
                    <connections>
        \(ownerConnections)
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(objects)
            </objects>
        </document>
        """
    }
}
