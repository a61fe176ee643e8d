// Debian's Lua 5.4 headers live in /usr/include/lua5.4; pkg-config lua5.4 adds that folder.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
