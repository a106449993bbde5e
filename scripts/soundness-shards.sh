#!/usr/bin/env bash
# Runs corpus TestSoundness on PLANS contractgen plans and RANDPLANS
# randplan plans split into SHARDS parallel processes of one test binary
# (one commit), shard k checking seeds k*PLANS/SHARDS+1 to
# (k+1)*PLANS/SHARDS of contractgen and likewise of randplan; the shards
# together check exactly the plans one process would. Each shard's log
# is kept in LOGDIR, naming each plan before its proof; the script prints
# every shard's summary line, then their total, and fails if any shard
# failed or printed no summary (naming the plan a crash took down).
#
# Usage: scripts/soundness-shards.sh PLANS RANDPLANS SHARDS [LOGDIR]
# Environment: SOUNDNESS_TIMEOUT (go test -timeout of each shard, 12h),
# SOUNDNESS_NICE (the shards' niceness, 0).
set -euo pipefail

if [ $# -lt 3 ]; then
	echo "usage: $0 PLANS RANDPLANS SHARDS [LOGDIR]" >&2
	exit 2
fi
plans=$1 randplans=$2 shards=$3
logdir=${4:-$(mktemp -d "${TMPDIR:-/tmp}/clauz3-soundness-XXXXXX")}
timeout=${SOUNDNESS_TIMEOUT:-12h}
niceness=${SOUNDNESS_NICE:-0}
for n in "$plans" "$randplans" "$shards" "$niceness"; do
	case $n in '' | *[!0-9]*)
		echo "$0: $n is not a whole number" >&2
		exit 2
		;;
	esac
done
if [ "$shards" -lt 1 ]; then
	echo "$0: SHARDS must be at least 1" >&2
	exit 2
fi

root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$logdir"
bin=$logdir/corpus.test
# One binary for every shard: they all test the same build.
(cd "$root" && go test -c -o "$bin" ./corpus/)
echo "commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- || echo ' (with uncommitted changes)'); logs in $logdir"

pids=()
for ((k = 0; k < shards; k++)); do
	lo=$((k * plans / shards)) hi=$(((k + 1) * plans / shards))
	rlo=$((k * randplans / shards)) rhi=$(((k + 1) * randplans / shards))
	log=$logdir/shard-$k.log
	(cd "$root/corpus" && exec nice -n "$niceness" "$bin" -test.run '^TestSoundness$' -test.v -test.timeout "$timeout" \
		-soundness.seed "$lo" -soundness.plans $((hi - lo)) \
		-soundness.randseed "$rlo" -soundness.randplans $((rhi - rlo)) -soundness.each) >"$log" 2>&1 &
	pids+=($!)
done

failed=0
for ((k = 0; k < shards; k++)); do
	if ! wait "${pids[$k]}"; then
		echo "shard $k failed: see $logdir/shard-$k.log" >&2
		failed=1
	fi
	if ! grep -q 'soundness summary:' "$logdir/shard-$k.log"; then
		# -soundness.each logs each plan before its proof: the last one
		# named is the plan a crash (of Z3, say) took down.
		last=$(grep -o 'checking [a-z]*_[0-9]*\.py' "$logdir/shard-$k.log" | tail -n 1 || true)
		echo "shard $k printed no summary (last plan: ${last#checking }): see $logdir/shard-$k.log" >&2
		failed=1
	fi
done

grep -h 'soundness summary:' "$logdir"/shard-*.log | sed 's/^ *soundness_test.go:[0-9]*: //'
# The total: every count of the shards' summary lines added up.
grep -h 'soundness summary:' "$logdir"/shard-*.log | awk -v plans="$plans" -v randplans="$randplans" -v shards="$shards" '
{
	for (i = 1; i <= NF; i++) {
		if ($i ~ /^[a-z_]+=[0-9]+$/) {
			split($i, kv, "=")
			if (!(kv[1] in sum)) order[++k] = kv[1]
			sum[kv[1]] += kv[2]
		}
	}
}
END {
	line = sprintf("soundness total: contractgen seeds 1-%d, randplan seeds 1-%d in %d shards:", plans, randplans, shards)
	for (i = 1; i <= k; i++) line = line sprintf(" %s=%d", order[i], sum[order[i]])
	print line
}'
exit $failed
