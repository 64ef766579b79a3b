#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace qs {

// JPEG decoding at the model's input size: scaled (DecodeRequest::minWidth/minHeight, the DCT
// decodes at M/8 of full size) against a full decode, each followed by the INTER_AREA resize to
// side x side that preprocessing does. One round times the whole set full, then scaled; rounds
// alternate so the machine's load falls on both sides, and the figure is the median of the
// rounds' ratios.
struct JpegDecodeFigures {
    QString name;           // what the set is: a file name, "made 256x256 shapes (q90)"
    int images = 0;         // JPEGs in the set
    int side = 0;           // the model's input
    QList<double> fullUs;   // per image, each round
    QList<double> scaledUs; // per image, each round
    double speedup() const; // median over rounds of full / scaled; 0 when not measured
    QJsonObject toJson() const;
};

// The JPEG-encoded single-value bytes features of every record of a TFRecord file
// (uncompressed), at most `limit` of them.
Result<QList<QByteArray>> jpegsInFile(const QString &path, int limit = 2000);

// `count` 256x256 JPEGs of the demo's shapes (DemoGenerator, seed 11; quality 90), the images
// the bench's decode-bound dataset holds; the same each call.
QList<QByteArray> madeJpegs(int count);

// Rounds of full and scaled decodes of `jpegs` at `side`; each round runs at least minSeconds
// per side (the set is decoded as many times as that takes).
Result<JpegDecodeFigures> compareJpegDecode(const QString &name, const QList<QByteArray> &jpegs, int side,
                                            int rounds, double minSeconds);

} // namespace qs
