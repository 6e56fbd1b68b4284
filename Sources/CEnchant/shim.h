#include <enchant-2/enchant.h>
