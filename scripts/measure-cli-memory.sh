#!/bin/sh
# Peak memory (maximum resident set size, from GNU time) and wall time of the
# robots command's extended modes on hostile and large inputs: bodies of line
# ends only, the worst layout for the parse-once engine (`useragent:\nallow:\n`
# repeated), rules of bytes over 0x7F (each escapes to three: the worst
# layout for the lint), and, when the shared corpus is there, a 55 MB file made
# of the corpus's files one after another. The figures in docs/LIMITS.md come
# from this script.
#
#   scripts/measure-cli-memory.sh [path/to/robots] [work dir]
#
# Needs GNU time (`apt-get install time`) and python3. Build the binary with
# `cargo build --release --bin robots` first.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-target/release/robots}
work=${2:-${TMPDIR:-/tmp}/robots-cli-memory}
[ -x /usr/bin/time ] || { echo "GNU time is missing: apt-get install time" >&2; exit 2; }
mkdir -p "$work"
python3 - "$work" "${ROBOTSTXT_CORPUS:-$(pwd)/../shared/corpus}/robotfiles" <<'PY'
import os, sys
work, corpus = sys.argv[1], sys.argv[2]
MB = 1000 * 1000
def write(name, unit, size, head=b''):
    path = os.path.join(work, name)
    if not os.path.exists(path):
        with open(path, 'wb') as f:
            f.write(head + unit * ((size - len(head)) // len(unit)))
for size in (13, 105):
    write(f'lf{size}.txt', b'\n', size * MB)
    write(f'worst{size}.txt', b'useragent:\nallow:\n', size * MB)
    write(f'high{size}.txt', b'allow:/' + b'\xff' * 200 + b'\n', size * MB, b'user-agent: *\n')
path = os.path.join(work, 'corpus55.txt')
if os.path.isdir(corpus) and not os.path.exists(path):
    names = sorted(os.listdir(corpus))
    n = 0
    with open(path, 'wb') as out:
        while n < 55 * MB:
            for name in names:
                body = open(os.path.join(corpus, name), 'rb').read()
                if not body.endswith(b'\n'):
                    body += b'\n'
                out.write(body)
                n += len(body)
                if n >= 55 * MB:
                    break
PY
url=https://example.com/some/page
printf '%-14s %-36s %12s %10s %7s %8s\n' file mode bytes peak_kB ratio seconds
for f in lf13 lf105 worst13 worst105 high13 high105 corpus55; do
    file="$work/$f.txt"
    [ -f "$file" ] || continue
    size=$(wc -c < "$file")
    for mode in "--lint" "--lint --json" "--lint --all" "--explain" "--check" \
        "--explain --no-size-limit" "--check --no-size-limit"; do
        case $mode in
            --lint*) set -- $mode "$file" ;;
            --explain*) set -- --explain "$file" FooBot "$url" ${mode#--explain} ;;
            --check*) set -- --check "$file" --agent FooBot --url "$url" --url "$url/2" ${mode#--check} ;;
        esac
        /usr/bin/time -f '%M %e' -o "$work/time.txt" "$bin" "$@" > /dev/null 2>"$work/err.txt" || true
        read -r peak secs <<EOT
$(tail -n 1 "$work/time.txt")
EOT
        ratio=$(python3 -c "print(f'{$peak * 1024 / $size:.2f}')")
        printf '%-14s %-36s %12s %10s %7s %8s\n' "$f" "$mode" "$size" "$peak" "$ratio" "$secs"
    done
done
