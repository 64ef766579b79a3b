#include "feed/preprocess.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {
constexpr int kMaxSide = 1024;

Status checkImage(const cv::Mat &image)
{
    if (image.empty())
        return invalidArgument(QStringLiteral("preprocess: the image is empty"));
    if (image.depth() != CV_8U)
        return invalidArgument(QStringLiteral("preprocess: expected an 8-bit image, got depth %1")
                                   .arg(QString::fromStdString(cv::typeToString(image.type()))));
    if (image.channels() != 1 && image.channels() != 3 && image.channels() != 4)
        return invalidArgument(
            QStringLiteral("preprocess: expected 1, 3 or 4 channels, got %1").arg(image.channels()));
    return Status::ok();
}

int colourConversion(int from, int to)
{
    if (from == 1)
        return to == 3 ? cv::COLOR_GRAY2BGR : -1;
    if (from == 3)
        return to == 1 ? cv::COLOR_BGR2GRAY : -1;
    return to == 1 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGRA2BGR;
}
} // namespace

Status InputSpec::validate() const
{
    if (width < 1 || width > kMaxSide || height < 1 || height > kMaxSide)
        return invalidArgument(
            QStringLiteral("input size %1x%2 is outside [1, %3]").arg(width).arg(height).arg(kMaxSide));
    if (channels != 1 && channels != 3)
        return invalidArgument(QStringLiteral("input channels must be 1 or 3 (got %1)").arg(channels));
    return Status::ok();
}

QString InputSpec::toString() const
{
    return QStringLiteral("%1x%2x%3").arg(width).arg(height).arg(channels);
}

Status preprocessInto(const cv::Mat &image, const InputSpec &spec, cv::Mat row)
{
    if (Status s = spec.validate(); !s.isOk())
        return s;
    if (Status s = checkImage(image); !s.isOk())
        return s;
    if (row.rows != 1 || row.cols != spec.featureCount() || row.type() != CV_32F)
        return invalidArgument(
            QStringLiteral("preprocess: the output row must be 1 x %1 CV_32F").arg(spec.featureCount()));

    cv::Mat sized = image;
    if (image.cols != spec.width || image.rows != spec.height)
        cv::resize(image, sized, cv::Size(spec.width, spec.height), 0, 0, cv::INTER_AREA);
    cv::Mat coloured = sized;
    if (const int code = colourConversion(sized.channels(), spec.channels); code >= 0)
        cv::cvtColor(sized, coloured, code);
    // Statistics from the 8-bit values: OpenCV sums those exactly, so a flat image gives
    // exactly zero rather than float rounding noise.
    if (!coloured.isContinuous())
        coloured = coloured.clone();
    cv::Scalar mean, stddev;
    cv::meanStdDev(coloured.reshape(1, 1), mean, stddev);
    const double scale = std::max(stddev[0], 1.0 / std::sqrt(double(row.cols)));
    // A width x height view of the row with the image's layout: convertTo writes straight
    // into the row, channels interleaved.
    cv::Mat target = row.reshape(spec.channels, spec.height);
    coloured.convertTo(target, CV_32F, 1.0, -mean[0]); // centre first: a flat image is exact 0
    Q_ASSERT(target.data == row.data);
    row *= 1.0 / scale;
    return Status::ok();
}

Result<cv::Mat> preprocessImage(const cv::Mat &image, const InputSpec &spec)
{
    if (Status s = spec.validate(); !s.isOk())
        return s;
    cv::Mat row(1, spec.featureCount(), CV_32F);
    if (Status s = preprocessInto(image, spec, row); !s.isOk())
        return s;
    return row;
}

Result<cv::Mat> preprocessBatch(const std::vector<cv::Mat> &images, const InputSpec &spec)
{
    if (Status s = spec.validate(); !s.isOk())
        return s;
    cv::Mat batch(int(images.size()), spec.featureCount(), CV_32F);
    for (size_t i = 0; i < images.size(); ++i) {
        if (Status s = preprocessInto(images[i], spec, batch.row(int(i))); !s.isOk())
            return Status(s.kind(), s.message() + QStringLiteral(" (batch image %1)").arg(i));
    }
    return batch;
}

Result<cv::Mat> inputToImage(const cv::Mat &row, const InputSpec &spec)
{
    if (Status s = spec.validate(); !s.isOk())
        return s;
    if (row.rows != 1 || row.cols != spec.featureCount() || row.type() != CV_32F)
        return invalidArgument(
            QStringLiteral("inputToImage: expected a 1 x %1 CV_32F row").arg(spec.featureCount()));
    cv::Mat image;
    row.reshape(spec.channels, spec.height).convertTo(image, CV_8U, 64.0, 128.0);
    return image;
}

} // namespace qs
