# A golden broken by a bad merge, and a good file to compare it with.
set -eu
mkdir -p golden
printf '{\n "b": }\n' > golden/bad.json
printf '{"b": 1}\n' > good.json
