#ifndef OPTA_CFREETYPE_SHIM_H
#define OPTA_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H

// Load flags are macros built from other macros; export the ones Opta uses.
static const FT_Int32 CFT_LOAD_DEFAULT = FT_LOAD_DEFAULT;
static const FT_Int32 CFT_LOAD_RENDER = FT_LOAD_RENDER;
static const FT_Int32 CFT_LOAD_TARGET_LIGHT = FT_LOAD_TARGET_LIGHT;
static const FT_Int32 CFT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const FT_Int32 CFT_LOAD_COLOR = FT_LOAD_COLOR;

// Face flags (FT_HAS_KERNING is a function-like macro Swift cannot import).
static const FT_Long CFT_FACE_FLAG_KERNING = FT_FACE_FLAG_KERNING;
static const FT_Long CFT_FACE_FLAG_SCALABLE = FT_FACE_FLAG_SCALABLE;

#endif
