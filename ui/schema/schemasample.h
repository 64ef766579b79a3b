#pragma once

#include "base/result.h"
#include "example/parsedexample.h"
#include "example/specdetector.h"

#include <QString>

#include <vector>

namespace qs {

// The first records of a file, parsed: what the feature picker detects from and previews, the
// same records a run's probe looks at (kDetectionSampleRecords). Corrupt records and records
// that are no Example are skipped; a file with none to show is an error naming the file (and
// the first bad record's place). A plain value.
class SchemaSample {
public:
    static Result<SchemaSample> load(const QString &file, int records = kDetectionSampleRecords);

    const QString &file() const { return m_file; }
    const std::vector<ParsedExample> &examples() const { return m_examples; }
    qint64 recordIndex(qsizetype i) const { return m_indices.value(i, -1); } // in the file
    qint64 skipped() const { return m_skipped; } // records read that were no Example or corrupt

private:
    QString m_file;
    std::vector<ParsedExample> m_examples;
    QList<qint64> m_indices;
    qint64 m_skipped = 0;
};

} // namespace qs
