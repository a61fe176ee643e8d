local Ring = class.createClass("Ring", objc.UIViewController)

function Ring:viewDidLoad()
    self[Ring.superclass]:viewDidLoad()
    self.view.backgroundColor = objc.UIColor.whiteColor
    local path = objc.UIBezierPath:bezierPathWithArcCenter_radius_startAngle_endAngle_clockwise(
        struct.CGPoint(100, 100), 80, -math.pi / 2, 3 * math.pi / 2, true)
    local track = objc.CAShapeLayer:layer()
    track.path = path.CGPath
    track.strokeColor = objc.UIColor:colorWithWhite_alpha(0.9, 1).CGColor
    track.fillColor = nil
    track.lineWidth = 16
    local ring = objc.CAShapeLayer:layer()
    ring.path = path.CGPath
    ring.strokeColor = objc.UIColor.systemBlueColor.CGColor
    ring.fillColor = nil
    ring.lineWidth = 16
    ring.lineCap = "round"
    local holder = objc.UIView:newWithFrame(struct.CGRect(87.5, 200, 200, 200))
    holder.layer:addSublayer(track)
    holder.layer:addSublayer(ring)
    self.view:addSubview(holder)
    local label = objc.UILabel:newWithFrame(struct.CGRect(0, 85, 200, 30))
    label.text = "Loading"
    label.textAlignment = 1
    holder:addSubview(label)
    local grow = objc.CABasicAnimation:animationWithKeyPath("strokeEnd")
    grow.fromValue = 0
    grow.toValue = 1
    grow.duration = 1
    ring:addAnimation_forKey(grow, "grow")
    self.ring = ring
end

return Ring
