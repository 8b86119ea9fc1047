#ifndef OPTA_CSDL2_SHIM_H
#define OPTA_CSDL2_SHIM_H
#include <SDL2/SDL.h>

// Macros that Swift cannot import as constants.
static const Uint32 CSDL2_INIT_VIDEO = SDL_INIT_VIDEO;
static const Uint32 CSDL2_PIXELFORMAT_ABGR8888 = SDL_PIXELFORMAT_ABGR8888;
static const int CSDL2_WINDOWPOS_CENTERED = SDL_WINDOWPOS_CENTERED;

#endif
