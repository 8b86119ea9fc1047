// Everything is inline in the header; this file gives the target a translation unit.
#include "opta_vector_ops.h"
