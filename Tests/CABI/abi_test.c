/* The C ABI of libopta (opta.h) from C: every call with NULL and garbage arguments returns an error
 * code and a message instead of crashing, and the happy path renders what `opta render` renders.
 * Built and run by `make test-c` (part of `make test`). Exit status 0 when every check passes. */
#include "opta.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures = 0;

#define CHECK(cond, what) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, what); failures++; } } while (0)

/* Expects `status` to be `want` with a non-empty message containing `fragment`; frees the message. */
static void expect_error(opta_status status, opta_status want, char *message, const char *fragment, const char *what) {
    if (status != want) { fprintf(stderr, "FAIL %s: status %d, expected %d (%s)\n", what, status, want, message ? message : "no message"); failures++; }
    else if (message == NULL || strstr(message, fragment) == NULL) {
        fprintf(stderr, "FAIL %s: message \"%s\" lacks \"%s\"\n", what, message ? message : "(null)", fragment); failures++;
    }
    opta_string_free(message);
}

/* Calls first, then reads `error` (C leaves the order of evaluating arguments open). */
#define EXPECT(call, want, fragment, what) do { opta_status s_ = (call); expect_error(s_, want, error, fragment, what); } while (0)

static const char *scenario =
    "{\"version\": 1, \"size\": {\"width\": 160, \"height\": 120},"
    " \"landscape\": {\"function\": \"rosenbrock\", \"scale\": \"log\"},"
    " \"solvers\": [{\"id\": \"Adam\", \"method\": \"adam\", \"start\": [-1.5, 2.5], \"steps\": 50}]}";

/* The recorder: NULL and garbage, then logged runs read back from the store file with SQLite itself. */
static void check_recorder(void) {
    char *error = NULL;
    opta_recorder *recorder = NULL;
    char folder[] = "/tmp/opta-abi-XXXXXX";
    CHECK(mkdtemp(folder) != NULL, "temporary folder");
    char store[256], garbage[256];
    snprintf(store, sizeof store, "%s/runs.sqlite", folder);
    snprintf(garbage, sizeof garbage, "%s/garbage.sqlite", folder);

    EXPECT(opta_recorder_open(store, NULL, NULL, NULL, &recorder, &error), OPTA_ERROR_ARGUMENT, "scenario_json is NULL", "recorder NULL json");
    EXPECT(opta_recorder_open(store, scenario, NULL, NULL, NULL, &error), OPTA_ERROR_ARGUMENT, "out", "recorder NULL out");
    EXPECT(opta_recorder_open("", scenario, NULL, NULL, &recorder, &error), OPTA_ERROR_ARGUMENT, "store_path is empty", "recorder empty path");
    EXPECT(opta_recorder_open(store, "{\"version\": 1}", NULL, NULL, &recorder, &error), OPTA_ERROR_DATA, "landscape", "recorder bad scenario");
    FILE *file = fopen(garbage, "w");
    if (file) { fputs("this is not a database, but it is long enough to look like one to a reader of headers", file); fclose(file); }
    EXPECT(opta_recorder_open(garbage, scenario, NULL, NULL, &recorder, &error), OPTA_ERROR_DATA, "not an Opta run store", "recorder garbage store");
    CHECK(recorder == NULL, "no recorder after a failed open");
    EXPECT(opta_recorder_log(NULL, "adam", 0, 1.0, 2.0, 3.0, &error), OPTA_ERROR_ARGUMENT, "recorder is NULL", "log NULL recorder");
    CHECK(opta_recorder_close(NULL, &error) == OPTA_OK, "close NULL");

    CHECK(opta_recorder_open(store, scenario, NULL, "abi", &recorder, &error) == OPTA_OK && recorder != NULL, "recorder open");
    EXPECT(opta_recorder_log(recorder, NULL, 0, 1.0, 2.0, 3.0, &error), OPTA_ERROR_ARGUMENT, "path is NULL", "log NULL path");
    EXPECT(opta_recorder_log(recorder, "", 0, 1.0, 2.0, 3.0, &error), OPTA_ERROR_ARGUMENT, "path is empty", "log empty path");
    EXPECT(opta_recorder_log(recorder, "adam", -1, 1.0, 2.0, 3.0, &error), OPTA_ERROR_DATA, "negative", "log negative step");
    EXPECT(opta_recorder_log(recorder, "adam", 0, 0.0 / 0.0, 2.0, 3.0, &error), OPTA_ERROR_DATA, "finite", "log NaN x");
    for (int step = 0; step < 3; step++) {
        CHECK(opta_recorder_log(recorder, "adam", step, -1.5 + step, 2.5, 10.0 - step, &error) == OPTA_OK, "log adam");
    }
    EXPECT(opta_recorder_log(recorder, "adam", 1, 0.0, 0.0, 1.0, &error), OPTA_ERROR_DATA, "must increase", "log step backwards");
    CHECK(opta_recorder_log(recorder, "sgd", 10, 0.5, 0.5, 0.0 / 0.0, &error) == OPTA_OK, "log sgd");
    CHECK(opta_recorder_close(recorder, &error) == OPTA_OK && error == NULL, "recorder close");

    sqlite3 *db = NULL;
    sqlite3_stmt *query = NULL;
    CHECK(sqlite3_open_v2(store, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK, "open the store with SQLite");
    CHECK(sqlite3_prepare_v2(db, "SELECT name, method, source, status, iterateCount, finalF, bestF, label FROM run ORDER BY id",
                             -1, &query, NULL) == SQLITE_OK, "query runs");
    CHECK(query && sqlite3_step(query) == SQLITE_ROW, "first run");
    if (query) {
        CHECK(strcmp((const char *)sqlite3_column_text(query, 0), "adam") == 0, "first run is adam");
        CHECK(strcmp((const char *)sqlite3_column_text(query, 1), "logged") == 0, "method logged");
        CHECK(strcmp((const char *)sqlite3_column_text(query, 2), "python") == 0, "source python");
        CHECK(strcmp((const char *)sqlite3_column_text(query, 3), "logged") == 0, "status logged");
        CHECK(sqlite3_column_int(query, 4) == 3, "adam has 3 iterates");
        CHECK(sqlite3_column_double(query, 5) == 8.0 && sqlite3_column_double(query, 6) == 8.0, "final and best f");
        CHECK(strcmp((const char *)sqlite3_column_text(query, 7), "abi") == 0, "label");
        CHECK(sqlite3_step(query) == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(query, 0), "sgd") == 0
              && sqlite3_column_int(query, 4) == 1 && sqlite3_column_type(query, 5) == SQLITE_NULL, "sgd with unknown f");
        CHECK(sqlite3_step(query) == SQLITE_DONE, "two runs");
    }
    sqlite3_finalize(query);
    sqlite3_close(db);
    unlink(garbage);
    char files[512];
    snprintf(files, sizeof files, "rm -rf '%s'", folder);
    CHECK(system(files) == 0, "remove the temporary folder");
}

int main(void) {
    char *error = NULL;
    opta_session *session = NULL;

    CHECK(strlen(opta_version()) >= 5, "version");

    /* Creation: NULL and garbage. */
    EXPECT(opta_session_create(NULL, NULL, &session, &error), OPTA_ERROR_ARGUMENT, "scenario_json is NULL", "create NULL json");
    CHECK(session == NULL, "no session after a failed create");
    EXPECT(opta_session_create(scenario, NULL, NULL, &error), OPTA_ERROR_ARGUMENT, "out", "create NULL out");
    EXPECT(opta_session_create("{not json", NULL, &session, &error), OPTA_ERROR_DATA, "is not valid JSON", "create garbage");
    EXPECT(opta_session_create("\xff\xfe\x01", NULL, &session, &error), OPTA_ERROR_DATA, "JSON", "create bytes");
    EXPECT(opta_session_create("{\"version\": 1, \"landscape\": {\"function\": \"nope\"}}", NULL, &session, &error),
                 OPTA_ERROR_DATA, "landscape.function", "create unknown function");
    CHECK(opta_session_create(scenario, NULL, &session, NULL) == OPTA_OK, "create without an error slot");
    opta_session_free(session);
    session = NULL;
    CHECK(opta_session_create(scenario, "/nonexistent", &session, &error) == OPTA_OK && error == NULL, "create");

    /* Every call with a NULL session. */
    EXPECT(opta_dispatch(NULL, "{\"type\": \"zoom\", \"factor\": 2}", &error), OPTA_ERROR_ARGUMENT, "session is NULL", "dispatch NULL session");
    EXPECT(opta_step(NULL, 1, &error), OPTA_ERROR_ARGUMENT, "session is NULL", "step NULL");
    EXPECT(opta_solve(NULL, &error), OPTA_ERROR_ARGUMENT, "session is NULL", "solve NULL");
    char *json = NULL;
    EXPECT(opta_state(NULL, &json, &error), OPTA_ERROR_ARGUMENT, "session is NULL", "state NULL");
    EXPECT(opta_tree(NULL, 0, 0, &json, &error), OPTA_ERROR_ARGUMENT, "session is NULL", "tree NULL");
    uint8_t pixels[160 * 120 * 4];
    EXPECT(opta_render_rgba(NULL, pixels, 160, 120, 640, 1, &error), OPTA_ERROR_ARGUMENT, "session is NULL", "render NULL");
    opta_session_free(NULL);
    opta_string_free(NULL);
    opta_bytes_free(NULL);

    /* Garbage arguments on a live session. */
    EXPECT(opta_dispatch(session, NULL, &error), OPTA_ERROR_ARGUMENT, "action_json is NULL", "dispatch NULL action");
    EXPECT(opta_dispatch(session, "[1, 2", &error), OPTA_ERROR_DATA, "is not valid JSON", "dispatch garbage");
    EXPECT(opta_dispatch(session, "{\"type\": \"fly\"}", &error), OPTA_ERROR_DATA, "action.type", "dispatch unknown type");
    EXPECT(opta_dispatch(session, "{\"type\": \"zoom\", \"factor\": -1}", &error), OPTA_ERROR_DATA, "factor", "dispatch bad factor");
    EXPECT(opta_step(session, -3, &error), OPTA_ERROR_ARGUMENT, "frames must be", "step negative");
    EXPECT(opta_render_rgba(session, NULL, 160, 120, 640, 1, &error), OPTA_ERROR_ARGUMENT, "pixels is NULL", "render NULL pixels");
    EXPECT(opta_render_rgba(session, pixels, 160, 120, 100, 1, &error), OPTA_ERROR_ARGUMENT, "stride", "render short stride");
    EXPECT(opta_render_rgba(session, pixels, -5, 120, 640, 1, &error), OPTA_ERROR_ARGUMENT, "width", "render negative width");
    EXPECT(opta_render_rgba(session, pixels, 100000, 1, 400000, 1, &error), OPTA_ERROR_ARGUMENT, "width", "render huge width");
    EXPECT(opta_render_rgba(session, pixels, 160, 120, 640, -1, &error), OPTA_ERROR_ARGUMENT, "threads", "render bad threads");
    EXPECT(opta_render_rgba(session, pixels, 160, 120, (size_t)1 << 62, 1, &error), OPTA_ERROR_ARGUMENT, "overflows", "render huge stride");
    EXPECT(opta_render_rgba(session, pixels, 160, 120, (size_t)-8, 1, &error), OPTA_ERROR_ARGUMENT, "stride", "render negative stride");
    EXPECT(opta_render_png_file(session, NULL, 0, 0, 1, &error), OPTA_ERROR_ARGUMENT, "path is NULL", "png NULL path");
    EXPECT(opta_render_png_file(session, "/nonexistent/x.png", 0, 0, 1, &error), OPTA_ERROR_IO, "does not exist", "png bad folder");
    EXPECT(opta_render_png(session, 0, 0, 1, NULL, NULL, &error), OPTA_ERROR_ARGUMENT, "out_bytes", "png NULL out");
    EXPECT(opta_state(session, NULL, &error), OPTA_ERROR_ARGUMENT, "out_json is NULL", "state NULL out");
    EXPECT(opta_append_path(session, NULL, NULL, 1, &error), OPTA_ERROR_ARGUMENT, "name is NULL", "append NULL name");
    EXPECT(opta_append_path(session, "run", NULL, 2, &error), OPTA_ERROR_ARGUMENT, "xy is NULL", "append NULL xy");
    EXPECT(opta_append_path(session, "run", NULL, (size_t)-1, &error), OPTA_ERROR_ARGUMENT, "count", "append huge count");
    double bad[4] = {0.0, 1.0, 0.0 / 0.0, 2.0};
    EXPECT(opta_append_path(session, "run", bad, 2, &error), OPTA_ERROR_DATA, "point 1", "append NaN");

    /* The happy path. */
    double xy[6] = {-1.0, 2.0, -0.5, 1.0, 0.5, 0.5};
    CHECK(opta_append_path(session, "logged", xy, 3, &error) == OPTA_OK, "append");
    CHECK(opta_dispatch(session, "{\"type\": \"setColormap\", \"name\": \"magma\"}", &error) == OPTA_OK, "dispatch");
    CHECK(opta_step(session, 5, &error) == OPTA_OK, "step");
    CHECK(opta_state(session, &json, &error) == OPTA_OK && json != NULL && strstr(json, "\"frame\": 4") != NULL
          && strstr(json, "\"logged\"") != NULL && strstr(json, "magma") != NULL, "state");
    opta_string_free(json);
    CHECK(opta_solve(session, &error) == OPTA_OK, "solve");
    CHECK(opta_render_rgba(session, pixels, 160, 120, 640, 0, &error) == OPTA_OK, "render");
    CHECK(pixels[3] == 255, "opaque frame");
    CHECK(opta_tree(session, 0, 0, &json, &error) == OPTA_OK && json != NULL && strstr(json, "\"role\"") != NULL, "tree");
    opta_string_free(json);
    uint8_t *png = NULL;
    size_t count = 0;
    CHECK(opta_render_png(session, 0, 0, 1, &png, &count, &error) == OPTA_OK && count > 8 && memcmp(png + 1, "PNG", 3) == 0, "png bytes");
    opta_bytes_free(png);
    opta_session_free(session);

    check_recorder();

    if (failures) { fprintf(stderr, "%d C ABI checks failed\n", failures); return 1; }
    printf("C ABI: all checks passed\n");
    return 0;
}
