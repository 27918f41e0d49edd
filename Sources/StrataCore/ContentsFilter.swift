import Foundation

/// CALayer's minificationFilter / magnificationFilter (CALayerContentsFilter): how contents pixels are
/// sampled when drawn smaller or larger than they are. Trilinear also blends between mipmap levels
/// when minifying (as magnification filter it acts as linear).
public enum ContentsFilter: UInt8, NamedCases {
    case linear = 0, nearest, trilinear

    public var name: String {
        switch self {
        case .linear: "linear"
        case .nearest: "nearest"
        case .trilinear: "trilinear"
        }
    }
}
