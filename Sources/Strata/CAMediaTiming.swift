import Foundation

/// Core Animation's timing protocol: layers, animations and emitter cells share these properties (their
/// meanings are in docs/animation.md), and code generic over them takes `some CAMediaTiming`.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CALayer: CAMediaTiming {}
extension CAAnimation: CAMediaTiming {}
extension CAEmitterCell: CAMediaTiming {}
