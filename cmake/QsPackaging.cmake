# A Debian package of both programs (scripts/package.sh builds it; tests/packaging checks it):
# the programs, the desktop file and icons, the AppStream metainfo, the scenarios and the demo
# data, man pages made from the programs' --help (help2man), bash completion for the CLI, and
# the copyright file and changelog Debian policy asks for. Its dependencies are the runtime
# libraries the programs link, as dpkg-shlibdeps finds them (no -dev package).
find_program(QS_HELP2MAN help2man)
if(NOT QS_HELP2MAN)
  message(STATUS "help2man not found: no man pages, and no Debian package (scripts/setup.sh installs it)")
  return()
endif()

set(QS_PACKAGE_MAINTAINER "QueueScope developers <queuescope@example.org>"
    CACHE STRING "The Maintainer field of the Debian package")
set(_man ${CMAKE_BINARY_DIR}/man)
set(_cli_commands inspect make demo run replay bench settings)
add_custom_command(
  OUTPUT ${_man}/queuescope-cli.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_man}
  COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:queuescope-cli> "-DNAME=inspect, make, run and benchmark TFRecord input pipelines"
          "-DCOMMANDS=${_cli_commands}" -DOUT=${_man}/queuescope-cli.1.gz -DHELP2MAN=${QS_HELP2MAN}
          -P ${PROJECT_SOURCE_DIR}/cmake/QsManPage.cmake
  DEPENDS queuescope-cli queuescope-engine ${PROJECT_SOURCE_DIR}/cmake/QsManPage.cmake
  COMMENT "Man page of queuescope-cli"
  VERBATIM)
add_custom_command(
  OUTPUT ${_man}/queuescope.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_man}
  COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:queuescope> "-DNAME=watch a TensorFlow 1.x style input pipeline run"
          -DOUT=${_man}/queuescope.1.gz -DHELP2MAN=${QS_HELP2MAN} -P ${PROJECT_SOURCE_DIR}/cmake/QsManPage.cmake
  DEPENDS queuescope ${PROJECT_SOURCE_DIR}/cmake/QsManPage.cmake
  COMMENT "Man page of queuescope"
  VERBATIM)

# Debian policy: /usr/share/doc/<package>/copyright and a changelog (a native package's is
# changelog.gz), compressed without a time stamp.
string(TIMESTAMP _now "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE ${CMAKE_BINARY_DIR}/packaging/changelog
     "queuescope (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
     "  * Release ${PROJECT_VERSION}: see the README for what it does.\n\n"
     " -- ${QS_PACKAGE_MAINTAINER}  ${_now}\n")
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/packaging/changelog.gz
  COMMAND gzip -9nkf ${CMAKE_BINARY_DIR}/packaging/changelog
  DEPENDS ${CMAKE_BINARY_DIR}/packaging/changelog
  VERBATIM)
add_custom_target(qs_package_files ALL
  DEPENDS ${_man}/queuescope-cli.1.gz ${_man}/queuescope.1.gz ${CMAKE_BINARY_DIR}/packaging/changelog.gz)

install(FILES ${_man}/queuescope-cli.1.gz ${_man}/queuescope.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/resources/linux/io.github.queuescope.QueueScope.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/linux/queuescope-cli.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME queuescope-cli)
install(FILES ${PROJECT_SOURCE_DIR}/resources/linux/copyright ${CMAKE_BINARY_DIR}/packaging/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/queuescope)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME queuescope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${QS_PACKAGE_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
# BMP, GIF and TIFF images go to OpenCV's imgcodecs, loaded only when such a file is met
# (core/example/opencvcodec.cpp), so dpkg-shlibdeps cannot see it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS libopencv-imgcodecs406)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see, teach and debug TensorFlow 1.x style input pipelines")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "QueueScope runs the multithreaded input pipeline of TensorFlow 1.x (file name\n"
    "queues, reader threads parsing tf.train.Example records from TFRecord files, a\n"
    "shuffling example queue, batches, a Coordinator and queue runners) with\n"
    "TensorFlow's semantics and shows every thread, queue and batch live. The\n"
    "queuescope-cli tool inspects, makes, runs and benchmarks TFRecord files.")
include(CPack)
