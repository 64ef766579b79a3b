#pragma once

#include "demo/demooptions.h"

#include <opencv2/core.hpp>

namespace qs {

// Where and how one demo shape is drawn. `radius` is the shape's nominal radius in pixels;
// every class is scaled so its area is close to the others' (2.2 to 2.7 radius^2), which
// keeps "how many bright pixels" from telling the classes apart.
struct ShapePose {
    cv::Point2d centre;
    double radius = 8.0;
    double angle = 0.0;   // radians; ignored by the circle
    double variant = 0.5; // [0, 1): per-class proportion (ring width, cross arm width, ...)
};

// The largest distance from the centre that any class reaches, as a multiple of radius.
inline constexpr double kShapeExtent = 1.25;

// Draws `shape` into `mask` (CV_8UC1): 255 inside, 0 outside, antialiased edges. Pixels
// outside the shape are left as they were, so the caller clears the mask first.
void drawShapeMask(cv::Mat &mask, DemoShape shape, const ShapePose &pose);

} // namespace qs
