#!/bin/sh
# Every source file with a translatable string is listed in po/POTFILES.in,
# and every listed file exists.
cd "${SW_SOURCE_ROOT:?}" || exit 1
status=0
for f in $(grep -lE '\b(N_|_)\(' core/*.c core/*/*.c ui/*.c ui/*/*.c app/*.c app/*/*.c 2>/dev/null); do
  grep -qx "$f" po/POTFILES.in || { echo "missing from po/POTFILES.in: $f"; status=1; }
done
for f in $(grep -v '^#' po/POTFILES.in); do
  [ -f "$f" ] || { echo "listed in po/POTFILES.in but absent: $f"; status=1; }
done
exit $status
