#include <hdf5.h>

/* HDF5 spells these as macros Swift cannot import (they call H5open() or cast): one function each. */
static inline hid_t opta_h5t_native_double(void) { return H5T_NATIVE_DOUBLE; }
static inline hid_t opta_h5p_file_access(void) { return H5P_FILE_ACCESS; }
static inline hid_t opta_h5p_default(void) { return H5P_DEFAULT; }
static inline hid_t opta_h5s_all(void) { return H5S_ALL; }
static inline unsigned opta_h5f_acc_rdonly(void) { return H5F_ACC_RDONLY; }
/* Stops libhdf5 printing its error stack to stderr: Opta reports errors itself. */
static inline void opta_h5_quiet(void) { H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }
