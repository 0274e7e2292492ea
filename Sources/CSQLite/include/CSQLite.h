#ifndef HEALTHEXPORTER_CSQLITE_H
#define HEALTHEXPORTER_CSQLITE_H

// The SQLite calls the database writer makes. On Apple platforms they come from the SDK's
// sqlite3.h. Elsewhere they are declared here, exactly as sqlite3.h declares them (the C API is
// stable across SQLite 3 releases), so that building needs only the shared library every Linux
// system has (libsqlite3.so.0), not the development header.

#if defined(__APPLE__)
#include <sqlite3.h>
#else

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long int sqlite3_int64;
typedef void (*sqlite3_destructor_type)(void *);

#define SQLITE_OK 0
#define SQLITE_ERROR 1
#define SQLITE_BUSY 5
#define SQLITE_NOMEM 7
#define SQLITE_READONLY 8
#define SQLITE_IOERR 10
#define SQLITE_CORRUPT 11
#define SQLITE_FULL 13
#define SQLITE_CANTOPEN 14
#define SQLITE_CONSTRAINT 19
#define SQLITE_MISUSE 21
#define SQLITE_ROW 100
#define SQLITE_DONE 101

#define SQLITE_OPEN_READONLY 0x00000001
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE 0x00000004
#define SQLITE_OPEN_NOMUTEX 0x00008000
#define SQLITE_OPEN_EXRESCODE 0x02000000

#define SQLITE_INTEGER 1
#define SQLITE_FLOAT 2
#define SQLITE_TEXT 3
#define SQLITE_BLOB 4
#define SQLITE_NULL 5

#define SQLITE_CONFIG_MEMSTATUS 9

const char *sqlite3_libversion(void);
int sqlite3_config(int option, ...);
int sqlite3_open_v2(const char *filename, sqlite3 **ppDb, int flags, const char *zVfs);
int sqlite3_close_v2(sqlite3 *db);
int sqlite3_extended_errcode(sqlite3 *db);
const char *sqlite3_errmsg(sqlite3 *db);
const char *sqlite3_errstr(int code);
int sqlite3_exec(
    sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *argument,
    char **errmsg);
void sqlite3_free(void *pointer);
sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *db);

int sqlite3_prepare_v2(
    sqlite3 *db, const char *zSql, int nByte, sqlite3_stmt **ppStmt, const char **pzTail);
int sqlite3_step(sqlite3_stmt *statement);
int sqlite3_reset(sqlite3_stmt *statement);
int sqlite3_finalize(sqlite3_stmt *statement);
int sqlite3_bind_parameter_count(sqlite3_stmt *statement);
int sqlite3_transfer_bindings(sqlite3_stmt *from, sqlite3_stmt *to);
int sqlite3_bind_null(sqlite3_stmt *statement, int index);
int sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int sqlite3_bind_double(sqlite3_stmt *statement, int index, double value);
int sqlite3_bind_text(
    sqlite3_stmt *statement, int index, const char *text, int byteCount,
    sqlite3_destructor_type destructor);

int sqlite3_column_count(sqlite3_stmt *statement);
const char *sqlite3_column_name(sqlite3_stmt *statement, int column);
int sqlite3_column_type(sqlite3_stmt *statement, int column);
sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *statement, int column);
double sqlite3_column_double(sqlite3_stmt *statement, int column);
const unsigned char *sqlite3_column_text(sqlite3_stmt *statement, int column);
int sqlite3_column_bytes(sqlite3_stmt *statement, int column);

// What the assistant server's read-only connection uses: an authorizer, a progress handler for
// its time budget, the read-only check of a statement, limits and the extension switch.
#define SQLITE_INTERRUPT 9
#define SQLITE_AUTH 23
#define SQLITE_DENY 1

#define SQLITE_CREATE_INDEX 1
#define SQLITE_CREATE_TABLE 2
#define SQLITE_CREATE_TEMP_INDEX 3
#define SQLITE_CREATE_TEMP_TABLE 4
#define SQLITE_CREATE_TEMP_TRIGGER 5
#define SQLITE_CREATE_TEMP_VIEW 6
#define SQLITE_CREATE_TRIGGER 7
#define SQLITE_CREATE_VIEW 8
#define SQLITE_DELETE 9
#define SQLITE_DROP_INDEX 10
#define SQLITE_DROP_TABLE 11
#define SQLITE_DROP_TEMP_INDEX 12
#define SQLITE_DROP_TEMP_TABLE 13
#define SQLITE_DROP_TEMP_TRIGGER 14
#define SQLITE_DROP_TEMP_VIEW 15
#define SQLITE_DROP_TRIGGER 16
#define SQLITE_DROP_VIEW 17
#define SQLITE_INSERT 18
#define SQLITE_PRAGMA 19
#define SQLITE_READ 20
#define SQLITE_SELECT 21
#define SQLITE_TRANSACTION 22
#define SQLITE_UPDATE 23
#define SQLITE_ATTACH 24
#define SQLITE_DETACH 25
#define SQLITE_ALTER_TABLE 26
#define SQLITE_REINDEX 27
#define SQLITE_ANALYZE 28
#define SQLITE_CREATE_VTABLE 29
#define SQLITE_DROP_VTABLE 30
#define SQLITE_FUNCTION 31
#define SQLITE_SAVEPOINT 32
#define SQLITE_RECURSIVE 33

#define SQLITE_LIMIT_LENGTH 0
#define SQLITE_LIMIT_SQL_LENGTH 1
#define SQLITE_LIMIT_ATTACHED 7

#define SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION 1005
#define SQLITE_DBCONFIG_DEFENSIVE 1010

int sqlite3_set_authorizer(
    sqlite3 *db,
    int (*xAuth)(void *, int, const char *, const char *, const char *, const char *),
    void *pUserData);
void sqlite3_progress_handler(sqlite3 *db, int nOps, int (*xProgress)(void *), void *pArg);
void sqlite3_interrupt(sqlite3 *db);
int sqlite3_stmt_readonly(sqlite3_stmt *statement);
int sqlite3_limit(sqlite3 *db, int id, int newVal);
int sqlite3_db_config(sqlite3 *db, int op, ...);
const void *sqlite3_column_blob(sqlite3_stmt *statement, int column);

#endif

/// Turns off SQLite's memory statistics, whose global mutex every allocation takes; nothing here
/// reads them. Only possible before SQLite is first used in the process (SQLITE_MISUSE after).
static inline int csqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Moves the values bound to `from` to `to`, a statement of as many parameters, leaving those
/// of `from` NULL. sqlite3_transfer_bindings is marked deprecated (sqlite3_clear_bindings and
/// binding again is the advice) but kept in every build that does not omit deprecated calls, the
/// system libraries' included: it is the one way to hand values already bound to another
/// statement without the caller keeping a copy of them.
static inline int csqlite_move_bindings(sqlite3_stmt *from, sqlite3_stmt *to) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
  return sqlite3_transfer_bindings(from, to);
#pragma clang diagnostic pop
}

/// SQLITE_TRANSIENT, which Swift cannot spell (a cast of -1 to a function pointer): SQLite copies
/// the bound bytes before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
  return (sqlite3_destructor_type)-1;
}

/// Turns one of SQLite's on/off settings of a connection on or off (sqlite3_db_config is
/// variadic, which Swift cannot call).
static inline int csqlite_db_config_flag(sqlite3 *db, int op, int value) {
  return sqlite3_db_config(db, op, value, (int *)0);
}

#endif
