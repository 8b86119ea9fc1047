/*
 * opta.h: Opta as a library (libopta.so).
 *
 * A session is an opaque handle over the same headless session and figures the `opta` command line
 * uses: create it from scenario JSON (docs/scenario.md), drive it with the actions traces record
 * (docs/scenario.md, "Traces"), read its state and accessibility tree as JSON, and render frames into
 * memory you own or into PNG files.
 *
 * Conventions
 *  - Every call that can fail returns an opta_status: OPTA_OK (0) or an error code. When `error` is
 *    not NULL, a failing call stores there a message (UTF-8, the text `opta` prints after
 *    "opta: error: "); free it with opta_string_free. On success *error is set to NULL.
 *  - No input makes the library abort: NULL pointers, invalid JSON, wrong sizes and unknown names
 *    come back as error codes.
 *  - Strings in are NUL-terminated UTF-8. Strings out are allocated by the library: free them with
 *    opta_string_free; PNG bytes with opta_bytes_free; sessions with opta_session_free.
 *  - A session may be used from several threads at once (calls are serialized inside; rendering
 *    runs outside the lock on an immutable snapshot). Sessions are independent of each other.
 *  - Pixels are straight-alpha RGBA8 (R, G, B, A bytes per pixel, rows top to bottom), the layout
 *    of a PNG file: rendering a session and reading `opta render`'s PNG give the same bytes.
 */
#ifndef OPTA_H
#define OPTA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Result of a call. */
typedef enum opta_status {
    OPTA_OK = 0,
    /** A NULL pointer, a size out of range, a buffer too small: the caller's mistake. */
    OPTA_ERROR_ARGUMENT = 1,
    /** Scenario, action or path data that does not validate (`opta` exits with 65 for these). */
    OPTA_ERROR_DATA = 2,
    /** A file could not be written or read (fonts, PNG output). */
    OPTA_ERROR_IO = 3
} opta_status;

/** An Opta session: a scenario, its solvers, camera and view state. */
typedef struct opta_session opta_session;

/** The library's version ("MAJOR.MINOR.PATCH"); a static string, never freed. */
const char *opta_version(void);

/**
 * Creates a session from scenario JSON. `base_folder` resolves relative file names in the scenario
 * (`pathsFile`, graph files); NULL means the current folder. On success *out holds the session.
 */
opta_status opta_session_create(const char *scenario_json, const char *base_folder,
                                opta_session **out, char **error);

/** Frees a session (NULL is allowed). The handle must not be used afterwards. */
void opta_session_free(opta_session *session);

/** Applies one action, a JSON object as traces store them: {"type": "zoom", "factor": 2}. */
opta_status opta_dispatch(opta_session *session, const char *action_json, char **error);

/**
 * Advances `frames` frames (0 to 1,000,000): each frame running solvers take the scenario's
 * stepsPerFrame steps, exactly as `opta render --frame N` counts them.
 */
opta_status opta_step(opta_session *session, int64_t frames, char **error);

/** Runs every solver to the end of its step budget (what `opta render` does before drawing). */
opta_status opta_solve(opta_session *session, char **error);

/**
 * Appends `count` points to the logged path called `name` (a new path when there is none):
 * `xy` holds x0, y0, x1, y1, ... (2 × count doubles), count at most 10,000,000 per call. Non-finite
 * values are refused.
 */
opta_status opta_append_path(opta_session *session, const char *name, const double *xy, size_t count,
                             char **error);

/**
 * The session's state as JSON: frame, solversRunning, colormap, the visible domain, and per solver
 * its id, method, point, f, gradNorm, steps, status and trajectory. Free *out_json with
 * opta_string_free.
 */
opta_status opta_state(opta_session *session, char **out_json, char **error);

/**
 * The accessibility tree of the current frame at width × height (0 for the scenario's size), the
 * JSON `opta a11y --json` prints. Free *out_json with opta_string_free.
 */
opta_status opta_tree(opta_session *session, int32_t width, int32_t height, char **out_json, char **error);

/**
 * Renders the current frame into caller-owned memory: `height` rows of `stride` bytes (stride at
 * least 4 × width), width and height 1 to 16384, `threads` 0 for one per core. `pixels` must hold
 * stride × height bytes.
 */
opta_status opta_render_rgba(opta_session *session, uint8_t *pixels, int32_t width, int32_t height,
                             size_t stride, int32_t threads, char **error);

/** Renders the current frame to a PNG file, written atomically (0 for the scenario's size). */
opta_status opta_render_png_file(opta_session *session, const char *path, int32_t width, int32_t height,
                                 int32_t threads, char **error);

/** Renders the current frame as PNG bytes; free *out_bytes with opta_bytes_free. */
opta_status opta_render_png(opta_session *session, int32_t width, int32_t height, int32_t threads,
                            uint8_t **out_bytes, size_t *out_count, char **error);

/**
 * A recorder: logged runs (a training loop's steps, as Python's `opta.live(...).log_step` sends
 * them) kept in the run store (docs/runs.md), one run per path name, method "logged". Iterates go
 * to a background writer that commits every 100 ms, so logging a step never waits for the disk.
 */
typedef struct opta_recorder opta_recorder;

/**
 * Opens the run store at `store_path` (NULL: $OPTA_STORE, else $XDG_DATA_HOME/opta/runs.sqlite,
 * else ~/.local/share/opta/runs.sqlite) to record runs on the scenario `scenario_json` (its
 * landscape names the runs' landscape; `base_folder` resolves its file names, NULL the current
 * folder). `label` (may be NULL) is recorded with every run. A damaged or foreign store file is
 * OPTA_ERROR_DATA, a store that cannot be written OPTA_ERROR_IO. On success *out holds the recorder.
 */
opta_status opta_recorder_open(const char *store_path, const char *scenario_json, const char *base_folder,
                               const char *label, opta_recorder **out, char **error);

/**
 * Records step `step` (0 or more, increasing for each path) of the path `path` at (x, y), with the
 * logged value `f` (NaN when not known). The first step of a new path name begins its run.
 */
opta_status opta_recorder_log(opta_recorder *recorder, const char *path, int64_t step, double x, double y,
                              double f, char **error);

/**
 * Ends every path's run (status "logged"), commits everything and frees the recorder (NULL is
 * allowed); the handle must not be used afterwards. OPTA_ERROR_IO when writing failed on the way
 * (disk full): the runs hold what was committed before.
 */
opta_status opta_recorder_close(opta_recorder *recorder, char **error);

/** Frees a string the library returned (NULL is allowed). */
void opta_string_free(char *string);

/** Frees PNG bytes the library returned (NULL is allowed). */
void opta_bytes_free(uint8_t *bytes);

#ifdef __cplusplus
}
#endif

#endif /* OPTA_H */
