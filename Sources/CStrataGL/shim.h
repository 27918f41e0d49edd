#ifndef STRATA_GL_SHIM_H
#define STRATA_GL_SHIM_H
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <string.h>

// Cast macros are not imported into Swift; expose them as typed constants.
static const EGLint STRATA_EGL_PLATFORM_SURFACELESS_MESA = EGL_PLATFORM_SURFACELESS_MESA;
// GBM scanout (StrataKMSDevice): the platform, buffer age and native fence tokens, spelled once here.
static const EGLint STRATA_EGL_PLATFORM_GBM_KHR = EGL_PLATFORM_GBM_KHR;
static const EGLint STRATA_EGL_BUFFER_AGE_EXT = EGL_BUFFER_AGE_EXT;
static const EGLint STRATA_EGL_SYNC_NATIVE_FENCE_ANDROID = EGL_SYNC_NATIVE_FENCE_ANDROID;
static const EGLint STRATA_EGL_SYNC_NATIVE_FENCE_FD_ANDROID = EGL_SYNC_NATIVE_FENCE_FD_ANDROID;
static const EGLint STRATA_EGL_NO_NATIVE_FENCE_FD_ANDROID = EGL_NO_NATIVE_FENCE_FD_ANDROID;
// The first EGL device (EGL_EXT_platform_device) that is not a software renderer, initialised: a GPU
// with no window system and no Mesa (NVIDIA's driver). EGL_NO_DISPLAY when there is none.
static inline EGLDisplay strata_egl_hardware_device_display(void) {
    PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    PFNEGLQUERYDEVICESTRINGEXTPROC describe = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    if (!query) return EGL_NO_DISPLAY;
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (!query(16, devices, &count)) return EGL_NO_DISPLAY;
    for (EGLint i = 0; i < count; i++) {
        const char *extensions = describe ? describe(devices[i], EGL_EXTENSIONS) : NULL;
        if (extensions && strstr(extensions, "EGL_MESA_device_software")) continue;
        EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
        EGLint major, minor;
        if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) return display;
    }
    return EGL_NO_DISPLAY;
}
#endif