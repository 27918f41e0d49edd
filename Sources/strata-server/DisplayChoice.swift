import Foundation
import Logging
import StrataConfig
import StrataDisplay
import StrataKMS
import StrataKMSDevice
import StrataProtocol
import StrataServer

/// Which display the server drives: `headless`, `kms`, or `auto` (kms when a DRM card has a connected
/// output, else headless). The kms backend opens its card through a seat manager when one answers, else
/// directly, and drives its outputs through `KMSDisplays`. Choosing (`plan`) comes before the socket and
/// loads no GL; making the display (EGL, surfaces) comes after, while `ClientLobby` greets clients.
enum DisplayChoice {
    /// The display chosen, before its GL set-up: the outputs it will light (as clients are told of
    /// them) and how to make it. The kms backend's card is open and its outputs chosen already.
    struct Planned {
        var outputs: [OutputInfo]
        var isKMS: Bool
        /// The seat the card was opened through (libinput opens its devices through the same one:
        /// libseat allows one per process).
        var seat: SeatSession?
        var make: () throws -> DisplaySet
    }

    static func plan(_ settings: ServerConfig, logger: Logger) throws -> Planned {
        switch settings.backend {
        case .headless:
            return headlessPlan(settings)
        case .kms:
            if let path = settings.drmDevice { return try kms(path, settings, logger: logger) }
            let discovery = DRMDeviceDiscovery()
            let found = discovery.firstWithConnectedOutput()
            for problem in found.problems { logger.warning("kms: skipping \(problem)") }
            // No output connected yet is fine: the server runs dark until one is plugged in.
            guard let path = found.path ?? discovery.cards().first else {
                throw DisplayError("backend kms: no DRM card in \(discovery.directory) (set drm-device, or use backend headless)")
            }
            return try kms(path, settings, logger: logger)
        case .auto:
            if let path = settings.drmDevice { return try kms(path, settings, logger: logger) }
            let found = DRMDeviceDiscovery().firstWithConnectedOutput()
            for problem in found.problems { logger.info("backend auto: skipping \(problem)") }
            guard let path = found.path else {
                logger.info("backend auto: no DRM card with a connected output; rendering headless")
                return headlessPlan(settings)
            }
            return try kms(path, settings, logger: logger)
        }
    }

    private static func headlessPlan(_ settings: ServerConfig) -> Planned {
        Planned(outputs: [OutputInfo(name: HeadlessDisplay.outputName, width: settings.size.width, height: settings.size.height,
                                     refreshInterval: 1 / settings.refresh, scale: settings.scale, safeAreaInsets: settings.safeAreaInsets)],
                isKMS: false, seat: nil, make: { try headless(settings) })
    }

    static func headless(_ settings: ServerConfig) throws -> DisplaySet {
        try HeadlessDisplay(width: settings.size.width, height: settings.size.height, refreshRate: settings.refresh)
    }

    static func kms(_ path: String, _ settings: ServerConfig, logger: Logger) throws -> Planned {
        let device = try LibDRMDevice.open(path: path)
        for note in device.notes { logger.info("kms: \(note)", metadata: ["device": "\(path)"]) }
        let controller = try KMSOutputController(device: device, requests: requests(settings.outputs))
        for problem in controller.problems { logger.warning("kms: \(problem)") }
        let order = settings.outputs.map(\.name)
        let outputs = try KMSDisplays.lit(controller, order: order).map { lit in
            let section = settings.outputs.first { $0.name == lit.name }
            let info = OutputInfo(name: lit.name, width: lit.logicalSize.width, height: lit.logicalSize.height, refreshInterval: lit.mode.interval,
                                  scale: section.map { $0.autoScale ? lit.panelScale : $0.scale } ?? 1,
                                  safeAreaInsets: section?.safeAreaInsets ?? .zero)
            try checkSafeArea(info, section: section)
            return info
        }
        return Planned(outputs: outputs, isKMS: true, seat: device.seat, make: {
            let displays = try KMSDisplays(controller: controller, surfaces: try GBMScanout(drmFD: device.fd), order: order)
            logger.info("kms backend", metadata: ["device": "\(path)", "outputs": "\(displays.summary)"])
            return displays
        })
    }

    /// An `[output NAME] safe-area-insets` that covers the whole of the output's mode on an axis stops the
    /// server, naming the setting where it was written.
    static func checkSafeArea(_ info: OutputInfo, section: OutputConfig?) throws {
        let width = Double(info.width) / info.scale, height = Double(info.height) / info.scale
        guard let section, !info.safeAreaInsets.leavesRoom(width: width, height: height) else { return }
        throw DisplayError("\(section.origin): [output \(info.name)] safe-area-insets \(info.safeAreaInsets) leave no safe area on its "
            + "\(String(format: "%g", width)) × \(String(format: "%g", height))-point layer space: left + right must be below the width "
            + "and top + bottom below the height")
    }

    /// The `[output NAME]` sections as the output logic's requests, kept by connector name.
    static func requests(_ outputs: [OutputConfig]) -> [String: OutputRequest] {
        Dictionary(outputs.map { o in
            (o.name, OutputRequest(mode: o.mode.map { OutputRequest.Mode(width: $0.width, height: $0.height, refreshHz: $0.refresh) },
                                   rotation: o.rotation.rawValue))
        }, uniquingKeysWith: { first, _ in first })
    }
}
