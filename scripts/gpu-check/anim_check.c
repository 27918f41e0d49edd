// Runs the GPU animation path's shader (Shaders/glsl/animation_eval.vert with animation.glsl) on whatever
// GLES 3 driver EGL finds (a real GPU where no Swift toolchain is), over the fixture GPUCheckFixture
// writes (records.f32, cases.bin: the CPU's answers), and compares: the check of issue 14's GPU path on
// hardware. Usage: anim_check VERT FRAG FIXTURE_DIR. Exit 0 when every case agrees within 2e-4 of the
// value's magnitude (at least 1), 1 otherwise.
#define EGL_EGLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t)n) { fprintf(stderr, "cannot read %s\n", path); exit(2); }
    buf[n] = 0;
    fclose(f);
    if (size) *size = n;
    return buf;
}

static EGLDisplay open_display(void) {
    // A GPU without a window system: the EGL device platform; else the default display; else Mesa's surfaceless.
    PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    PFNEGLGETPLATFORMDISPLAYEXTPROC platform = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLint major, minor;
    if (query && platform) {
        EGLDeviceEXT devices[8];
        EGLint n = 0;
        if (query(8, devices, &n) && n > 0) {
            for (EGLint i = 0; i < n; i++) {
                EGLDisplay d = platform(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
                if (d != EGL_NO_DISPLAY && eglInitialize(d, &major, &minor)) return d;
            }
        }
        EGLDisplay d = platform(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
        if (d != EGL_NO_DISPLAY && eglInitialize(d, &major, &minor)) return d;
    }
    EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (d != EGL_NO_DISPLAY && eglInitialize(d, &major, &minor)) return d;
    fprintf(stderr, "no EGL display\n");
    exit(2);
}

static GLuint compile(GLenum type, const char *src) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "compile failed: %s\n", log);
        exit(1);
    }
    return s;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: anim_check VERT FRAG FIXTURE_DIR\n"); return 2; }
    EGLDisplay dpy = open_display();
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!eglChooseConfig(dpy, attrs, &config, 1, &n) || n < 1) { fprintf(stderr, "no ES3 config\n"); return 2; }
    EGLint ctxAttrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctxAttrs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) { fprintf(stderr, "no context\n"); return 2; }
    printf("renderer: %s | %s\n", glGetString(GL_RENDERER), glGetString(GL_VERSION));

    GLuint program = glCreateProgram();
    glAttachShader(program, compile(GL_VERTEX_SHADER, slurp(argv[1], NULL)));
    glAttachShader(program, compile(GL_FRAGMENT_SHADER, slurp(argv[2], NULL)));
    const char *varyings[] = {"v_value", "v_row2", "v_row3", "v_row4", "v_valid"};
    glTransformFeedbackVaryings(program, 5, varyings, GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(program);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) { char log[4096]; glGetProgramInfoLog(program, sizeof log, NULL, log); fprintf(stderr, "link failed: %s\n", log); return 1; }
    glUseProgram(program);

    char path[4096];
    long recordBytes = 0, caseBytes = 0;
    snprintf(path, sizeof path, "%s/records.f32", argv[3]);
    float *records = (float *)slurp(path, &recordBytes);
    snprintf(path, sizeof path, "%s/cases.bin", argv[3]);
    char *cases = slurp(path, &caseBytes);
    // Sixteen 84-texel records to a texture row (GPUAnimationRecord.recordsPerLine); the fixture pads.
    const int width = 84 * 16, caseSize = 140;
    int rows = (int)(recordBytes / (width * 16));
    GLuint texture;
    glGenTextures(1, &texture);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, width, rows, 0, GL_RGBA, GL_FLOAT, records);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glUniform1i(glGetUniformLocation(program, "u_records"), 0);
    GLint timeLocation = glGetUniformLocation(program, "u_time");

    GLuint vao, feedback;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &feedback);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 17 * sizeof(float), NULL, GL_STREAM_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback);
    glEnable(GL_RASTERIZER_DISCARD);
    // Surfaceless contexts have no default framebuffer, and a draw needs a complete one even with
    // rasterizer discard on: a 1×1 renderbuffer.
    GLuint fbo, color;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &color);
    glBindRenderbuffer(GL_RENDERBUFFER, color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1, 1);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);

    int count = (int)(caseBytes / caseSize), failures = 0;
    double worst = 0;
    for (int i = 0; i < count; i++) {
        const char *c = cases + (long)i * caseSize;
        int row, valid;
        float time, beneath[16], expected[16];
        memcpy(&row, c, 4); memcpy(&time, c + 4, 4); memcpy(beneath, c + 8, 64); memcpy(expected, c + 72, 64); memcpy(&valid, c + 136, 4);
        for (int r = 0; r < 4; r++) glVertexAttrib4fv(r, beneath + r * 4);
        glVertexAttribI4i(4, row, 0, 0, 0);
        glUniform1f(timeLocation, time);
        glBeginTransformFeedback(GL_POINTS);
        glDrawArrays(GL_POINTS, 0, 1);
        glEndTransformFeedback();
        const float *out = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 17 * sizeof(float), GL_MAP_READ_BIT);
        if (!out) { fprintf(stderr, "map failed: 0x%x\n", glGetError()); return 2; }
        int gpuValid = out[16] > 0.5f;
        double scale = 1, error = 0;
        for (int k = 0; k < 16; k++) scale = fmax(scale, fabs(expected[k]));
        for (int k = 0; k < 16; k++) error = fmax(error, fabs(out[k] - expected[k]));
        if (gpuValid != valid || (valid && error > 2e-4 * scale)) {
            if (failures < 10) fprintf(stderr, "case %d (row %d, t %.4f): valid %d/%d, error %.3g of %.3g\n", i, row, time, gpuValid, valid, error, scale);
            failures++;
        } else if (valid) {
            worst = fmax(worst, error / scale);
        }
        glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    }
    printf("cases: %d, records: %d, failures: %d, worst relative error: %.3g\n", count, rows, failures, worst);
    return failures == 0 ? 0 : 1;
}
