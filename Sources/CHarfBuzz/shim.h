#ifndef OPTA_CHARFBUZZ_SHIM_H
#define OPTA_CHARFBUZZ_SHIM_H
// HarfBuzz shapes what FreeType cannot: sequences of characters a font draws as one glyph
// (emoji joined by U+200D, flags, skin tones, keycaps), from the font's own GSUB table.
#include <hb.h>
#endif
