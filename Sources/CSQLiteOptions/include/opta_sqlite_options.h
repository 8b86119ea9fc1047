#ifndef OPTA_SQLITE_OPTIONS_H
#define OPTA_SQLITE_OPTIONS_H

/// Closing `connection` (an `sqlite3 *`) leaves the WAL as it is: no checkpoint, the file kept
/// (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE; sqlite3_db_config is variadic, which Swift cannot call).
/// Returns SQLite's result code.
int opta_sqlite_no_checkpoint_on_close(void *connection);

#endif
