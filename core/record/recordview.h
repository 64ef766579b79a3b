#pragma once

#include "record/mappedfile.h"

#include <QByteArray>
#include <QByteArrayView>

#include <memory>

namespace qs {

// One record's payload as RecordReader::next(RecordView *) hands it out: a view into the file's
// mapping (uncompressed regular files), or into the reader's 256 KiB buffer that the view shares
// (compressed streams, pipes, files not mapped), or, for a record too large for that buffer, its
// own array.
//
// Lifetime: the bytes stay valid as long as this view, or a copy of it, lives, also after the
// reader is gone or has moved on: the view holds the mapping (or the buffer) alive. Copies are
// cheap (a shared_ptr or an implicitly shared QByteArray), and read-only, so a view can be handed
// to another thread.
//
// The payload passed its CRC when it was read. If the file is cut while a view of it is held, the
// pages past the cut read as zeros (no SIGBUS, see MappedFile) and intact() turns false: a caller
// that must be sure of the bytes it used checks intact() after using them.
class RecordView {
public:
    RecordView() = default;

    const char *data() const { return m_data; }
    qsizetype size() const { return m_size; }
    QByteArrayView bytes() const { return {m_data, m_size}; }
    QByteArray toByteArray() const { return m_map || m_chunk ? QByteArray(m_data, m_size) : m_owned; }
    bool isMapped() const { return bool(m_map); }
    bool intact() const { return !m_map || !m_map->damaged(); }

private:
    friend class RecordReader;

    const char *m_data = nullptr;
    qsizetype m_size = 0;
    std::shared_ptr<const MappedFile> m_map; // set for a view into a mapping
    std::shared_ptr<const char[]> m_chunk;   // set for a view into a reader's buffer
    QByteArray m_owned;                      // a large record's own bytes otherwise
};

} // namespace qs
