#ifndef CMATH_SHIM_H
#define CMATH_SHIM_H
/* libm for the pure core: log, exp and pow without importing Glibc or Foundation. */
#include <math.h>
#endif
