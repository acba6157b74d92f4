#!/usr/bin/env bash
# Install the C library into a fresh prefix and use the installed copy as a
# game in C or C++ would: examples/embed.c, examples/any_game.c and
# tools/install_consumer/cxx_api.cpp (every public header from C++) are built
# three ways and run -
#   1. find_package(pintas CONFIG) from the CMake project tools/install_consumer,
#      against pintas::pintas (shared) and pintas::pintas_static;
#   2. pkg-config --cflags --libs pintas, against the shared library
#      (run with LD_LIBRARY_PATH);
#   3. pkg-config --static --libs pintas, taking libpintas.a.
# It also checks what is installed (headers, no *_internal.h, the soname) and
# that libpintas.so exports exactly the pintas_* API.
#
#   tools/test_install.sh [-p PREFIX]
#
# -p installs into PREFIX and keeps it (CI then runs tests/cffi against it);
# by default a temporary prefix is used and removed. Needs cmake, a C and a
# C++ compiler ($CC, $CXX: default gcc, g++), pkg-config, nm and readelf.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
while getopts "p:" opt; do
  case $opt in
    p) prefix=$OPTARG ;;
    *) echo "usage: $0 [-p PREFIX]" >&2; exit 2 ;;
  esac
done
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
cc=${CC:-gcc}
cxx=${CXX:-g++}
checks=0
ok() { checks=$((checks + 1)); echo "ok: $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

# Configured for another prefix and installed with --prefix: the package and
# pintas.pc must not depend on the prefix the build was configured with.
echo "== build and install into $prefix"
cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DPINTAS_BUILD_TESTS=OFF \
      -DCMAKE_INSTALL_PREFIX=/pintas-configured-elsewhere >/dev/null
cmake --build "$work/build" -j2 >/dev/null
cmake --install "$work/build" --prefix "$prefix" >/dev/null

pc=$(find "$prefix" -name pintas.pc -path '*/pkgconfig/*' | head -n 1)
[ -n "$pc" ] || fail "no pintas.pc installed"
libdir=$(dirname "$(dirname "$pc")")
includedir=$prefix/include
version=$(sed -n 's/^project(pintas VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
soversion=$version
case $version in 0.*) soversion=${version%.*} ;; *) soversion=${version%%.*} ;; esac

echo "== what is installed"
for f in "$libdir/libpintas.a" "$libdir/libpintas.so" "$libdir/libpintas.so.$soversion" \
         "$libdir/libpintas.so.$version" "$libdir/cmake/pintas/pintasConfig.cmake" \
         "$libdir/cmake/pintas/pintasConfigVersion.cmake" "$libdir/cmake/pintas/pintasTargets.cmake"; do
  [ -e "$f" ] || fail "not installed: $f"
done
ok "libraries, CMake package and pintas.pc in ${libdir#"$prefix"/}"
soname=$(readelf -d "$libdir/libpintas.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = "libpintas.so.$soversion" ] || fail "soname $soname, not libpintas.so.$soversion"
ok "soname $soname"
wanted=$(cd "$root/csrc/include/pintas" && ls ./*.h | grep -v '_internal\.h$' | sort)
got=$(cd "$includedir/pintas" && ls ./*.h | sort)
[ "$wanted" = "$got" ] || fail "installed headers differ from the public ones: $got"
ok "the public headers: $(echo "$got" | wc -l) in include/pintas, no *_internal.h"

# The shared library exports the API and nothing else: the same pintas_*
# symbols as the static library defines, less the core's pintas__* helpers.
exported=$(nm -D --defined-only "$libdir/libpintas.so" | awk '{print $NF}' | sort -u)
api=$(nm -g --defined-only "$libdir/libpintas.a" | awk 'NF == 3 {print $3}' \
      | grep -E '^pintas_[A-Za-z0-9]' | sort -u)
stray=$(echo "$exported" | grep -v -E '^pintas_[A-Za-z0-9]' || true)
[ -z "$stray" ] || fail "libpintas.so exports more than the API: $stray"
[ "$exported" = "$api" ] || fail "libpintas.so does not export the API: $(diff <(echo "$api") <(echo "$exported"))"
ok "libpintas.so exports exactly the $(echo "$exported" | wc -l) pintas_* symbols of the API"

# Prints, for a program, that it links libpintas.so (shared) or does not (static).
linkage() { if readelf -d "$1" | grep -q "NEEDED.*libpintas\.so"; then echo shared; else echo static; fi; }
# Fails unless a program linked with the shared library loads the installed one.
takes_installed() {
  local loaded
  loaded=$(ldd "$1" | sed -n 's/.*libpintas\.so[^ ]* => \([^ ]*\) .*/\1/p')
  [ "$(dirname "$loaded")" -ef "$libdir" ] || fail "$1 loads libpintas from '$loaded', not $libdir"
}
# The outputs of each program, by how it was built, must all be the same.
declare -A output

echo "== find_package(pintas CONFIG) from tools/install_consumer"
cmake -S "$root/tools/install_consumer" -B "$work/consumer" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix" -DPINTAS_VERSION_WANTED="$version" \
      -DPINTAS_EXAMPLES="$root/examples" -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
      >"$work/consumer.log" || { cat "$work/consumer.log"; fail "the consumer project does not configure"; }
grep -E "found pintas|pintas::" "$work/consumer.log"
cmake --build "$work/consumer" -j2 >/dev/null
for program in embed any_game cxx_api; do
  for kind in shared static; do
    exe=$work/consumer/${program}_$kind
    [ "$(linkage "$exe")" = "$kind" ] || fail "${program}_$kind is not linked $kind"
    [ "$kind" = static ] || takes_installed "$exe"   # through the RPATH CMake gave it
    output[$program/cmake-$kind]=$("$exe")
    ok "find_package: ${program}_$kind builds, links the $kind library and runs"
  done
done

echo "== pkg-config"
export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
[ "$(pkg-config --modversion pintas)" = "$version" ] || fail "pkg-config --modversion is not $version"
echo "pkg-config --cflags --libs pintas: $(pkg-config --cflags --libs pintas)"
echo "pkg-config --static --libs pintas: $(pkg-config --static --libs pintas)"
mkdir -p "$work/pc"
build_pc() {  # program, shared|static
  local program=$1 kind=$2 source compiler std
  case $program in
    cxx_api) source=$root/tools/install_consumer/cxx_api.cpp compiler=$cxx std=c++11 ;;
    *) source=$root/examples/$program.c compiler=$cc std=c99 ;;
  esac
  # shellcheck disable=SC2046  # pkg-config's flags are words
  if [ "$kind" = shared ]; then
    "$compiler" -std=$std -Wall -Wextra -pedantic -Werror $(pkg-config --cflags pintas) \
      "$source" $(pkg-config --libs pintas) -o "$work/pc/${program}_$kind"
  else
    # libpintas.a rather than the libpintas.so beside it: -Bstatic for pintas' libraries
    "$compiler" -std=$std -Wall -Wextra -pedantic -Werror $(pkg-config --static --cflags pintas) \
      "$source" \
      -Wl,-Bstatic $(pkg-config --static --libs pintas) -Wl,-Bdynamic -o "$work/pc/${program}_$kind"
  fi
}
for program in embed any_game cxx_api; do
  for kind in shared static; do
    build_pc "$program" "$kind"
    exe=$work/pc/${program}_$kind
    [ "$(linkage "$exe")" = "$kind" ] || fail "pkg-config ${program}_$kind is not linked $kind"
    if [ "$kind" = shared ]; then
      export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
      takes_installed "$exe"
      output[$program/pkg-config-$kind]=$("$exe")
      LD_LIBRARY_PATH=${LD_LIBRARY_PATH#"$libdir"}
      LD_LIBRARY_PATH=${LD_LIBRARY_PATH#:}
    else
      output[$program/pkg-config-$kind]=$("$exe")
    fi
    ok "pkg-config: ${program}_$kind builds, links the $kind library and runs"
  done
done

echo "== every build of a program prints the same"
for program in embed any_game cxx_api; do
  first=${output[$program/cmake-shared]}
  for how in cmake-static pkg-config-shared pkg-config-static; do
    [ "${output[$program/$how]}" = "$first" ] || fail "$program prints differently built by $how"
  done
  ok "$program: the same output from all 4 builds"
done
first_line=$(echo "${output[cxx_api/cmake-shared]}" | head -n 1)
[ "$first_line" = "$version" ] || fail "pintas_version() says $first_line, the package $version"
ok "pintas_version() is the package's version, $version"
echo "${output[cxx_api/cmake-shared]}"

echo
echo "test_install: $checks passed, 0 failed"
