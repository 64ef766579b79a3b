#include "example/detectionrules.h"

#include <QtEndian>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

namespace qs::detail {

namespace {

constexpr qint64 kMinGuessedSide = 8; // a square guess smaller than 8x8 is more likely not an image

Status reject(const QString &why)
{
    return invalidArgument(why);
}

enum class Role { Height, Width, Channels };

bool matchesRole(const QString &key, Role role)
{
    QString seg = key.toLower();
    seg = seg.mid(seg.lastIndexOf(QLatin1Char('/')) + 1);
    for (const char *prefix : {"image_", "img_", "image", "img"}) {
        const QLatin1String p(prefix);
        if (seg.startsWith(p) && seg.size() > p.size()) {
            seg = seg.mid(p.size());
            break;
        }
    }
    static const QStringList heights{QStringLiteral("height"), QStringLiteral("rows"), QStringLiteral("h"),
                                     QStringLiteral("num_rows")};
    static const QStringList widths{QStringLiteral("width"), QStringLiteral("cols"),
                                    QStringLiteral("columns"), QStringLiteral("w"),
                                    QStringLiteral("num_cols")};
    static const QStringList channels{QStringLiteral("channels"), QStringLiteral("channel"),
                                      QStringLiteral("depth"), QStringLiteral("c"),
                                      QStringLiteral("num_channels")};
    switch (role) {
    case Role::Height:
        return heights.contains(seg);
    case Role::Width:
        return widths.contains(seg);
    case Role::Channels:
        return channels.contains(seg);
    }
    return false;
}

QString prefixOf(const QString &key)
{
    const QString lower = key.toLower();
    const auto cut =
        std::find_if(lower.begin(), lower.end(), [](QChar ch) { return ch == u'/' || ch == u'_'; });
    return lower.left(cut - lower.begin());
}

bool isScalarInt(const Feature *f)
{
    return f && f->kind == FeatureKind::Int64 && f->ints.size() == 1;
}

QString pickShapeKey(const QString &imageKey, std::span<const ParsedExample> samples, Role role,
                     const std::optional<QString> &chosen)
{
    if (chosen)
        return *chosen;
    QString best;
    for (const auto &entry : samples.front().features) {
        const QString &key = entry.first; // clang 14 cannot capture a structured binding
        if (key == imageKey || !matchesRole(key, role))
            continue;
        const bool everywhere = std::all_of(samples.begin(), samples.end(),
                                            [&](const ParsedExample &s) { return isScalarInt(s.find(key)); });
        if (!everywhere)
            continue;
        const auto rank = [&](const QString &k) {
            return std::tuple(prefixOf(k) == prefixOf(imageKey) ? 0 : 1, k.size(), k);
        };
        if (best.isEmpty() || rank(key) < rank(best))
            best = key;
    }
    return best;
}

bool plausibleFloats(const QByteArray &bytes)
{
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype n = std::min<qsizetype>(bytes.size() / 4, 4096);
    for (qsizetype i = 0; i < n; ++i) {
        const float v = qFromLittleEndian<float>(p + 4 * i);
        if (!std::isfinite(v) || std::abs(v) > 1e5f || (v != 0 && std::abs(v) < 1e-6f))
            return false;
    }
    return true;
}

} // namespace

ShapeKeys findShapeKeys(const QString &imageKey, std::span<const ParsedExample> samples,
                        const ImageOverrides &o)
{
    if (samples.empty())
        return {};
    ShapeKeys keys;
    if (o.height.value_or(0) == 0)
        keys.height = pickShapeKey(imageKey, samples, Role::Height, o.heightKey);
    if (o.width.value_or(0) == 0)
        keys.width = pickShapeKey(imageKey, samples, Role::Width, o.widthKey);
    if (o.channels.value_or(0) == 0)
        keys.channels = pickShapeKey(imageKey, samples, Role::Channels, o.channelsKey);
    return keys;
}

Result<Dims> dimsOf(const ParsedExample &sample, qsizetype index, const ImageOverrides &o,
                    const ShapeKeys &keys)
{
    Dims d;
    const auto read = [&](std::optional<int> fixed, const QString &key, qint64 *out) -> Status {
        if (fixed.value_or(0) > 0) {
            *out = *fixed;
            return Status::ok();
        }
        if (key.isEmpty())
            return Status::ok();
        const Feature *f = sample.find(key);
        if (!isScalarInt(f))
            return reject(QStringLiteral("shape feature '%1' is not one int64 in sampled record %2")
                              .arg(key)
                              .arg(index));
        *out = f->ints.front();
        if (*out < 1 || *out > kMaxImageSide)
            return reject(QStringLiteral("shape feature '%1' holds %2 in sampled record %3")
                              .arg(key)
                              .arg(*out)
                              .arg(index));
        return Status::ok();
    };
    for (const Status &s : {read(o.height, keys.height, &d.h), read(o.width, keys.width, &d.w),
                            read(o.channels, keys.channels, &d.c)}) {
        if (!s)
            return s;
    }
    return d;
}

Result<Fit> fitShape(qint64 count, const Dims &d, std::optional<PixelType> dtype, bool raw,
                     const QByteArray *bytes, bool chosenByUser)
{
    const QString unit = raw ? QStringLiteral("bytes") : QStringLiteral("floats");
    if (d.h > 0 && d.w > 0) {
        const qint64 hw = d.h * d.w; // both <= 2^20
        if (hw > kMaxImagePixels)
            return reject(
                QStringLiteral("%1x%2 is more than %3 pixels").arg(d.h).arg(d.w).arg(kMaxImagePixels));
        if (count % hw != 0)
            return reject(
                QStringLiteral("%1 %2 are not a multiple of height*width = %3").arg(count).arg(unit).arg(hw));
        const qint64 per = count / hw;
        Fit fit{d.h, d.w, d.c, dtype.value_or(PixelType::UInt8), false};
        if (!raw) {
            fit.c = d.c > 0 ? d.c : per;
            if (per != fit.c || (fit.c != 1 && fit.c != 3 && fit.c != 4))
                return reject(QStringLiteral("%1 floats do not make %2x%3 pixels of 1, 3 or 4 channels")
                                  .arg(count)
                                  .arg(d.h)
                                  .arg(d.w));
            return fit;
        }
        if (d.c > 0) {
            const qint64 elem = per / d.c;
            const bool fits = per % d.c == 0 &&
                              (dtype ? elem == pixelTypeSize(*dtype) : (elem == 1 || elem == 2 || elem == 4));
            if (!fits)
                return reject(QStringLiteral("%1 bytes do not make %2x%3x%4 pixels of 1, 2 or 4 bytes")
                                  .arg(count)
                                  .arg(d.h)
                                  .arg(d.w)
                                  .arg(d.c));
            if (!dtype)
                fit.dtype = elem == 1 ? PixelType::UInt8 : elem == 2 ? PixelType::Int16 : PixelType::Float32;
            return fit;
        }
        if (dtype) {
            fit.c = per / pixelTypeSize(*dtype);
            if (per % pixelTypeSize(*dtype) != 0 || (fit.c != 1 && fit.c != 3 && fit.c != 4))
                return reject(QStringLiteral("%1 bytes do not make %2x%3 %4 pixels of 1, 3 or 4 channels")
                                  .arg(count)
                                  .arg(d.h)
                                  .arg(d.w)
                                  .arg(pixelTypeName(*dtype)));
            return fit;
        }
        switch (per) {
        case 1:
        case 3:
            fit.c = per;
            return fit;
        case 2:
        case 6:
            fit = Fit{d.h, d.w, per / 2, PixelType::Int16, false};
            return fit;
        case 4: // one float32 channel, or RGBA bytes: floats read from RGBA bytes look absurd
            if (bytes && plausibleFloats(*bytes))
                return Fit{d.h, d.w, 1, PixelType::Float32, false};
            return Fit{d.h, d.w, 4, PixelType::UInt8, false};
        case 12:
            return Fit{d.h, d.w, 3, PixelType::Float32, false};
        default:
            return reject(
                QStringLiteral("%1 bytes are %2 bytes per pixel of %3x%4, which no pixel type makes")
                    .arg(count)
                    .arg(per)
                    .arg(d.h)
                    .arg(d.w));
        }
    }
    const PixelType type = dtype.value_or(PixelType::UInt8);
    const qint64 elem = raw ? pixelTypeSize(type) : 1;
    const qint64 minSide = chosenByUser ? 1 : kMinGuessedSide;
    // Three channels first (the dogs-and-cats layout), then gray; the user's count when given.
    const std::array<qint64, 2> guesses{3, 1};
    const std::span<const qint64> tryChannels =
        d.c > 0 ? std::span<const qint64>(&d.c, 1) : std::span(guesses);
    for (const qint64 c : tryChannels) {
        if (count % (elem * c) != 0)
            continue;
        const qint64 pixels = count / (elem * c);
        if (d.h > 0 || d.w > 0) {
            const qint64 known = std::max(d.h, d.w);
            if (pixels % known == 0 && pixels / known <= kMaxImageSide && pixels <= kMaxImagePixels)
                return Fit{d.h > 0 ? d.h : pixels / known, d.w > 0 ? d.w : pixels / known, c, type, true};
            continue;
        }
        const auto side = qint64(std::llround(std::sqrt(double(pixels))));
        if (side * side == pixels && side >= minSide && side <= kMaxImageSide)
            return Fit{side, side, c, type, true};
    }
    const QString what = raw ? QStringLiteral("bytes of %1").arg(pixelTypeName(type)) : unit;
    const QString channels = d.c > 0 ? QString::number(d.c) : QStringLiteral("3 or 1");
    if (d.h > 0 || d.w > 0)
        return reject(QStringLiteral("%1 %2 do not fit the given %3 of %4 with %5 channel(s)")
                          .arg(count)
                          .arg(what, d.h > 0 ? QStringLiteral("height") : QStringLiteral("width"))
                          .arg(std::max(d.h, d.w))
                          .arg(channels));
    return reject(
        QStringLiteral("%1 %2 fit no square image of %3 channel(s) at least %4x%4, and there are no "
                       "height/width features")
            .arg(count)
            .arg(what, channels)
            .arg(minSide));
}

bool looksLikeText(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return true;
    const qsizetype printable = std::count_if(bytes.begin(), bytes.end(), [](char ch) {
        const auto c = uchar(ch);
        return (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\r' || c == '\t';
    });
    return printable * 100 >= bytes.size() * 97;
}

ValueRange rangeFor(double lo, double hi, PixelType dtype, bool floats)
{
    if (!(lo <= hi)) // no finite values
        return floats ? ValueRange{0, 1} : ValueRange{0, 255};
    if (!floats && dtype == PixelType::Int16) {
        if (lo < 0)
            return {-32768, 32767};
        for (double top : {255.0, 1023.0, 4095.0, 32767.0}) {
            if (hi <= top)
                return {0, top};
        }
    }
    if (lo >= 0 && hi <= 1)
        return {0, 1};
    if (lo >= -0.5 && hi <= 0.5) // pixel / 255 - 0.5, as the TFX mnist example stores them
        return {-0.5, 0.5};
    if (lo >= -1 && hi <= 1)
        return {-1, 1};
    if (lo >= 0 && hi <= 255)
        return {0, 255};
    return {lo, hi > lo ? hi : lo + 1};
}

} // namespace qs::detail
