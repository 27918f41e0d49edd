#include <libinput.h>
#include <libudev.h>
#include <xkbcommon/xkbcommon.h>
