import Foundation
import StrataCore
import StrataRender

/// CAReplicatorLayer (in progress).
struct ReplicatorLayerContent: LayerKindContent {}
