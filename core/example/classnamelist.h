#pragma once

#include "example/featurespec.h"
#include "example/parsedexample.h"

#include <QString>

#include <set>

namespace qs {

// Builds the class list of a ClassName label: the distinct names of the records added, in sorted
// order, so that a file and its shards give every name the same class index wherever they are
// read. Records whose label is missing or no single bytes value are skipped (the decoder reports
// them with their place). A plain value: not thread-safe.
//
//   ClassNameList names(labelSpec.key);
//   for (...) names.add(record);
//   names.applyTo(&labelSpec, /*complete=*/true);
class ClassNameList {
public:
    explicit ClassNameList(QString key)
        : m_key(std::move(key))
    {}

    void add(const ParsedExample &example);
    qint64 records() const { return m_records; } // records added, with or without the label
    qsizetype size() const { return qsizetype(m_names.size()); }
    QStringList names() const { return QStringList(m_names.begin(), m_names.end()); }

    // Replaces label->classNames with the list; `complete` says every record of the data was
    // added (else it was a sample: later records may hold other names).
    void applyTo(LabelSpec *label, bool complete) const;
    // "3 names from a full scan of 250 records" / "... from the first 2000 records (sampled)"
    static QString describe(const LabelSpec &label);

private:
    QString m_key;
    std::set<QString> m_names;
    qint64 m_records = 0;
};

} // namespace qs
