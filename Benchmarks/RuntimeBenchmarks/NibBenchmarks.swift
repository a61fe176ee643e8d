import BenchWorkloads
import Benchmark
import Foundation
import HeadlessUI

/// Rows of the 200-view document: each is a view holding a label, a second label, an image
/// view and a switch (five views), 40 of them in a root view.
private let nibRows = 40

/// The 200-view document, as Xcode writes it: frames, masks, fonts, colours and text.
private func nibDocument() -> String {
    var rows = ""
    for row in 0..<nibRows {
        let y = row * 50
        rows += """
                        <view contentMode="scaleToFill" id="row-\(row)">
                            <rect key="frame" x="0" y="\(y)" width="375" height="50"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                            <subviews>
                                <label text="Title \(row)" textAlignment="natural" lineBreakMode="tailTruncation" id="title-\(row)">
                                    <rect key="frame" x="60" y="4" width="200" height="22"/>
                                    <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                                    <color key="textColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                </label>
                                <label text="Detail" id="detail-\(row)">
                                    <rect key="frame" x="60" y="28" width="200" height="18"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="13"/>
                                    <color key="textColor" red="0.5" green="0.5" blue="0.5" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                </label>
                                <imageView contentMode="scaleAspectFit" tag="\(row)" id="image-\(row)">
                                    <rect key="frame" x="8" y="5" width="40" height="40"/>
                                </imageView>
                                <switch on="YES" id="switch-\(row)">
                                    <rect key="frame" x="310" y="10" width="51" height="31"/>
                                </switch>
                            </subviews>
                            <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        </view>

            """
    }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0" y="0" width="375" height="2000"/>
                    <subviews>
        \(rows)
                    </subviews>
                </view>
            </objects>
        </document>
        """
}

/// The same tree, built by Lua code with the same properties.
private let luaTree = """
    local UIView, UILabel, UIImageView, UISwitch, UIFont, UIColor = objc.UIView, objc.UILabel, objc.UIImageView,
        objc.UISwitch, objc.UIFont, objc.UIColor
    local root = UIView:newWithFrame(struct.CGRect(0, 0, 375, 2000))
    for row = 0, \(nibRows - 1) do
        local view = UIView:newWithFrame(struct.CGRect(0, row * 50, 375, 50))
        view.autoresizingMask = 2 + 32
        view.backgroundColor = UIColor:colorWithWhite_alpha(1, 1)
        local title = UILabel:newWithFrame(struct.CGRect(60, 4, 200, 22))
        title.text = "Title " .. row
        title.textAlignment = 4
        title.font = UIFont:boldSystemFontOfSize(17)
        title.textColor = UIColor:colorWithWhite_alpha(0, 1)
        view:addSubview(title)
        local detail = UILabel:newWithFrame(struct.CGRect(60, 28, 200, 18))
        detail.text = "Detail"
        detail.font = UIFont:systemFontOfSize(13)
        detail.textColor = UIColor:colorWithRed_green_blue_alpha(0.5, 0.5, 0.5, 1)
        view:addSubview(detail)
        local image = UIImageView:newWithFrame(struct.CGRect(8, 5, 40, 40))
        image.contentMode = 1
        image.tag = row
        view:addSubview(image)
        local switch = UISwitch:newWithFrame(struct.CGRect(310, 10, 51, 31))
        switch.on = true
        view:addSubview(switch)
        root:addSubview(view)
    end
    return root
    """

/// A world whose program holds the document as `Rows.xib`, and `nib`, the `UINib` read from it
/// and instantiated once (the first instantiation also checks the document for what Rebound
/// does not know).
private func makeNibWorld() throws -> UIWorld {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-nib-bench")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(nibDocument().utf8).write(to: folder.appendingPathComponent("Rows.xib"))
    let world = try UIWorld(options: unlimited)
    world.useProgramFiles(
        ProgramFiles(root: folder, identifier: nil) { name in
            let file = folder.appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: file.path) ? file : nil
        })
    try world.bridge.state.run(
        "nib = objc.UINib:nibWithNibName_bundle('Rows', nil) nib:instantiateWithOwner_options(nil, nil)",
        chunkName: "=nib")
    return world
}

let nibBenchmarks: @Sendable () -> Void = {
    Benchmark("nib: instantiating a 200-view xib") { benchmark in
        try measureLua(benchmark, "return nib:instantiateWithOwner_options(nil, nil)", in: makeNibWorld)
    }
    Benchmark("nib: building the same 200 views in Lua") { benchmark in
        try measureLua(benchmark, luaTree, in: makeNibWorld)
    }
}
