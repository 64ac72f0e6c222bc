#!/bin/sh
# test-study-slurm.sh: shaftwork-cli study --slurm on a real single-node Slurm.
#
# As root, starts munged, slurmctld and slurmd on localhost with a minimal
# configuration in a temporary folder (ports chosen at random, nothing under
# /etc touched), submits a study of four shards and its merge job, waits for
# them, and checks that the merged table equals the table of the same study
# run here, and what study status says. The daemons are stopped whatever
# happens; on failure their logs are printed. Needs Debian's slurm-wlm and
# munge (.ci/run installs them). Skipped (exit 77) only without root.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

CLI=${SW_CLI:?SW_CLI must name shaftwork-cli}
ROOT=${SW_SOURCE_ROOT:?SW_SOURCE_ROOT must name the source tree}

if [ "$(id -u)" != 0 ]; then
  echo "SKIP: starting munged, slurmctld and slurmd needs root (run the suite as root, as .ci/run does)"
  exit 77
fi
for prog in munged slurmctld slurmd sbatch squeue sinfo; do
  if ! command -v "$prog" >/dev/null 2>&1; then
    echo "FAIL: $prog not found: install slurm-wlm and munge (apt-get install slurm-wlm munge; .ci/run does)"
    exit 1
  fi
done

T=$(mktemp -d /tmp/sw-slurm-XXXXXX) || exit 1
chmod 700 "$T"
pids=""
ok=0

cleanup () {
  for pid in $pids; do
    kill "$pid" 2>/dev/null
  done
  # Up to 10 s for them to end, then forced.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    alive=""
    for pid in $pids; do
      kill -0 "$pid" 2>/dev/null && alive="$alive $pid"
    done
    [ -z "$alive" ] && break
    sleep 1
  done
  for pid in $alive; do
    kill -9 "$pid" 2>/dev/null
  done
  if [ "$ok" != 1 ]; then
    for log in "$T"/munged.log "$T"/munged.out "$T"/slurmctld.log "$T"/slurmctld.out "$T"/slurmd.log "$T"/slurmd.out "$T"/study/logs/*.log; do
      [ -f "$log" ] || continue
      echo "---- $log (last 40 lines)"
      tail -n 40 "$log"
    done
  fi
  rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail () {
  echo "FAIL: $*"
  exit 1
}

# Polls a command every half second for up to $1 seconds.
wait_for () {
  limit=$1
  shift
  tries=$((limit * 2))
  while [ "$tries" -gt 0 ]; do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.5
    tries=$((tries - 1))
  done
  return 1
}

# ---- munge: a fresh key and socket of our own.
dd if=/dev/urandom of="$T/munge.key" bs=1024 count=1 2>/dev/null || fail "cannot make a munge key"
chmod 400 "$T/munge.key"
munged --foreground --force --key-file="$T/munge.key" --socket="$T/munge.socket" --pid-file="$T/munged.pid" \
  --log-file="$T/munged.log" --seed-file="$T/munged.seed" >"$T/munged.out" 2>&1 &
pids="$pids $!"
wait_for 20 test -S "$T/munge.socket" || fail "munged did not start in 20 s"

# ---- Slurm: one node, this host, at random ports.
host=$(hostname -s)
port=$((20000 + $$ % 20000))
mkdir -p "$T/state" "$T/spool"
cat > "$T/slurm.conf" <<EOF
ClusterName=shaftworktest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$T/munge.socket
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=1 RealMemory=100 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$T/slurm.conf"
slurmctld -D -i -f "$T/slurm.conf" >"$T/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -f "$T/slurm.conf" -N "$host" >"$T/slurmd.out" 2>&1 &
pids="$pids $!"
node_idle () {
  sinfo -h -N -o %T | grep -q idle
}
wait_for 60 node_idle || fail "the node did not become idle in 60 s: $(sinfo -h -N -o '%N %T %E' 2>&1)"

# ---- The study: here, and as four shards on Slurm.
model="$T/fourbody.shaft"
cp "$ROOT/data/examples/fourbody.shaft" "$model"
set -- --vary 'coupling.c=1e3,-1,2e3,4e3' --vary 'load.J=1:4:3:log' \
  --outputs 'max(load.w),mode(2).frequency_hz,hub1.w@1.5'
"$CLI" study "$model" "$@" --jobs 2 -o "$T/local.csv" || fail "the local study failed"
"$CLI" study "$model" "$@" --slurm "$T/study" --shards 4 --partition debug --time 0:10:00 --submit \
  || fail "study --slurm --submit failed"
merged () {
  test -f "$T/study/study.csv"
}
if ! wait_for 300 merged; then
  squeue -a 2>&1
  fail "no merged table after 300 s"
fi
cmp "$T/local.csv" "$T/study/study.csv" || fail "the merged table differs from the local one"
status=$("$CLI" study status "$T/study") || fail "study status failed"
echo "$status"
echo "$status" | grep -q "shards finished: 4 of 4" || fail "status does not count 4 shards"
echo "$status" | grep -q "runs finished: 12 of 12 (3 failed)" || fail "status does not count 12 runs, 3 failed"
ok=1
echo "PASS: four shards on Slurm, merged, equal to the local table"
exit 0
