#!/bin/sh
# default-time-vs-commit.sh: the processor time of whole `shaftwork-cli
# simulate` runs at the default settings, this build against an earlier
# commit built beside it (issue 19: the tighter error control within about
# twice the default time of the day the issue was filed, 92e2cad).
# Models: the undamped step chains of bench-accuracy (J 1, c 1e4, torque
# 1 N.m; N = 100 for 2 s, N = 1 000 for 12 s; one variable written, then
# all) and the examples elastic-bearing and vehicle-launch. perf stat,
# 10 runs each; prints each time and the ratio now / then.
#
#   tests/bench/default-time-vs-commit.sh build/app/shaftwork-cli [COMMIT]
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cli=$(realpath "${1:?usage: default-time-vs-commit.sh SHAFTWORK_CLI [COMMIT]}")
commit=${2:-92e2cad}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tmp/src" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
git -C "$root" worktree add -q --detach "$tmp/src" "$commit"
(cd "$tmp/src" && meson setup build -Dbuildtype=debugoptimized >/dev/null && ninja -C build app/shaftwork-cli >/dev/null)
old=$tmp/src/build/app/shaftwork-cli
python3 - "$tmp" <<'PY'
import json, sys
for n, stop in ((100, 2.0), (1000, 12.0)):
    c = [{"id": "tau", "kind": "rotational.constant_torque", "params": {"tau_constant": 1}}]
    k = [{"from": "tau.flange", "to": "J0.flange_a"}]
    for i in range(n):
        c.append({"id": f"J{i}", "kind": "rotational.inertia", "params": {"J": 1, "phi0": 0, "w0": 0}})
        if i + 1 < n:
            c.append({"id": f"S{i}", "kind": "rotational.spring", "params": {"c": 1e4}})
            k += [{"from": f"J{i}.flange_b", "to": f"S{i}.flange_a"}, {"from": f"S{i}.flange_b", "to": f"J{i+1}.flange_a"}]
    with open(f"{sys.argv[1]}/chain{n}.shaft", "w") as f:
        json.dump({"format": "shaftwork-model", "version": 1, "name": f"chain{n}", "components": c,
                   "connections": k, "simulation": {"stop_time": stop}}, f)
PY
ms() { perf stat -r 10 -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 }'; }
printf '%-34s %10s %10s %6s\n' "model (default settings)" "then ms" "now ms" "ratio"
row() {
  label=$1; shift
  a=$(ms "$old" simulate "$@" -o "$tmp/a.csv"); b=$(ms "$cli" simulate "$@" -o "$tmp/b.csv")
  printf '%-34s %10.1f %10.1f %6.2f\n' "$label" "$a" "$b" "$(echo "$b / $a" | bc -l)"
}
row "chain N = 100, 2 s, J0.w" "$tmp/chain100.shaft" --variables J0.w
row "chain N = 1000, 12 s, J0.w" "$tmp/chain1000.shaft" --variables J0.w
row "chain N = 1000, 12 s, all" "$tmp/chain1000.shaft"
row "elastic-bearing.shaft" "$root/data/examples/elastic-bearing.shaft"
row "vehicle-launch.shaft" "$root/data/examples/vehicle-launch.shaft"
