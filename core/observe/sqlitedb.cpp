#include "observe/sqlitedb.h"

#include <sqlite3.h>

namespace qs {

SqliteDb::~SqliteDb()
{
    close();
}

bool SqliteDb::open(const QString &path, int flags)
{
    close();
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &m_db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        if (m_db)
            sqlite3_extended_result_codes(m_db, 1);
        return false;
    }
    sqlite3_extended_result_codes(m_db, 1);
    sqlite3_busy_timeout(m_db, 2000);
    return true;
}

void SqliteDb::close()
{
    if (m_db)
        sqlite3_close_v2(m_db);
    m_db = nullptr;
}

bool SqliteDb::exec(const char *sql)
{
    return m_db && sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

QString SqliteDb::errorMessage() const
{
    return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("out of memory");
}

int SqliteDb::errorCode() const
{
    return m_db ? sqlite3_extended_errcode(m_db) : SQLITE_NOMEM;
}

SqliteStmt::SqliteStmt(SqliteDb &db, const char *sql)
{
    if (!db.handle() || sqlite3_prepare_v2(db.handle(), sql, -1, &m_stmt, nullptr) != SQLITE_OK) {
        m_stmt = nullptr;
        m_ok = false;
    }
}

SqliteStmt::~SqliteStmt()
{
    sqlite3_finalize(m_stmt);
}

SqliteStmt &SqliteStmt::bind(int i, qint64 v)
{
    if (m_stmt && sqlite3_bind_int64(m_stmt, i, v) != SQLITE_OK)
        m_ok = false;
    return *this;
}

SqliteStmt &SqliteStmt::bind(int i, double v)
{
    if (m_stmt && sqlite3_bind_double(m_stmt, i, v) != SQLITE_OK)
        m_ok = false;
    return *this;
}

SqliteStmt &SqliteStmt::bind(int i, const QByteArray &blob)
{
    if (m_stmt &&
        sqlite3_bind_blob(m_stmt, i, blob.constData(), int(blob.size()), SQLITE_TRANSIENT) != SQLITE_OK)
        m_ok = false;
    return *this;
}

SqliteStmt &SqliteStmt::bind(int i, const QString &v)
{
    const QByteArray utf8 = v.toUtf8();
    if (m_stmt &&
        sqlite3_bind_text(m_stmt, i, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT) != SQLITE_OK)
        m_ok = false;
    return *this;
}

SqliteStmt &SqliteStmt::bindNull(int i)
{
    if (m_stmt && sqlite3_bind_null(m_stmt, i) != SQLITE_OK)
        m_ok = false;
    return *this;
}

bool SqliteStmt::step()
{
    if (!m_stmt || !m_ok)
        return false;
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        m_ok = false;
    return false;
}

bool SqliteStmt::run()
{
    step();
    const bool good = m_ok;
    reset();
    return good;
}

void SqliteStmt::reset()
{
    if (!m_stmt)
        return;
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_ok = true;
}

bool SqliteStmt::isNull(int col) const
{
    return sqlite3_column_type(m_stmt, col) == SQLITE_NULL;
}

qint64 SqliteStmt::int64(int col) const
{
    return sqlite3_column_int64(m_stmt, col);
}

double SqliteStmt::real(int col) const
{
    return sqlite3_column_double(m_stmt, col);
}

QByteArray SqliteStmt::blob(int col) const
{
    const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, col));
    return p ? QByteArray(p, sqlite3_column_bytes(m_stmt, col)) : QByteArray();
}

QString SqliteStmt::text(int col) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
    return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_stmt, col)) : QString();
}

QByteArrayView SqliteStmt::utf8(int col) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
    return p ? QByteArrayView(p, sqlite3_column_bytes(m_stmt, col)) : QByteArrayView();
}

} // namespace qs
