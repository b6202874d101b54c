#!/bin/sh
# cmake-profile-use.sh CMAKE SRC BUILD PREFIX GENERATOR FLAGS: configures and
# builds SRC, then puts the profile where PROFILE_USE names it and builds
# again, again without a change, and after touching it, saying which.
set -e
cmake=$1 src=$2 b=$3 prefix=$4 gen=$5 flags=$6
rm -rf "$b"
"$cmake" -S "$src" -B "$b" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" "-DCMAKE_C_FLAGS=$flags" \
  "-DCMAKE_EXE_LINKER_FLAGS=$flags" > /dev/null
"$cmake" --build "$b" > /dev/null 2>&1
mkdir -p "$b/prof" && cp "$src/profile.yaml" "$b/prof/esched-profile.yaml"
echo "appeared:"; "$cmake" --build "$b" 2>&1
echo "unchanged:"; "$cmake" --build "$b" 2>&1
touch "$b/prof/esched-profile.yaml"
echo "changed:"; "$cmake" --build "$b" 2>&1
