import CStrataGL

/// Transform feedback as the GPU path uses it: one vertex per item, nothing rasterised, the vertex
/// stage's outputs captured in order (the motion pass's slots, a moving shape's outline points).
enum FeedbackCapture {
    /// Draws `count` points with the current program and vertex array, capturing into `buffer` (its first
    /// `bytes`, or the whole buffer when nil); leaves the feedback binding and rasterisation as found off.
    static func points(_ count: Int, into buffer: GLuint, bytes: Int? = nil) {
        if let bytes {
            glBindBufferRange(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, buffer, 0, bytes)
        } else {
            glBindBufferBase(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, buffer)
        }
        glEnable(e(GL_RASTERIZER_DISCARD))
        glBeginTransformFeedback(e(GL_POINTS))
        glDrawArrays(e(GL_POINTS), 0, GLsizei(count))
        glEndTransformFeedback()
        glDisable(e(GL_RASTERIZER_DISCARD))
        glBindBufferBase(e(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
    }
}
