#!/usr/bin/env bash
# tst_package: builds the Debian package of the build tree BUILD with cpack and checks it as a
# classroom machine would meet it: its contents, that its dependencies are runtime packages,
# that lintian reports no error, that the metainfo validates, and that the programs, man pages
# and bash completion work from the unpacked files. Exit 77 (skip) when a tool is missing.
#   tests/packaging/check_package.sh BUILD
set -euo pipefail
build=$(cd "$1" && pwd)
for tool in cpack dpkg-deb lintian appstreamcli help2man man; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (scripts/setup.sh installs it)"
    exit 77
  fi
done
work=$(mktemp -d "${TMPDIR:-/tmp}/qs-package-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

(cd "$work" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log"; fail "cpack could not build the package"; }
deb=$(ls "$work"/out/*.deb)
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
for path in /usr/bin/queuescope /usr/bin/queuescope-cli /usr/lib/queuescope/libqueuescope-engine.so \
  /usr/share/applications/queuescope.desktop \
  /usr/share/icons/hicolor/256x256/apps/queuescope.png /usr/share/icons/hicolor/16x16/apps/queuescope.png \
  /usr/share/metainfo/io.github.queuescope.QueueScope.metainfo.xml \
  /usr/share/queuescope/scenarios/clean-end-of-data.json /usr/share/queuescope/scenarios/user-stop.json \
  /usr/share/queuescope/demo/demo-train.tfrecords /usr/share/queuescope/demo/demo-eval.tfrecords \
  /usr/share/man/man1/queuescope.1.gz /usr/share/man/man1/queuescope-cli.1.gz \
  /usr/share/bash-completion/completions/queuescope-cli \
  /usr/share/doc/queuescope/copyright /usr/share/doc/queuescope/changelog.gz; do
  grep -qx "$path" "$work/contents" || fail "the package lacks $path"
done
scenarios=$(ls "$(dirname "$0")/../../resources/scenarios" | wc -l)
[ "$(grep -c '^/usr/share/queuescope/scenarios/.*\.json$' "$work/contents")" -eq "$scenarios" ] ||
  fail "the package does not hold every scenario ($scenarios)"
if grep -q '^/usr/local\|^/build\|^/home\|^/root' "$work/contents"; then fail "files outside /usr"; fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
case $depends in *libqt6core6* ) ;; *) fail "Depends does not name Qt's runtime library" ;; esac
if echo "$depends" | grep -q -- '-dev'; then fail "Depends names a -dev package"; fi

lintian --fail-on error --tag-display-limit 0 "$deb" | tee "$work/lintian.log" || fail "lintian reports errors"

mkdir "$work/root"
dpkg-deb -x "$deb" "$work/root"
appstreamcli validate --no-net "$work/root/usr/share/metainfo/io.github.queuescope.QueueScope.metainfo.xml" ||
  fail "the metainfo does not validate"
bin="$work/root/usr/bin"
"$bin/queuescope-cli" --version | grep -q '^queuescope-cli ' || fail "queuescope-cli --version"
# The unpacked CLI finds the demo data next to it (bin/../share/queuescope/demo), as installed.
QS_DEMO_DIR= "$bin/queuescope-cli" inspect "$work/root/usr/share/queuescope/demo/demo-eval.tfrecords" >/dev/null ||
  fail "the packaged CLI cannot inspect the packaged demo data"
QT_QPA_PLATFORM=offscreen "$bin/queuescope" --version | grep -q 'QueueScope' || fail "queuescope --version"
for page in queuescope queuescope-cli; do
  text=$(MANWIDTH=100 man -l "$work/root/usr/share/man/man1/$page.1.gz" 2>"$work/man.err")
  [ ! -s "$work/man.err" ] || { cat "$work/man.err"; fail "man reports problems in $page.1"; }
  echo "$text" | grep -q -- '--help' || fail "$page.1 lacks the options"
  # help2man turns a character it cannot read into '?': the knobs' help has "3 × batch size".
  ! echo "$text" | grep -n -- '??' || fail "$page.1 lost characters to question marks"
done
# In a UTF-8 locale roff's \(mu is the sign itself (an x in the C locale).
LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$work/root/usr/share/man/man1/queuescope-cli.1.gz" |
  grep -q -- 'min_after_dequeue + 3 × batch' ||
  fail "queuescope-cli.1 lacks the capacity flag's help as written"
man -l "$work/root/usr/share/man/man1/queuescope-cli.1.gz" | grep -q -- '--record' ||
  fail "queuescope-cli.1 lacks the run command's flags"

# bash completion, driven the way bash drives it.
completion=$(PATH="$bin:$PATH" bash -c '
  source "$1"
  COMP_WORDS=(queuescope-cli ins); COMP_CWORD=1; _queuescope_cli; echo "first: ${COMPREPLY[*]}"
  COMP_WORDS=(queuescope-cli run --reco); COMP_CWORD=2; _queuescope_cli; echo "flag: ${COMPREPLY[*]}"
' _ "$work/root/usr/share/bash-completion/completions/queuescope-cli")
echo "$completion"
echo "$completion" | grep -qx 'first: inspect' || fail "completion of a subcommand"
echo "$completion" | grep -qx 'flag: --record' || fail "completion of a run flag"
echo "package ok"
