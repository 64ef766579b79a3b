#include "feed/samplemaker.h"

#include "example/exampleparser.h"
#include "example/sampledecoder.h"

#include <opencv2/imgproc.hpp>

namespace qs {

namespace {

cv::Mat thumbnailOf(const cv::Mat &bgr, int side)
{
    cv::Mat small;
    if (bgr.cols == side && bgr.rows == side)
        small = bgr;
    else
        cv::resize(bgr, small, cv::Size(side, side), 0, 0, cv::INTER_AREA);
    cv::Mat out;
    switch (small.channels()) {
    case 1:
        out = small.clone();
        break;
    case 4:
        cv::cvtColor(small, out, cv::COLOR_BGRA2RGB);
        break;
    default:
        cv::cvtColor(small, out, cv::COLOR_BGR2RGB);
        break;
    }
    return out;
}

} // namespace

SampleMaker::SampleMaker(FeatureSpec spec, InputSpec input, bool scaledJpeg, int thumbnailSize)
    : m_spec(std::move(spec))
    , m_input(input)
    , m_thumbnailSize(thumbnailSize)
    , m_scaledJpeg(scaledJpeg)
{}

Result<Sample> SampleMaker::make(ExampleParser &parser, QByteArrayView record, const Location &where) const
{
    Result<ParsedExample> parsed = parser.parse(record, where);
    if (!parsed)
        return parsed.status();
    const DecodeOptions options{std::max(m_input.width, m_thumbnailSize),
                                std::max(m_input.height, m_thumbnailSize), m_scaledJpeg};
    Result<DecodedSample> decoded = decode(*parsed, m_spec, where, options);
    if (!decoded)
        return decoded.status();
    Result<cv::Mat> row = preprocessImage(decoded->image, m_input);
    if (!row)
        return row.status().withLocation(where);
    Sample s;
    s.image = std::move(*row);
    s.thumbnail = thumbnailOf(decoded->image, m_thumbnailSize);
    s.label = decoded->label;
    s.file = where.file;
    s.record = where.record;
    return s;
}

} // namespace qs
