# Two files that are not in canonical form; heat.json has mode 0640.
set -eu
printf '%s\n' '{"title":"Heat","year":1995,"genres":["Crime","Drama"],"rating":8.30,"note":"caf\u00e9 \/ bar"}' > heat.json
chmod 0640 heat.json
printf '%s\n\n%s\n' '{"id": 2, "event": "grab"}' '{"event":"import","id":3}' > events.jsonl
