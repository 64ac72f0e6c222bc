#!/bin/sh
# examples-output.sh: every example's `check` and `simulate` output into a
# folder, to compare two builds byte for byte (a change meant to keep
# behaviour: run it before and after, then `diff -r BEFORE AFTER`).
#
#   tests/bench/examples-output.sh build/app/shaftwork-cli OUT_DIR
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=${1:?usage: examples-output.sh SHAFTWORK_CLI OUT_DIR}
out=${2:?usage: examples-output.sh SHAFTWORK_CLI OUT_DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
find "$root/data/examples" -name '*.shaft' | sort | while read -r model; do
  name=$(echo "${model#"$root"/data/examples/}" | tr / _)
  "$cli" check "$model" > "$out/$name.check" 2>&1
  echo "exit $?" >> "$out/$name.check"
  "$cli" simulate -q "$model" > "$out/$name.csv" 2> "$out/$name.simulate-stderr"
  echo "exit $?" >> "$out/$name.simulate-stderr"
done
