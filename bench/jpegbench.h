#pragma once

#include "base/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace qs {

// JPEG decoding at the model's input size: scaled (DecodeRequest::minWidth/minHeight, the DCT
// decodes at M/8 of full size) against a full decode, each followed by the INTER_AREA resize to
// side x side that preprocessing does. One round times the whole set full, then scaled, then
// its entropy decoding alone; rounds alternate so the machine's load falls on every side, and
// each figure is the median of the rounds' ratios.
//
// Entropy decoding alone is what no DCT scale can skip: a baseline JPEG's Huffman codes must all
// be decoded to find where the next block starts, whatever the scale. TurboJPEG's lossless
// transform with no output reads every coefficient and stops there: no inverse DCT, no
// upsampling, no colour conversion, no resize (it does keep the coefficients in memory, a little
// more than the decoding itself). Where the scaled decode takes about as long as that, scaling
// has gained what it can on the set: going faster needs a faster entropy decoder than
// libjpeg-turbo's.
struct JpegDecodeFigures {
    QString name;                     // what the set is: a file name, "made 256x256 shapes (q90)"
    int images = 0;                   // JPEGs in the set
    int side = 0;                     // the model's input
    QList<double> fullUs;             // per image, each round
    QList<double> scaledUs;           // per image, each round
    QList<double> entropyUs;          // per image, each round: the entropy-coded data decoded, nothing else
    double speedup() const;           // median over rounds of full / scaled; 0 when not measured
    double scaledOverEntropy() const; // median over rounds of scaled / entropy-only
    QJsonObject toJson() const;
};

// The JPEG-encoded single-value bytes features of every record of a TFRecord file
// (uncompressed), at most `limit` of them.
Result<QList<QByteArray>> jpegsInFile(const QString &path, int limit = 2000);

// `count` 256x256 JPEGs of the demo's shapes (DemoGenerator, seed 11; quality 90), the images
// the bench's decode-bound dataset holds; the same each call.
QList<QByteArray> madeJpegs(int count);

// Rounds of full and scaled decodes of `jpegs` at `side`, and of their entropy decoding alone;
// each round runs at least minSeconds per side (the set is decoded as many times as that takes).
Result<JpegDecodeFigures> compareJpegDecode(const QString &name, const QList<QByteArray> &jpegs, int side,
                                            int rounds, double minSeconds);

} // namespace qs
