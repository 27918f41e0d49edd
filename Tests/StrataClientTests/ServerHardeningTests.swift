import Foundation
import StrataCore
import StrataProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 11's crash, freeze and leak cases, each against a real server process with a witness client
/// whose tree must stay whole and a probe whose `stats` requests must be answered within 100 ms
/// throughout.
extension ClientProcessSuite {
    @Suite struct ServerHardeningTests {
        /// The longest the server may take to answer `stats` while attacked: 100 ms for a release build (the
        /// issue's bound). A debug build runs the same work about ten times slower; half a second still
        /// fails on any quadratic or unbounded step (removing 20,000 sublayers took seconds before).
        /// On the wall clock, as it bounds real answer times: a debug build measured at most 0.14 s on 2
        /// cores, idle or both busy with a CPU hog (2026-12-06), so 0.5 s keeps over 3× that.
        static let answerBudget = ServerProcess.binDirectory.path.contains("/release") ? 0.1 : 0.5

        /// Runs `attack` against a fresh server with a witness and a stats probe, then checks that the
        /// server still serves the witness, intact, and never took 100 ms to answer.
        /// `setup` runs before the probe starts (building a large legitimate tree takes the time it takes).
        func underAttack<T>(arguments: [String] = [], setup: (ServerProcess) throws -> T, _ attack: (ServerProcess, T) throws -> Void) throws {
            let server = try ServerProcess(arguments: arguments)
            defer { _ = server.stop() }
            let witness = try Witness(server)
            #expect(eventually { witness.isIntact })
            let prepared = try setup(server)
            let probe = try StatsProbe(server)
            try attack(server, prepared)
            let (slowest, answered, failures) = probe.finish()
            #expect(server.process.isRunning, "the server must survive")
            #expect(failures.isEmpty)
            #expect(answered > 0)
            #expect(slowest < Self.answerBudget, "stats took \(slowest) s to answer")
            #expect(witness.isIntact)
        }

        func underAttack(arguments: [String] = [], _ attack: (ServerProcess) throws -> Void) throws {
            try underAttack(arguments: arguments, setup: { _ in () }) { server, _ in try attack(server) }
        }

        @Test func aMaskCycleIsRefused() throws {
            try underAttack { server in
                let s = try RawSession(server)
                // Layer 1 masks 2, then 2 would mask 1.
                try s.commit([.createLayer(1), .createLayer(2), .setMask(2, mask: 1), .setMask(1, mask: 2)])
                let reason = s.endingError()
                #expect(reason?.contains("operation 3 setMask: 2 as the mask of 1") == true, "\(reason ?? "no error")")
                #expect(reason?.contains("cycle") == true)
            }
        }

        @Test func aLayerUnderItsOwnMaskIsRefused() throws {
            try underAttack { server in
                let s = try RawSession(server)
                try s.commit([.createLayer(1), .createLayer(2), .setMask(1, mask: 2), .insertSublayer(parent: 2, child: 1, index: 0)])
                let reason = s.endingError()
                #expect(reason?.contains("insertSublayer: 1 under 2") == true && reason?.contains("cycle") == true, "\(reason ?? "no error")")
                // A mask's own sublayer masking upwards: 3 under mask 2, and 3 masks 1's mask holder.
                let t = try RawSession(server)
                try t.commit([.createLayer(1), .createLayer(2), .createLayer(3), .setMask(1, mask: 2),
                              .insertSublayer(parent: 2, child: 3, index: 0), .setMask(3, mask: 1)])
                #expect(t.endingError()?.contains("cycle") == true)
            }
        }

        @Test func chainsPastTheNestingLimitAreRefusedAndTheLimitItselfDraws() throws {
            let limit = 128
            try underAttack { server in
                // 272 nested layers crashed the server; now the 129th link is refused, naming the limit.
                let s = try RawSession(server)
                let ops = creates(1...272) + chain(1...272)
                try s.commit(ops)
                let reason = s.endingError()
                #expect(reason?.contains("operation \(272 + limit - 1) insertSublayer: \(limit + 1) under \(limit)") == true, "\(reason ?? "no error")")
                #expect(reason?.contains("nest \(limit + 1) layers (sublayers and masks); the limit is \(limit)") == true)
                // 10,000 masks in a chain: refused at the same depth.
                let m = try RawSession(server)
                let masks: [LayerOperation] = (1..<LayerID(10_000)).map { .setMask($0, mask: $0 + 1) }
                try m.commit(creates(1...10_000) + masks)
                #expect(m.endingError()?.contains("the limit is \(limit)") == true)
                // Joining two chains that fit alone is refused too: the check sees the subtree's height.
                let j = try RawSession(server)
                try j.commit(creates(1...200) + chain(1...100) + chain(101...200) + [.insertSublayer(parent: 100, child: 101, index: 0)])
                #expect(j.endingError()?.contains("nest 200 layers") == true)

                // Exactly the limit, animated at the bottom and masked half way, is evaluated and drawn.
                let ok = try RawSession(server)
                let deepest = LayerID(limit - 1)
                var build = creates(1...LayerID(limit)) + chain(1...LayerID(limit - 1))
                build += [.setMask(64, mask: LayerID(limit)),
                          .setProperty(64, .bounds, .rect(CGRect(x: 0, y: 0, width: 160, height: 120))),
                          .setProperty(64, .position, .point(CGPoint(x: 80, y: 60))),
                          .setProperty(LayerID(limit), .bounds, .rect(CGRect(x: 0, y: 0, width: 200, height: 200))),
                          .setProperty(LayerID(limit), .position, .point(CGPoint(x: 100, y: 100))),
                          .setProperty(LayerID(limit), .backgroundColor, .color(Color(red: 0, green: 0, blue: 0, alpha: 1))),
                          .setProperty(deepest, .bounds, .rect(CGRect(x: 0, y: 0, width: 10, height: 10))),
                          .setProperty(deepest, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1))),
                          .setProperty(deepest, .position, .point(CGPoint(x: 100, y: 60))),
                          .addAnimation(deepest, key: "spin", AnimationSpec(keyPath: LayerKeyPath(property: .opacity),
                                                                            kind: .basic(from: .scalar(0.5), to: .scalar(1), by: nil),
                                                                            timing: { var t = MediaTiming(); t.duration = 100; t.beginTime = MonotonicClock.now(); return t }())),
                          .attachRoot(1)]
                try ok.commit(build)
                #expect(eventually { (try? ok.layerCount()) == limit })
                #expect(eventually {
                    guard let shot = try? server.snapshot() else { return false }
                    let p = pixel(shot.pixels, width: shot.width, 100, 60)
                    return p.channels[0] > 100 && p.channels[1] == 0
                }, "the deepest layer is drawn")
                #expect(ok.endingError(within: 0.2) == nil)
            }
        }

        @Test func onlySealedMemfdsAreAccepted() throws {
            try underAttack { server in
                // Unsealed: the client could shrink it under the server's mapping (SIGBUS when drawn).
                let unsealed = try SharedPixelBuffer(byteCount: 16 * 16 * 4)
                let a = try RawSession(server)
                try a.commit([.createLayer(1), .defineImage(1, width: 16, height: 16, fdIndex: 0), .setContents(1, 1), .attachRoot(1)], fds: [unsealed.fd])
                _ = ftruncate(unsealed.fd, 0)
                let reason = a.endingError()
                #expect(reason?.contains("transaction 1: descriptor 0: shared buffer is a memfd not sealed against shrink, grow") == true, "\(reason ?? "no error")")

                // A regular file, shrunk afterwards.
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-image-\(getpid())").path
                FileManager.default.createFile(atPath: path, contents: Data(count: 16 * 16 * 4))
                defer { unlink(path) }
                let file = open(path, O_RDWR)
                defer { close(file) }
                let b = try RawSession(server)
                try b.commit([.createLayer(1), .defineImage(1, width: 16, height: 16, fdIndex: 0), .attachRoot(1)], fds: [file])
                _ = ftruncate(file, 0)
                #expect(b.endingError()?.contains("shared buffer is a regular file, not a sealed memfd") == true)

                // A pipe.
                var ends: [Int32] = [0, 0]
                _ = pipe(&ends)
                defer { close(ends[0]); close(ends[1]) }
                let c = try RawSession(server)
                try c.commit([.createLayer(1), .updateImage(1, x: 0, y: 0, width: 1, height: 1, fdIndex: 0)], fds: [ends[0]])
                #expect(c.endingError()?.contains("shared buffer is a pipe") == true)

                // Sealed is fine, and shown.
                let sealed = try SharedPixelBuffer(byteCount: 16 * 16 * 4)
                sealed.write([UInt8](repeating: 255, count: 16 * 16 * 4))
                sealed.seal()
                let d = try RawSession(server)
                try d.commit([.createLayer(1), .setProperty(1, .bounds, .rect(CGRect(x: 0, y: 0, width: 16, height: 16))),
                              .setProperty(1, .position, .point(CGPoint(x: 100, y: 100))),
                              .defineImage(1, width: 16, height: 16, fdIndex: 0), .setContents(1, 1), .attachRoot(1)], fds: [sealed.fd])
                #expect(eventually { (try? server.snapshot()).map { pixel($0.pixels, width: $0.width, 100, 100) == [255, 255, 255, 255] } ?? false })
            }
        }

        /// A reusable buffer (sealed against shrinking and growing only) feeds updates, never an image's own
        /// pixels, and every read from it stays inside it.
        @Test func reusableBuffersAreCheckedBeforeAnyPixelIsRead() throws {
            try underAttack { server in
                let reusable = try SharedPixelBuffer(reusableByteCount: 16 * 16 * 4)
                let a = try RawSession(server)
                try a.commit([.createLayer(1), .defineImage(1, width: 16, height: 16, fdIndex: 0)], fds: [reusable.fd])
                #expect(a.endingError()?.contains("defineImage: fd index 0 is a memfd not sealed against writing (only defineBuffer takes one)") == true)

                let image = try SharedPixelBuffer(byteCount: 16 * 16 * 4)
                image.seal()
                let b = try RawSession(server)
                try b.commit([.defineImage(1, width: 16, height: 16, fdIndex: 0), .defineBuffer(7, fdIndex: 1),
                              .updateImageFromBuffer(1, x: 0, y: 0, width: 16, height: 16, buffer: 7, offset: 4)],
                             fds: [image.fd, reusable.fd])
                #expect(b.endingError()?.contains("updateImageFromBuffer: 1024 bytes at offset 4 run past the buffer's 1024") == true)

                let c = try RawSession(server)
                try c.commit([.defineImage(1, width: 16, height: 16, fdIndex: 0), .updateImageFromBuffer(1, x: 0, y: 0, width: 1, height: 1, buffer: 9, offset: 0)],
                             fds: [image.fd])
                #expect(c.endingError()?.contains("updateImageFromBuffer: unknown buffer id 9") == true)
            }
        }

        @Test func removingEverySublayerOfAWideParentIsQuick() throws {
            let n = 10_000 // the issue measured 1.4 s of frozen server for this many
            try underAttack(setup: { server in
                let s = try RawSession(server)
                try s.commit(creates(1...LayerID(n)) + (2...LayerID(n)).map { .insertSublayer(parent: 1, child: $0, index: 0) })
                #expect(eventually { (try? s.layerCount()) == n })
                return s
            }) { server, s in
                // Last inserted first: each removal took the whole array's time before.
                try s.commit((2...LayerID(n)).reversed().map { .removeFromSuperlayer($0) })
                try s.commit((2...LayerID(n)).map { .insertSublayer(parent: 1, child: $0, index: 0) })
                try s.commit((2...LayerID(n)).map { .removeFromSuperlayer($0) })
                #expect(eventually { (try? s.layerCount()) == n })
            }
        }

        @Test func aLayerCarriesAtMost1024AnimationsAndTheyFinishTogetherCheaply() throws {
            try underAttack { server in
                let s = try RawSession(server)
                var t = MediaTiming()
                t.duration = 0.2
                t.beginTime = MonotonicClock.now()
                let fade = AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(0), to: .scalar(1), by: nil), timing: t)
                // 1024 on one layer, all ending in the same frame: removed in one pass.
                try s.commit(rootSquare(1, side: 10, center: CGPoint(x: 100, y: 100), color: Color(red: 1, green: 1, blue: 1, alpha: 1))
                             + (0..<1024).map { .addAnimation(1, key: "a\($0)", fade) })
                usleep(500_000) // they end together
                #expect(s.endingError(within: 0.1) == nil)
                try s.commit([.addAnimation(1, key: "b", fade)] + (0..<1024).map { .addAnimation(1, key: "c\($0)", fade) })
                let reason = s.endingError()
                #expect(reason?.contains("operation 1024 addAnimation: layer 1 has 1024 animations, the most one layer may carry") == true, "\(reason ?? "no error")")
            }
        }

        @Test func treeRepliesAreCappedAndNeverStallTheLoop() throws {
            // 11 clients of 19,000 layers: the issue's 200,000 layers and more (one client may hold 20,000).
            try underAttack(setup: { server in
                try (0..<11).map { _ in
                    let s = try RawSession(server)
                    try s.commit(creates(1...19_000) + (2...19_000).map { .insertSublayer(parent: 1, child: $0, index: 0) } + [.attachRoot(1)])
                    #expect(eventually(20) { (try? s.layerCount()) == 19_000 })
                    return s
                }
            }) { server, sessions in
                withExtendedLifetime(sessions) {}
                let inspector = try RawSession(server)
                let (reply, _) = try inspector.client.request { .treeRequest(requestID: $0) }
                guard case let .tree(_, json) = reply,
                      let o = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
                    Issue.record("no tree"); return
                }
                #expect(o["truncated"] as? Bool == true)
                let described = json.components(separatedBy: "\"anchorPoint\"").count - 1
                #expect(described == 4096, "the reply describes exactly the cap's worth of layers")
            }
        }

        @Test func twentyThousandImagesHoldNoDescriptors() throws {
            try underAttack { server in
                let pid = server.process.processIdentifier
                // The start-up warm-up opens the fonts its glyphs come from: counted after it, or the count
                // sometimes took them in after `before` (12 → 14 in CI).
                server.waitUntilWarm()
                let s = try RawSession(server)
                // Counted once this session has had an answer: the server accepts connections in order, so
                // the stats probe's (made earlier) is open by then too (counted before it, the count
                // sometimes took it in and sometimes not).
                _ = try s.layerCount()
                let before = openDescriptors(of: pid)
                let pixel = try SharedPixelBuffer(byteCount: 4)
                pixel.seal()
                // 32 descriptors a commit, the most one message carries: 625 commits.
                for batch in 0..<625 {
                    let ids = (0..<32).map { ImageID(batch * 32 + $0 + 1) }
                    try s.commit(ids.enumerated().map { .defineImage($1, width: 1, height: 1, fdIndex: UInt16($0)) },
                                 fds: Array(repeating: pixel.fd, count: 32))
                }
                try s.commit([.createLayer(1), .setContents(1, 20_000), .attachRoot(1)])
                #expect(eventually(20) { (try? s.layerCount()) == 1 })
                #expect(openDescriptors(of: pid) <= before, "images hold mappings, not descriptors: \(before) → \(openDescriptors(of: pid))")
                #expect(s.endingError(within: 0.1) == nil)
            }
        }

        @Test func connectionsThatNeverSayHelloAreClosed() throws {
            try underAttack(arguments: ["--handshake-timeout", "0.5", "--max-clients", "8"]) { server in
                // The witness and the probe hold two slots; six silent sockets take the rest.
                let silent = try (0..<6).map { _ in try MessageSocket.connect(path: server.socketPath) }
                usleep(100_000)
                #expect(throws: (any Error).self, "all slots taken") { try InspectorClient(socketPath: server.socketPath) }
                #expect(eventually(3) { (try? InspectorClient(socketPath: server.socketPath)) != nil }, "freed by the timeout")
                for s in silent {
                    var p = pollfd(fd: s.fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&p, 1, 1000)
                    #expect(p.revents != 0, "the server closed the silent connection")
                }
            }
        }

        @Test func nestedReplicatorsDrawAtMostTheInstanceLimitInAll() throws {
            try underAttack { server in
                // Three replicators of 10,000 copies each, nested: 10¹² squares as Core Animation would
                // draw them; the server draws at most 10,000 copies of the square in all.
                let s = try RawSession(server)
                var ops: [LayerOperation] = []
                for id in LayerID(1)...3 {
                    ops += [.createLayer(id, kind: .replicator), .setProperty(id, .instanceCount, .scalar(10_000)),
                            .setProperty(id, .bounds, .rect(CGRect(x: 0, y: 0, width: 100, height: 100))),
                            .setProperty(id, .position, .point(CGPoint(x: 50, y: 50)))]
                    if id > 1 { ops.append(.insertSublayer(parent: id - 1, child: id, index: 0)) }
                }
                ops += rootSquare(4, side: 4, center: CGPoint(x: 50, y: 50), color: Color(red: 1, green: 1, blue: 1, alpha: 1)).filter {
                    if case .attachRoot = $0 { return false } else { return true }
                }
                ops += [.insertSublayer(parent: 3, child: 4, index: 0), .attachRoot(1)]
                try s.commit(ops)
                #expect(eventually { (try? s.layerCount()) == 4 })
                #expect(eventually {
                    guard let shot = try? server.snapshot() else { return false }
                    return pixel(shot.pixels, width: shot.width, 50, 50) == [255, 255, 255, 255]
                }, "the square is drawn")
            }
        }

        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
        func runningOutOfDescriptorsNeitherSpinsNorFloodsTheLog() throws {
            let server = try ServerProcess(arguments: ["--max-clients", "500"], launcher: ["/usr/bin/prlimit", "--nofile=48:48", "--"])
            defer { _ = server.stop() }
            let pid = server.process.processIdentifier
            let witness = try Witness(server)
            #expect(eventually { witness.isIntact })
            // Its start-up work (programs linked in idle turns, the warm-up) is not what this measures.
            server.waitUntilWarm()
            // Far more connections than descriptors; the kernel queues them all in the listen backlog.
            let flood = (0..<60).compactMap { _ in try? MessageSocket.connect(path: server.socketPath) }
            usleep(300_000)
            let cpuBefore = cpuSeconds(of: pid)
            usleep(1_000_000)
            let cpu = cpuSeconds(of: pid) - cpuBefore
            #expect(cpu < 0.3, "the server used \(cpu) s of CPU in a second of exhaustion")
            flood.forEach { $0.close() }
            #expect(eventually { witness.isIntact })
            #expect(eventually { (try? RawSession(server)) != nil }, "serves new clients again")
            let log = server.stop()
            #expect(log.components(separatedBy: "out of file descriptors: turning connections away").count - 1 == 1, "\(log.suffix(2000))")
            #expect(log.contains("file descriptors available again"))
            #expect(!log.contains("accept failed"))
        }
    }
}
