#!/bin/sh
# Seeds fuzz/corpus/<target>/ from the shared real-world corpus.
#
# parser, robots, ffi: the robots.txt files up to 8 KiB (1,536 of the 1,613;
# libFuzzer caps new inputs at the largest seed, and small inputs run
# faster: the larger files add length, not new structure).
# matcher: "pattern 0xFF path" pairs, the allow/disallow values of those
# files against the paths of the same site's links.
#
# Run from anywhere; the corpus directories are not committed.
set -eu

fuzz_dir=$(cd "$(dirname "$0")" && pwd)
shared=${ROBOTSTXT_SHARED_CORPUS:-$fuzz_dir/../../shared/corpus}
robotfiles=$shared/robotfiles
links=$shared/links
max_bytes=8192

if [ ! -d "$robotfiles" ]; then
    echo "seed.sh: no corpus at $robotfiles (set ROBOTSTXT_SHARED_CORPUS)" >&2
    exit 1
fi

for target in parser robots ffi; do
    dir=$fuzz_dir/corpus/$target
    mkdir -p "$dir"
    find "$robotfiles" -type f -size -"$((max_bytes + 1))"c -exec cp {} "$dir"/ \;
    echo "$target: $(ls "$dir" | wc -l) files"
done

dir=$fuzz_dir/corpus/matcher
mkdir -p "$dir"
for file in "$robotfiles"/*; do
    site=$(basename "$file")
    [ -f "$links/$site" ] || continue
    # Up to 4 rule values and 4 link paths per site, paired in order.
    grep -aiE '^[[:space:]]*(dis)?allow[[:space:]]*:' "$file" |
        sed -E 's/^[^:]*:[[:space:]]*//; s/[[:space:]]*(#.*)?$//' |
        grep -v '^$' | head -n 4 >"$dir/.patterns" || true
    sed -E 's#^[a-z]+://[^/]*##' "$links/$site" | head -n 4 >"$dir/.paths" || true
    i=0
    while IFS= read -r pattern && IFS= read -r path <&3; do
        i=$((i + 1))
        printf '%s\377%s' "$pattern" "$path" >"$dir/$site.$i"
    done <"$dir/.patterns" 3<"$dir/.paths"
done
rm -f "$dir/.patterns" "$dir/.paths"
echo "matcher: $(ls "$dir" | wc -l) files"
