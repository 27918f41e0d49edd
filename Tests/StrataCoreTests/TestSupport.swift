import Foundation
import Testing
import StrataCore

// Shared helpers for the StrataCore tests.

/// Largest absolute element difference between two transforms.
func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(a.elements, b.elements).map { abs(Double($0) - Double($1)) }.max() ?? 0
}

/// Whether two transforms agree element-wise within `tolerance`.
func isClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    maxDifference(a, b) <= tolerance
}

func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: Double = 1e-9) -> Bool {
    abs(Double(a) - Double(b)) <= tolerance
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func isClose(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

func isClose(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance)
        && isClose(a.size.width, b.size.width, tolerance) && isClose(a.size.height, b.size.height, tolerance)
}

/// Transforms a 3-D point as a row vector, p' = p · M, with the homogeneous divide. Implemented through
/// matrix multiplication (the translation row of T(p) · M is p · M) so it does not rely on `apply(to:)`.
func transformPoint(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat, by m: Transform3D) -> (x: Double, y: Double, z: Double) {
    let r = Transform3D.translation(x, y, z) * m
    let w = Double(r.m44)
    return (Double(r.m41) / w, Double(r.m42) / w, Double(r.m43) / w)
}

/// The scalar inside an `AnimatableValue.scalar`, or nil.
func scalar(_ v: AnimatableValue?) -> Double? {
    if case let .scalar(s)? = v { return Double(s) }
    return nil
}

func point(_ v: AnimatableValue?) -> CGPoint? {
    if case let .point(p)? = v { return p }
    return nil
}

func transform(_ v: AnimatableValue?) -> Transform3D? {
    if case let .transform(t)? = v { return t }
    return nil
}
