#ifndef STRATA_GL_SHIM_H
#define STRATA_GL_SHIM_H
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>

// Cast macros are not imported into Swift; expose them as typed constants.
static const EGLint STRATA_EGL_PLATFORM_SURFACELESS_MESA = EGL_PLATFORM_SURFACELESS_MESA;
#endif
