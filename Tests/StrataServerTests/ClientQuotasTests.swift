import StrataConfig
import StrataCore
import StrataProtocol
@testable import StrataServer
import Testing

@Suite struct ClientQuotasTests {
    /// docs/security.md states the bound for the default quotas; it must stay what the defaults give.
    @Test func theDefaultMemoryBoundIsTheDocumentedOne() {
        #expect(ClientQuotas().memoryBound >> 20 == 594)
    }

    /// The bound's factor for decoded commits holds for the array of operations: a case with a large
    /// payload left unboxed would make each operation hundreds of bytes (it was 336).
    @Test func decodedOperationsStayWithinTheFactor() {
        let smallestEncoding = 9 // an operation code and a layer id
        #expect(MemoryLayout<LayerOperation>.stride <= ClientQuotas.decodedBytesPerWireByte * smallestEncoding / 2)
    }

    /// The configuration's defaults (StrataConfig cannot see StrataServer) are the quotas' defaults.
    @Test func theConfigurationDefaultsAreTheQuotasDefaults() {
        let c = ServerConfig(), q = ClientQuotas()
        #expect(c.clientMaxLayers == q.layers && c.clientMaxAnimations == q.animations && c.clientModelBytes == q.modelBytes)
        #expect(c.clientMaxParticles == q.particles)
        #expect(c.clientImageBytes == q.imageBytes && c.clientSharedMemory == q.sharedMemoryBytes)
        #expect(c.clientPendingCommits == q.pendingCommits && c.clientPendingBytes == q.pendingCommitBytes)
        #expect(c.clientOutputLimit == q.outputBytes)
    }
}
