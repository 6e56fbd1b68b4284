// PCRE2 with 8-bit code units: patterns and subjects are UTF-8 bytes.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
