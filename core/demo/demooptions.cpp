#include "demo/demooptions.h"

#include <array>

namespace qs {

namespace {
constexpr std::array<const char *, kDemoMaxClasses> kNames{
    "circle", "triangle", "cross", "square", "ring", "star", "crescent", "bars",
};
} // namespace

Status DemoOptions::validate() const
{
    if (count < 0)
        return invalidArgument(
            QStringLiteral("demo dataset: count must not be negative (got %1)").arg(count));
    if (size < kDemoMinSize || size > kDemoMaxSize)
        return invalidArgument(QStringLiteral("demo dataset: size must be in [%1, %2] pixels (got %3)")
                                   .arg(kDemoMinSize)
                                   .arg(kDemoMaxSize)
                                   .arg(size));
    if (classes < 2 || classes > kDemoMaxClasses)
        return invalidArgument(QStringLiteral("demo dataset: classes must be in [2, %1] (got %2)")
                                   .arg(kDemoMaxClasses)
                                   .arg(classes));
    return Status::ok();
}

QString demoClassName(int label)
{
    if (label < 0 || label >= kDemoMaxClasses)
        return {};
    return QString::fromLatin1(kNames[size_t(label)]);
}

QStringList demoClassNames(int count)
{
    QStringList names;
    for (int i = 0; i < qBound(0, count, kDemoMaxClasses); ++i)
        names << demoClassName(i);
    return names;
}

} // namespace qs
