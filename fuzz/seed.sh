#!/bin/sh
# Seeds fuzz/corpus/<target>/ from the shared real-world corpus.
#
# parser, robots, ffi: the robots.txt files up to 8 KiB (1,536 of the 1,613;
# libFuzzer caps new inputs at the largest seed, and small inputs run
# faster: the larger files add length, not new structure).
# matcher: "pattern 0xFF path" pairs, the allow/disallow values of those
# files against the paths of the same site's links.
# serve_request, content_coding: a few requests and bodies written here.
#
# Run from anywhere; the corpus directories are not committed.
set -eu

fuzz_dir=$(cd "$(dirname "$0")" && pwd)
shared=${ROBOTSTXT_CORPUS:-$fuzz_dir/../../shared/corpus}
robotfiles=$shared/robotfiles
links=$shared/links
max_bytes=8192

if [ ! -d "$robotfiles" ]; then
    echo "seed.sh: no corpus at $robotfiles (set ROBOTSTXT_CORPUS)" >&2
    exit 1
fi

for target in parser robots ffi lint; do
    dir=$fuzz_dir/corpus/$target
    mkdir -p "$dir"
    find "$robotfiles" -type f -size -"$((max_bytes + 1))"c -exec cp {} "$dir"/ \;
    echo "$target: $(ls "$dir" | wc -l) files"
done

# Synthetic seeds that reach the limits no real file does: the 16,663-byte
# line cap (exactly at it, one past it, a comment, a colon, a UTF-8
# sequence and a CRLF straddling it, whitespace after a colon up to it
# and past it), runs of bare line ends in every
# mixture, `*` rules against a long URL, a pattern of nothing but `*`, many
# groups naming one agent, NUL bytes and the byte order mark in part. They
# are also the largest seeds, so libFuzzer's -max_len (the largest seed's
# size unless given) lets inputs grow past the cap.
run() { # run BYTE COUNT: COUNT copies of the character BYTE
    head -c "$2" /dev/zero | tr '\0' "$1"
}
synth=$fuzz_dir/corpus/.synthetic
mkdir -p "$synth"
cap=16663
{ printf 'User-agent: *\nDisallow: /'; run a $((cap - 11)); printf '\nAllow: /b\n'; } >"$synth/line-at-cap"
{ printf 'User-agent: *\nDisallow: /'; run a $((cap - 11)); printf 'x\nAllow: /b\n'; } >"$synth/line-one-past-cap"
{ printf 'Disallow: /'; run b $((cap - 11)); printf '#comment past the cap\nAllow: /c\n'; } >"$synth/comment-at-cap"
{ run k "$cap"; printf ':value\nuser-agent: *\n'; } >"$synth/colon-past-cap"
{ printf 'Disallow: /'; run c $((cap - 12)); printf '\303\251\303\251\nAllow: /\303\251\n'; } >"$synth/utf8-cut-at-cap"
{ printf 'Allow: /'; run d $((cap - 8)); printf '\r\nDisallow: /e\r\n'; } >"$synth/crlf-at-cap"
{ printf 'User-agent: *\nDisallow: /'; run '*' $((cap - 11)); printf '\n'; } >"$synth/stars-to-cap"
{ printf 'User-agent: *\nDisallow:'; run ' ' $((cap + 8)); printf '/x\nAllow:'; run '\t' "$cap"; printf '/y\n'; } >"$synth/space-after-colon-past-cap"
{ printf 'User-agent:'; run ' ' "$cap"; printf '*\nDisallow: /x\n'; } >"$synth/space-after-agent-colon-at-cap"
{ run '\n' 20000; run '\r' 20000; printf 'Disallow: /x\n'; } >"$synth/lf-then-cr-runs"
{ i=0; while [ $i -lt 6000 ]; do printf '\r\n\n\r\r'; i=$((i + 1)); done; printf 'Allow: /y\r\n'; } >"$synth/mixed-eol-runs"
{ run '\0' 20000; printf '\nDisallow: /z\n'; } >"$synth/nul-run"
{ printf '\357\273User-agent: FooBot\nDisallow: /\n'; } >"$synth/bom-prefix"
{
    printf 'User-agent: *\n'
    i=0
    while [ $i -lt 600 ]; do printf 'Disallow: /*q%dz*w%d\n' $i $i; i=$((i + 1)); done
    printf '\377http://example.com/'; run m 2000
} >"$synth/star-rules-long-url"
{
    i=0
    while [ $i -lt 500 ]; do printf 'User-agent: FooBot\nDisallow: /p%d\n' $i; i=$((i + 1)); done
    printf '\377http://example.com/p499\377FooBot'
} >"$synth/many-agent-groups"
for target in parser robots ffi lint; do
    cp "$synth"/* "$fuzz_dir/corpus/$target/"
done

dir=$fuzz_dir/corpus/matcher
mkdir -p "$dir"
# The matcher target's caps: a 512-byte pattern of `*a` pairs and `*`
# alone, against a 4,096-byte path one `a` short or without the last byte.
{ i=0; while [ $i -lt 255 ]; do printf '*a'; i=$((i + 1)); done; printf 'b\377/'; run a 4095; } >"$dir/star-pairs-at-caps"
{ run '*' 511; printf '$\377/'; run x 4095; } >"$dir/stars-at-caps"
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
rm -rf "$synth"
echo "matcher: $(ls "$dir" | wc -l) files"

# serve_request: what browsers and scripts send to `robots --serve`, and
# heads at its limits (a request line of 8 KiB and 64 bytes, 100 fields).
dir=$fuzz_dir/corpus/serve_request
mkdir -p "$dir"
printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:9309\r\nUser-Agent: Mozilla/5.0\r\nAccept: text/html\r\nSec-Fetch-Site: none\r\n\r\n' >"$dir/browser"
printf 'GET /api/fetch?url=https%%3A%%2F%%2Fexample.com%%2F&policy=google HTTP/1.1\r\nHost: localhost:9309\r\nX-Robots-Tester: 1\r\nSec-Fetch-Site: same-origin\r\nOrigin: http://localhost:9309\r\n\r\n' >"$dir/fetch"
printf 'POST /api/fetch HTTP/1.0\nContent-Length: 2, 2\n\n{}' >"$dir/http10-body"
printf '\r\nHEAD /index.html HTTP/1.1\r\nHost: [::1]:9309\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n' >"$dir/chunked"
{ printf 'GET /'; run a 8190; printf ' HTTP/1.1\r\nHost: h\r\n\r\n'; } >"$dir/long-target"
{ printf 'GET / HTTP/1.1\r\nHost: h\r\n'; i=0; while [ $i -lt 99 ]; do printf 'X-%d: v\r\n' $i; i=$((i + 1)); done; printf '\r\n'; } >"$dir/many-fields"
echo "serve_request: $(ls "$dir" | wc -l) files"

# content_coding: a case byte (even: a round trip through the codings the
# next byte picks; odd: field values and a body split at 0xFF), then input.
dir=$fuzz_dir/corpus/content_coding
mkdir -p "$dir"
{ printf '\000\003'; head -c 2000 "$(find "$robotfiles" -type f | head -n 1)"; } >"$dir/round-trip-3"
{ printf '\000\377'; run '#' 3000; } >"$dir/round-trip-6"
printf '\001gzip, br\377\037\213\010\000\000\000\000\000\000\003\003\000' >"$dir/gzip-br"
printf '\001identity\377gzip\377body' >"$dir/two-fields"
printf '\001 chunked \377User-agent: *' >"$dir/chunked"
echo "content_coding: $(ls "$dir" | wc -l) files"
