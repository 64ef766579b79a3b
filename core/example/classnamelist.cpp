#include "example/classnamelist.h"

namespace qs {

void ClassNameList::add(const ParsedExample &example)
{
    ++m_records;
    const Feature *f = example.find(m_key);
    if (f && f->kind == FeatureKind::Bytes && f->bytes.size() == 1 && looksLikeClassName(f->bytes.front()))
        m_names.insert(QString::fromUtf8(f->bytes.front()));
}

void ClassNameList::applyTo(LabelSpec *label, bool complete) const
{
    label->classNames = names();
    label->classNamesScanned = m_records;
    label->classNamesComplete = complete;
    label->classesSeen = int(m_names.size());
}

QString ClassNameList::describe(const LabelSpec &label)
{
    return label.classNamesComplete
               ? QStringLiteral("%1 class names from a full scan of %2 records")
                     .arg(label.classNames.size())
                     .arg(label.classNamesScanned)
               : QStringLiteral("%1 class names from the first %2 records (sampled, not a full scan)")
                     .arg(label.classNames.size())
                     .arg(label.classNamesScanned);
}

} // namespace qs
