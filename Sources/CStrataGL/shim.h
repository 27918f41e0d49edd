#ifndef STRATA_GL_SHIM_H
#define STRATA_GL_SHIM_H
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>

// Cast macros are not imported into Swift; expose them as typed constants.
static const EGLint STRATA_EGL_PLATFORM_SURFACELESS_MESA = EGL_PLATFORM_SURFACELESS_MESA;
// GBM scanout (StrataKMSDevice): the platform, buffer age and native fence tokens, spelled once here.
static const EGLint STRATA_EGL_PLATFORM_GBM_KHR = EGL_PLATFORM_GBM_KHR;
static const EGLint STRATA_EGL_BUFFER_AGE_EXT = EGL_BUFFER_AGE_EXT;
static const EGLint STRATA_EGL_SYNC_NATIVE_FENCE_ANDROID = EGL_SYNC_NATIVE_FENCE_ANDROID;
static const EGLint STRATA_EGL_SYNC_NATIVE_FENCE_FD_ANDROID = EGL_SYNC_NATIVE_FENCE_FD_ANDROID;
static const EGLint STRATA_EGL_NO_NATIVE_FENCE_FD_ANDROID = EGL_NO_NATIVE_FENCE_FD_ANDROID;
#endif
