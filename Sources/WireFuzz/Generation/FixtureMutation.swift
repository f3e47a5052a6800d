import Foundation
import WireJSONCore

extension Mutator {
    /// Why a fixture has no mutant to serve: it is not valid JSON, or this mutator makes none of it.
    public struct MutationUnavailable: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the fixture.
        public var description: String
    }

    /// Mutant `index` of this mutator over a fixture's bytes (deterministic for a given `seed`: the
    /// same mutant a fuzz campaign makes), as a function from the fixture's bytes and name to the
    /// mutant's bytes and the description of its operation (`truncate … at byte 812`). WireStub's
    /// `StubAnswer.transformed(fixture:status:by:)` takes it to serve a mutant from a stub route.
    ///
    /// ```swift
    /// server.stub(.get("/api/v3/movie"), .transformed(fixture: "movies-success", by: Mutator.wrongType.mutation()))
    /// ```
    ///
    /// The function throws ``MutationUnavailable`` when the fixture is not valid JSON or the mutator
    /// makes no mutant of it.
    public func mutation(index: Int = 0, seed: UInt64 = 1)
        -> @Sendable (Data, String) throws -> (
            bytes: Data, description: String
        )
    {
        let mutator = self
        return { data, name in
            let fuzzSeed: FuzzSeed
            do {
                fuzzSeed = try FuzzSeed(name: name, bytes: Array(data))
            } catch {
                throw MutationUnavailable(description: "fixture '\(name)' is not valid JSON: \(error)")
            }
            let generator = MutantGenerator(seeds: [fuzzSeed], seed: seed, mutators: [mutator])
            guard !generator.isEmpty else {
                throw MutationUnavailable(description: "fixture '\(name)' has no \(mutator.rawValue) mutant")
            }
            let mutant = generator.mutant(max(0, index))
            return (Data(mutant.bytes), mutant.operation.description)
        }
    }
}
