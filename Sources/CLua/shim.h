// Lua 5.4 (Debian's liblua5.4-dev) for the Scripting module. Swift does not import function-like
// macros, so the few that Scripting needs are spelled here as inline functions.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline int natter_lua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int natter_lua_upvalueindex(int i) { return lua_upvalueindex(i); }
// lua_gc is variadic, which Swift does not import.
static inline int natter_lua_gc_generational(lua_State *L) { return lua_gc(L, LUA_GCGEN, 0, 0); }
