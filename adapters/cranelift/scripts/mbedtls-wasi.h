/* mbedtls user config for wasm32-wasi (included at the end of mbedtls/config.h):
 * no sockets, no timer alarms, no platform entropy source. */
#undef MBEDTLS_NET_C
#undef MBEDTLS_TIMING_C
#define MBEDTLS_NO_PLATFORM_ENTROPY
