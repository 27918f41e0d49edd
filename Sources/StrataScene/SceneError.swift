/// A scene file problem, naming the layer and key where there is one.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
