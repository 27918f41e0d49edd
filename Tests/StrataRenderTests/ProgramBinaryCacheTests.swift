import Foundation
import StrataOffline
import StrataRender
import StrataScene
import Testing

/// Linked shader programs are cached on disk and loaded on the next start; a bad file is recompiled.
@Suite struct ProgramBinaryCacheTests {
    func render(_ cache: ProgramBinaryCache?) throws -> [UInt8] {
        let scene = try SceneParser.parse(data: Data(try Golden.sceneText("shapes/scene.json").utf8), baseDirectory: Golden.directory)
        return try SceneRenderer.render(scene, at: [0], width: 160, height: 120, programCache: cache)[0].image.pixels
    }

    @Test func programsAreStoredThenLoadedAndDrawTheSamePixels() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-programs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let reference = try render(nil)

        let first = ProgramBinaryCache(directory: dir)
        #expect(try render(first) == reference)
        #expect(first.loaded == 0)
        #expect(first.problems.isEmpty, "\(first.problems)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files.count == Renderer.linkedPrograms) // every program the renderer links

        let second = ProgramBinaryCache(directory: dir)
        #expect(try render(second) == reference)
        #expect(second.loaded == Renderer.linkedPrograms)
        #expect(second.problems.isEmpty, "\(second.problems)")

        // A damaged file is reported, recompiled and written again.
        let damaged = dir.appendingPathComponent(files[0])
        try Data("not a binary".utf8).write(to: damaged)
        let third = ProgramBinaryCache(directory: dir)
        #expect(try render(third) == reference)
        #expect(third.loaded == Renderer.linkedPrograms - 1)
        #expect(third.problems.count == 1)
        #expect(third.problems.first?.contains("\(files[0]): not a program binary") == true)
        let fourth = ProgramBinaryCache(directory: dir)
        _ = try render(fourth)
        #expect(fourth.loaded == Renderer.linkedPrograms)
    }

    @Test func aBinaryTheDriverRejectsIsRecompiled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-programs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try render(ProgramBinaryCache(directory: dir))
        // Right header, wrong format number and body: glProgramBinary fails, the program compiles anyway.
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().first)
        try Data(Array("STRATAPB".utf8) + [0xEF, 0xBE, 0xAD, 0xDE] + [UInt8](repeating: 7, count: 64))
            .write(to: dir.appendingPathComponent(file))
        let cache = ProgramBinaryCache(directory: dir)
        let reference = try render(nil)
        #expect(try render(cache) == reference)
        #expect(cache.loaded == Renderer.linkedPrograms - 1)
        #expect(cache.problems.count == 1)
        let problem = cache.problems.first ?? ""
        #expect(problem.hasPrefix("\(file): the driver rejected the binary; recompiling "), "\(problem)")
    }
}
