#include "demo/demogenerator.h"

#include "demo/demorandom.h"
#include "demo/demoshapes.h"

#include <opencv2/imgproc.hpp>

#include <array>
#include <cmath>
#include <numbers>

namespace qs {

namespace {

// The knobs that set how hard the dataset is. Lengths are fractions of the image size.
// An MLP has no translation invariance: with the centre anywhere in the image it needs far
// more samples than a demo run (and the unit tests) can give it. A jitter of 6% of the side
// keeps position random but small; rotation, size, colour and clutter stay fully random, and
// a linear least-squares classifier still gets only about half of the images right.
constexpr double kRadiusMin = 0.20, kRadiusMax = 0.32;
constexpr double kCentreJitter = 0.06;                   // centre offset from the middle, per axis
constexpr int kBackgroundMin = 10, kBackgroundMax = 100; // per channel
constexpr double kGradientMax = 40;                      // brightness change across the image
constexpr double kNoiseMin = 6, kNoiseMax = 24;          // per-pixel noise is uniform in +-this
constexpr int kClutterMin = 1, kClutterMax = 4;
constexpr int kClutterColourMin = 50, kClutterColourMax = 190;
constexpr int kShapeColourMin = 60, kShapeDominantMin = 190; // one channel is always bright

// Labels and images come from separate streams so the label order can be read cheaply.
constexpr quint64 kLabelSalt = 0x6C6162656C73ULL; // "labels"

cv::Scalar randomColour(DemoRandom &rng, int lo, int hi)
{
    cv::Scalar c;
    for (int ch = 0; ch < 3; ++ch)
        c[ch] = rng.uniformInt(lo, hi);
    return c;
}

// canvas := canvas + (colour - canvas) * mask / 255, per pixel.
void blend(cv::Mat &canvas, const cv::Mat &mask, const cv::Scalar &colour)
{
    cv::Mat alpha;
    mask.convertTo(alpha, CV_32F, 1.0 / 255.0);
    cv::Mat alpha3;
    cv::merge(std::array<cv::Mat, 3>{alpha, alpha, alpha}.data(), 3, alpha3);
    cv::Mat diff;
    cv::subtract(colour, canvas, diff);
    canvas += diff.mul(alpha3);
}

cv::Mat background(DemoRandom &rng, int size)
{
    const cv::Scalar base = randomColour(rng, kBackgroundMin, kBackgroundMax);
    const double amplitude = rng.uniform(0, kGradientMax);
    const double direction = rng.uniform(0, 2 * std::numbers::pi);
    const double gx = amplitude * std::cos(direction) / size, gy = amplitude * std::sin(direction) / size;
    const double mid = (size - 1) / 2.0;
    // shade(x, y) = gx (x - mid) + gy (y - mid): one ramp along x, shifted for each row.
    cv::Mat ramp(1, size, CV_32FC3);
    for (int x = 0; x < size; ++x)
        ramp.at<cv::Vec3f>(0, x) = cv::Vec3f::all(float(gx * (x - mid)));
    cv::Mat canvas(size, size, CV_32FC3);
    for (int y = 0; y < size; ++y) {
        cv::Mat row = canvas.row(y);
        cv::add(ramp, base + cv::Scalar::all(gy * (y - mid)), row);
    }
    return canvas;
}

void drawClutter(DemoRandom &rng, cv::Mat &canvas, cv::Mat &mask)
{
    const int size = canvas.rows;
    const int items = rng.uniformInt(kClutterMin, kClutterMax);
    for (int i = 0; i < items; ++i) {
        mask.setTo(0);
        const cv::Point2d at(rng.uniform(0, size), rng.uniform(0, size));
        if (rng.chance(0.6)) {
            const double length = rng.uniform(0.15, 0.35) * size;
            const double angle = rng.uniform(0, std::numbers::pi);
            const cv::Point2d to = at + length * cv::Point2d(std::cos(angle), std::sin(angle));
            cv::line(mask, cv::Point(int(std::lround(at.x * 16)), int(std::lround(at.y * 16))),
                     cv::Point(int(std::lround(to.x * 16)), int(std::lround(to.y * 16))), cv::Scalar(255), 1,
                     cv::LINE_AA, 4);
        } else {
            const double radius = rng.uniform(0.03, 0.06) * size;
            cv::circle(mask, cv::Point(int(std::lround(at.x * 16)), int(std::lround(at.y * 16))),
                       int(std::lround(radius * 16)), cv::Scalar(255), cv::FILLED, cv::LINE_AA, 4);
        }
        blend(canvas, mask, randomColour(rng, kClutterColourMin, kClutterColourMax));
    }
}

cv::Scalar shapeColour(DemoRandom &rng)
{
    cv::Scalar c = randomColour(rng, kShapeColourMin, 255);
    c[rng.uniformInt(0, 2)] = rng.uniformInt(kShapeDominantMin, 255);
    return c;
}

void addNoise(DemoRandom &rng, cv::Mat &canvas)
{
    const double amplitude = rng.uniform(kNoiseMin, kNoiseMax);
    cv::Mat bytes(canvas.size(), CV_8UC3);
    rng.fillBytes(bytes.data, bytes.total() * bytes.elemSize()); // a fresh Mat is continuous
    cv::Mat noise;
    bytes.convertTo(noise, CV_32F, 2 * amplitude / 255.0, -amplitude);
    canvas += noise;
}

} // namespace

Result<DemoGenerator> DemoGenerator::create(const DemoOptions &options)
{
    if (Status s = options.validate(); !s.isOk())
        return s;
    return DemoGenerator(options);
}

int DemoGenerator::labelOf(qint64 index) const
{
    if (index < 0)
        return -1;
    const int k = m_options.classes;
    DemoRandom rng(DemoRandom::mix(m_options.seed ^ kLabelSalt, quint64(index / k)));
    std::array<int, kDemoMaxClasses> order{};
    for (int i = 0; i < k; ++i)
        order[size_t(i)] = i;
    for (int i = k - 1; i > 0; --i) // Fisher-Yates
        std::swap(order[size_t(i)], order[size_t(rng.uniformInt(0, i))]);
    return order[size_t(index % k)];
}

DemoSample DemoGenerator::sample(qint64 index) const
{
    if (index < 0)
        return {};
    const int size = m_options.size;
    DemoRandom rng(DemoRandom::mix(m_options.seed, quint64(index)));
    DemoSample out;
    out.index = index;
    out.label = labelOf(index);

    cv::Mat canvas = background(rng, size);
    cv::Mat mask(size, size, CV_8UC1);
    drawClutter(rng, canvas, mask);

    ShapePose pose;
    pose.radius = rng.uniform(kRadiusMin, kRadiusMax) * size;
    const double mid = (size - 1) / 2.0; // pixel centres are at integer coordinates
    pose.centre = {mid + rng.uniform(-kCentreJitter, kCentreJitter) * size,
                   mid + rng.uniform(-kCentreJitter, kCentreJitter) * size};
    pose.angle = rng.uniform(0, 2 * std::numbers::pi);
    pose.variant = rng.uniform01();
    mask.setTo(0);
    drawShapeMask(mask, DemoShape(out.label), pose);
    blend(canvas, mask, shapeColour(rng));

    addNoise(rng, canvas);
    canvas.convertTo(out.image, CV_8U); // rounds and saturates
    return out;
}

std::optional<DemoSample> DemoGenerator::next()
{
    if (atEnd())
        return std::nullopt;
    return sample(m_next++);
}

} // namespace qs
