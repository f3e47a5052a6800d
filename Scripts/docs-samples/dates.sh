# Date strings, one per line, for `wirelock oracle dates --inputs`.
set -eu
printf '%s\n' 2024-05-01T10:00:00Z 2024-05-01T10:00:00.123Z 2024-05-01T10:00:00.1239Z \
    2024-02-30T10:00:00Z 2024-05-01T10:00:00+0530 '2024-05-01 10:00:00Z' > dates.txt
