# OpenCV: Debian's split libopencv-*-dev packages ship headers and libraries but no
# OpenCVConfig.cmake (only the 673 MB libopencv-dev does). Use the config when it is there,
# otherwise make the same imported targets from the headers and libraries we find.
# opencv_imgcodecs is found for tests that write fixtures with cv::imencode only: core, the CLI
# and the GUI decode with core/example's own codecs and load imgcodecs with dlopen() for BMP,
# GIF and TIFF (opencvcodec.cpp), so that a program start does not load the ~130 libraries
# imgcodecs pulls in.
set(_qs_cv_modules core imgproc imgcodecs ml)
find_package(OpenCV 4 QUIET COMPONENTS ${_qs_cv_modules})
if(OpenCV_FOUND)
  message(STATUS "OpenCV ${OpenCV_VERSION} from its CMake config")
  return()
endif()

find_path(QS_OPENCV_INCLUDE_DIR opencv2/core.hpp PATH_SUFFIXES opencv4 REQUIRED)
foreach(_m IN LISTS _qs_cv_modules)
  find_library(QS_OPENCV_${_m}_LIBRARY NAMES opencv_${_m} REQUIRED)
  if(NOT TARGET opencv_${_m})
    add_library(opencv_${_m} SHARED IMPORTED GLOBAL)
    set_target_properties(opencv_${_m} PROPERTIES
      IMPORTED_LOCATION "${QS_OPENCV_${_m}_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${QS_OPENCV_INCLUDE_DIR}")
  endif()
endforeach()
set_property(TARGET opencv_imgproc PROPERTY INTERFACE_LINK_LIBRARIES opencv_core)
set_property(TARGET opencv_imgcodecs PROPERTY INTERFACE_LINK_LIBRARIES opencv_imgproc opencv_core)
set_property(TARGET opencv_ml PROPERTY INTERFACE_LINK_LIBRARIES opencv_core)
message(STATUS "OpenCV from split packages: ${QS_OPENCV_INCLUDE_DIR}")
