#ifndef OPTA_CSNDFILE_SHIM_H
#define OPTA_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
