/// Bounds on the shape of a client's tree that keep every walk over it cheap and every recursion over it
/// within the render thread's stack (docs/security.md).
public enum RenderTreeLimits {
    /// The most layers on one chain of sublayer and mask links, the root included. Core Animation sets
    /// no limit; real interfaces nest a few dozen deep. A commit that would nest deeper is refused.
    public static let maxNesting = 128
    /// The most animations one layer may carry at once (Core Animation sets no limit; an interface uses a
    /// handful). Replacing or removing one costs up to this many steps; a commit that adds more is refused.
    public static let maxAnimationsPerLayer = 1024
}
