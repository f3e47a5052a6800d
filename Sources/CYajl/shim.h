#ifndef WIRELOCK_CYAJL_SHIM_H
#define WIRELOCK_CYAJL_SHIM_H

#include <yajl/yajl_parse.h>

// Swift cannot call C variadic functions such as yajl_config(handle, option, ...),
// so each option WireJSON uses gets a fixed-arity wrapper here.
static inline int wirelock_yajl_config(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

#endif
