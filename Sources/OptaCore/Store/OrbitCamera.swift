import Foundation

/// The 3D view of a surface: a perspective camera on a sphere around `target`. Yaw turns it about
/// `up`, pitch raises it (clamped short of the poles), distance is the sphere's radius.
public struct OrbitCamera: Sendable, Equatable {
    public var target: SIMD3<Double>
    public var distance: Double
    /// Azimuth about `up` in degrees, 0 along the first horizontal axis (x when up is z).
    public var yawDegrees: Double
    /// Elevation above the horizontal plane in degrees.
    public var pitchDegrees: Double
    /// Vertical field of view in degrees.
    public var fovDegrees: Double
    public var up: SIMD3<Double>

    public static let pitchLimit = 89.0
    public static let distanceRange: ClosedRange<Double> = 1e-3...1e6

    public init(target: SIMD3<Double>, distance: Double, yawDegrees: Double, pitchDegrees: Double,
                fovDegrees: Double = 45, up: SIMD3<Double> = SIMD3(0, 0, 1)) {
        self.target = target
        self.distance = distance
        self.yawDegrees = yawDegrees
        self.pitchDegrees = min(max(pitchDegrees, -Self.pitchLimit), Self.pitchLimit)
        self.fovDegrees = fovDegrees
        self.up = up
    }

    /// The orbit that puts the eye at `eye`, looking at `target`.
    public init(eye: SIMD3<Double>, target: SIMD3<Double>, up: SIMD3<Double> = SIMD3(0, 0, 1), fovDegrees: Double = 45) {
        let u = Self.normalized(up)
        let (e1, e2) = Self.horizontalAxes(up: u)
        let d = eye - target
        let distance = max((d * d).sum().squareRoot(), Self.distanceRange.lowerBound)
        let yaw = atan2((d * e2).sum(), (d * e1).sum()) * 180 / .pi
        let pitch = asin(min(1, max(-1, (d * u).sum() / distance))) * 180 / .pi
        self.init(target: target, distance: distance, yawDegrees: yaw, pitchDegrees: pitch, fovDegrees: fovDegrees, up: u)
    }

    /// Where the camera is.
    public var eye: SIMD3<Double> {
        let u = Self.normalized(up)
        let (e1, e2) = Self.horizontalAxes(up: u)
        let yaw = yawDegrees * .pi / 180, pitch = pitchDegrees * .pi / 180
        return target + distance * (cos(pitch) * cos(yaw) * e1 + cos(pitch) * sin(yaw) * e2 + sin(pitch) * u)
    }

    /// Turned by `yaw` degrees about `up` and raised by `pitch` degrees.
    public func orbited(yaw: Double, pitch: Double) -> OrbitCamera {
        guard yaw.isFinite, pitch.isFinite else { return self }
        var next = self
        next.yawDegrees = (yawDegrees + yaw).truncatingRemainder(dividingBy: 360)
        next.pitchDegrees = min(max(pitchDegrees + pitch, -Self.pitchLimit), Self.pitchLimit)
        return next
    }

    /// Closer by `factor` (2 halves the distance).
    public func zoomed(by factor: Double) -> OrbitCamera {
        guard factor.isFinite, factor > 0 else { return self }
        var next = self
        next.distance = min(max(distance / factor, Self.distanceRange.lowerBound), Self.distanceRange.upperBound)
        return next
    }

    /// The target moved by a fraction of the view (x right, y up on screen), in units of the distance.
    public func panned(by fraction: SIMD2<Double>) -> OrbitCamera {
        let frame = viewAxes
        var next = self
        next.target -= (frame.right * fraction.x + frame.up * fraction.y) * distance
        return next
    }

    /// The camera's right, up and forward directions.
    public var viewAxes: (right: SIMD3<Double>, up: SIMD3<Double>, forward: SIMD3<Double>) {
        let f = Self.normalized(target - eye)
        let r = Self.normalized(Self.cross(f, Self.normalized(up)))
        return (r, Self.cross(r, f), f)
    }

    /// Rows of the view-projection matrix (OpenGL conventions: clip w is the distance in front of
    /// the eye) for a frame of aspect ratio `aspect` = width / height.
    public func viewProjection(aspect: Double, near: Double, far: Double) -> [SIMD4<Double>] {
        let (r, u, f) = viewAxes
        let e = eye
        let focal = 1 / tan(fovDegrees * .pi / 360)
        let view: [SIMD4<Double>] = [
            SIMD4(r.x, r.y, r.z, -(r * e).sum()),
            SIMD4(u.x, u.y, u.z, -(u * e).sum()),
            SIMD4(-f.x, -f.y, -f.z, (f * e).sum()),
        ]
        let a = (far + near) / (near - far), b = 2 * far * near / (near - far)
        return [view[0] * (focal / aspect), view[1] * focal, view[2] * a + SIMD4(0, 0, 0, b), -view[2]]
    }

    static func horizontalAxes(up u: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
        let x = SIMD3<Double>(1, 0, 0), y = SIMD3<Double>(0, 1, 0)
        let seed = abs(u.x) < 0.9 ? x : y
        let e1 = normalized(seed - (seed * u).sum() * u)
        return (e1, cross(u, e1))
    }

    static func normalized(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let n = (v * v).sum().squareRoot()
        return n > 0 ? v / n : SIMD3(0, 0, 1)
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
