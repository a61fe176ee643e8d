// libedit (BSD editline), through its readline-compatible API.
#ifndef REBOUND_CEDITLINE_SHIM_H
#define REBOUND_CEDITLINE_SHIM_H

#include <stdio.h>
#include <editline/readline.h>

#endif
