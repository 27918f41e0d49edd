import Foundation

/// What the configuration asks of one connector: a mode (nil: the connector's preferred one) and a
/// rotation. Kept by connector name, so it applies again whenever that connector comes back.
public struct OutputRequest: Equatable, Sendable {
    public struct Mode: Equatable, Sendable {
        public var width: Int, height: Int
        /// nil: the highest rate the connector offers at this size.
        public var refreshHz: Double?
        public init(width: Int, height: Int, refreshHz: Double? = nil) { self.width = width; self.height = height; self.refreshHz = refreshHz }
    }
    public var mode: Mode?
    /// Degrees clockwise: 0, 90, 180 or 270.
    public var rotation: Int

    public init(mode: Mode? = nil, rotation: Int = 0) { self.mode = mode; self.rotation = rotation }
}

/// One lit output: which connector, CRTC, primary plane and mode drive it, and how it is rotated.
public struct OutputAssignment: Equatable, Sendable {
    public var connector: UInt32
    public var name: String
    public var crtc: UInt32
    public var plane: UInt32
    public var mode: DRMMode
    public var rotation: Int
    /// Whether the plane rotates in hardware; else the renderer draws rotated.
    public var hardwareRotation: Bool
    /// The scale its panel's density asks for (`PanelScale.automatic`): what `scale = auto` uses.
    public var panelScale: Double = 1

    public init(connector: UInt32, name: String, crtc: UInt32, plane: UInt32, mode: DRMMode, rotation: Int, hardwareRotation: Bool) {
        self.connector = connector; self.name = name; self.crtc = crtc; self.plane = plane; self.mode = mode
        self.rotation = rotation; self.hardwareRotation = hardwareRotation
    }

    /// The size of the output's layer space: the mode's, swapped for 90° and 270°.
    public var logicalSize: (width: Int, height: Int) {
        rotation % 180 == 0 ? (mode.width, mode.height) : (mode.height, mode.width)
    }
}

/// Chooses outputs for the connected connectors: a mode, a CRTC and a primary plane each. Pure: the
/// KMS backend calls it at start-up and after every hotplug, with the outputs it already drives, so an
/// output that stays connected keeps its CRTC.
public enum OutputSelection {
    public static func assign(_ resources: DRMResources, requests: [String: OutputRequest],
                              current: [OutputAssignment] = []) -> (outputs: [OutputAssignment], problems: [String]) {
        var outputs: [OutputAssignment] = [], problems: [String] = []
        var usedCRTCs = Set<UInt32>(), usedPlanes = Set<UInt32>()
        let connectors = resources.connectors.filter { $0.connected && !$0.modes.isEmpty }.sorted { $0.id < $1.id }
        // Outputs that were already lit claim their CRTC first, so a hotplug elsewhere never moves them.
        let ordered = connectors.sorted { a, b in
            let ka = current.contains { $0.connector == a.id }, kb = current.contains { $0.connector == b.id }
            return ka != kb ? ka : a.id < b.id
        }
        for connector in ordered {
            let request = requests[connector.name] ?? OutputRequest()
            let (mode, modeProblem) = chooseMode(connector, request.mode)
            if let modeProblem { problems.append(modeProblem) }
            let possible = resources.crtcs.enumerated().filter { connector.possibleCRTCs & (1 << UInt32($0.offset)) != 0 }
            let previous = current.first { $0.connector == connector.id }?.crtc
            let candidates = possible.filter { !usedCRTCs.contains($0.element) }
            guard let crtc = candidates.first(where: { $0.element == previous }) ?? candidates.first else {
                problems.append("\(connector.name): no free CRTC can drive it; left dark")
                continue
            }
            guard let plane = resources.planes.first(where: {
                $0.kind == .primary && $0.possibleCRTCs & (1 << UInt32(crtc.offset)) != 0 && !usedPlanes.contains($0.id)
            }) else {
                problems.append("\(connector.name): no primary plane for CRTC \(crtc.element); left dark")
                continue
            }
            usedCRTCs.insert(crtc.element)
            usedPlanes.insert(plane.id)
            var output = OutputAssignment(connector: connector.id, name: connector.name, crtc: crtc.element, plane: plane.id,
                                          mode: mode, rotation: request.rotation,
                                          hardwareRotation: request.rotation == 0 || plane.rotations.contains(request.rotation))
            output.panelScale = PanelScale.automatic(pixels: (mode.width, mode.height), millimetres: (connector.widthMM, connector.heightMM))
            outputs.append(output)
        }
        return (outputs.sorted { $0.connector < $1.connector }, problems)
    }

    /// The requested mode when the connector offers it (the highest matching rate when none is given),
    /// else the preferred mode (else the first listed), with a problem saying so.
    static func chooseMode(_ connector: DRMConnector, _ wanted: OutputRequest.Mode?) -> (DRMMode, String?) {
        let fallback = connector.modes.first(where: \.preferred) ?? connector.modes[0]
        guard let wanted else { return (fallback, nil) }
        let sized = connector.modes.filter { $0.width == wanted.width && $0.height == wanted.height }
        let matching = wanted.refreshHz.map { hz in sized.filter { abs(Double($0.refreshMilliHz) / 1000 - hz) < 0.5 } } ?? sized
        if let best = matching.max(by: { $0.refreshMilliHz < $1.refreshMilliHz }) { return (best, nil) }
        let asked = "\(wanted.width)x\(wanted.height)" + (wanted.refreshHz.map { "@\($0)" } ?? "")
        return (fallback, "\(connector.name): mode \(asked) is not offered; using \(fallback)")
    }
}
