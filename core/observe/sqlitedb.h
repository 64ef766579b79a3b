#pragma once

#include <QByteArray>
#include <QString>

struct sqlite3;
struct sqlite3_stmt;

namespace qs {

// A thin owner of one SQLite connection and its prepared statements, for the run file (see
// runfile.h). Not thread-safe: one thread uses a connection (SQLITE_OPEN_NOMUTEX).
class SqliteDb {
public:
    SqliteDb() = default;
    ~SqliteDb();
    SqliteDb(const SqliteDb &) = delete;
    SqliteDb &operator=(const SqliteDb &) = delete;

    // flags: SQLITE_OPEN_* (NOMUTEX is added). False with errorMessage() on failure.
    bool open(const QString &path, int flags);
    void close();
    bool isOpen() const { return m_db != nullptr; }
    bool exec(const char *sql); // one or more statements without results
    QString errorMessage() const;
    int errorCode() const; // the extended result code of the last failure
    sqlite3 *handle() const { return m_db; }

private:
    sqlite3 *m_db = nullptr;
};

// One prepared statement. bind* take 1-based indexes; step() returns true while there is a row;
// a false step() with ok() false is an error (the connection's errorMessage()).
class SqliteStmt {
public:
    SqliteStmt(SqliteDb &db, const char *sql);
    ~SqliteStmt();
    SqliteStmt(const SqliteStmt &) = delete;
    SqliteStmt &operator=(const SqliteStmt &) = delete;

    bool isValid() const { return m_stmt != nullptr; }
    SqliteStmt &bind(int i, qint64 v);
    SqliteStmt &bind(int i, int v) { return bind(i, qint64(v)); }
    SqliteStmt &bind(int i, double v);
    SqliteStmt &bind(int i, const QString &v);
    SqliteStmt &bind(int i, const QByteArray &blob);
    SqliteStmt &bindNull(int i);
    bool step();
    bool ok() const { return m_ok; }
    // step() once and reset, for INSERT/UPDATE; false on error.
    bool run();
    void reset();

    bool isNull(int col) const;
    qint64 int64(int col) const;
    double real(int col) const;
    QString text(int col) const;
    // The column's UTF-8 bytes, valid until the next step() or reset(): for a row loop that
    // looks keys up without building a string per row.
    QByteArrayView utf8(int col) const;
    QByteArray blob(int col) const;

private:
    sqlite3_stmt *m_stmt = nullptr;
    bool m_ok = true;
};

} // namespace qs
