#include "demo/demoshapes.h"

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <numbers>
#include <vector>

namespace qs {

namespace {

// Drawing coordinates carry 4 fractional bits so small shapes keep their subpixel position.
constexpr int kShift = 4;
constexpr double kOne = 1 << kShift;

cv::Point fixedPoint(cv::Point2d p)
{
    return {int(std::lround(p.x * kOne)), int(std::lround(p.y * kOne))};
}

// A point given in the shape's own frame (unit = radius, x to the right), placed in the image.
cv::Point2d place(const ShapePose &pose, double x, double y)
{
    const double c = std::cos(pose.angle), s = std::sin(pose.angle);
    return {pose.centre.x + pose.radius * (c * x - s * y), pose.centre.y + pose.radius * (s * x + c * y)};
}

void fillPolygon(cv::Mat &mask, const ShapePose &pose, const std::vector<cv::Point2d> &local)
{
    std::vector<cv::Point> pts;
    pts.reserve(local.size());
    for (const cv::Point2d &p : local)
        pts.push_back(fixedPoint(place(pose, p.x, p.y)));
    // fillPoly, not fillConvexPoly: the star is concave.
    const cv::Point *data = pts.data();
    const int n = int(pts.size());
    cv::fillPoly(mask, &data, &n, 1, cv::Scalar(255), cv::LINE_AA, kShift);
}

void fillDisc(cv::Mat &mask, cv::Point2d centre, double radius, int value)
{
    cv::circle(mask, fixedPoint(centre), int(std::lround(radius * kOne)), cv::Scalar(value), cv::FILLED,
               cv::LINE_AA, kShift);
}

// Regular polygon or star outline with `points` tips, alternating outer and inner radii when
// `inner` > 0, first tip pointing up in the shape's frame.
std::vector<cv::Point2d> radialOutline(int points, double outer, double inner)
{
    std::vector<cv::Point2d> out;
    const int steps = inner > 0 ? 2 * points : points;
    for (int i = 0; i < steps; ++i) {
        const double a = -std::numbers::pi / 2 + 2 * std::numbers::pi * i / steps;
        const double r = (inner > 0 && i % 2 == 1) ? inner : outer;
        out.emplace_back(r * std::cos(a), r * std::sin(a));
    }
    return out;
}

void fillRect(cv::Mat &mask, const ShapePose &pose, double cx, double cy, double halfW, double halfH)
{
    fillPolygon(mask, pose,
                {{cx - halfW, cy - halfH},
                 {cx + halfW, cy - halfH},
                 {cx + halfW, cy + halfH},
                 {cx - halfW, cy + halfH}});
}

} // namespace

void drawShapeMask(cv::Mat &mask, DemoShape shape, const ShapePose &pose)
{
    Q_ASSERT(mask.type() == CV_8UC1);
    const double r = pose.radius;
    const double v = pose.variant;
    switch (shape) {
    case DemoShape::Circle:
        fillDisc(mask, pose.centre, 0.9 * r, 255);
        break;
    case DemoShape::Triangle:
        fillPolygon(mask, pose, radialOutline(3, kShapeExtent, 0));
        break;
    case DemoShape::Cross: {
        const double half = 0.26 + 0.1 * v;
        fillRect(mask, pose, 0, 0, 1.05, half);
        fillRect(mask, pose, 0, 0, half, 1.05);
        break;
    }
    case DemoShape::Square:
        fillRect(mask, pose, 0, 0, 0.8, 0.8);
        break;
    case DemoShape::Ring:
        fillDisc(mask, pose.centre, 1.05 * r, 255);
        fillDisc(mask, pose.centre, (0.5 + 0.12 * v) * r, 0);
        break;
    case DemoShape::Star:
        fillPolygon(mask, pose, radialOutline(5, kShapeExtent, 0.5 + 0.08 * v));
        break;
    case DemoShape::Crescent:
        fillDisc(mask, pose.centre, 1.15 * r, 255);
        fillDisc(mask, place(pose, 0.5 + 0.15 * v, 0), 0.8 * r, 0);
        break;
    case DemoShape::Bars: {
        const double gap = 0.45 + 0.1 * v;
        fillRect(mask, pose, 0, -gap, 0.95, 0.25);
        fillRect(mask, pose, 0, gap, 0.95, 0.25);
        break;
    }
    }
}

} // namespace qs
