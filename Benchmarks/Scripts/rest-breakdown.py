# Steady-state instructions per decode by part from two callgrind profiles (1 and N + 1 decodes):
# each function's own instructions go to the first part whose pattern matches its name, so inlined
# work counts where it was inlined. Used by rest-breakdown.sh.
import re, subprocess, sys
# Exclusive instructions per decode by part: each symbol's own cost goes to the first part whose
# pattern matches its name (inlined code counts where it was inlined).
def parts_of(path, side):
    
    out = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", "--auto=no", path], capture_output=True, text=True).stdout
    rows = []
    total = None
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)", line)
        if not m: continue
        cost = int(m.group(1).replace(",", "")); name = m.group(2)
        if "PROGRAM TOTALS" in name: total = cost; continue
        rows.append((cost, name))
    common = [
     ("dates", r"FastDateParsing|DateFields|FixedFormatPattern|twinDate|fastDateInterval|unwrapDate|[Dd]ateFormatter|icu|ICU|ucal|udat|_CFCalendar|CFDate|Calendar|TimeZone|ISO8601|Locale|_CF|CF[A-Z]"),
     ("URL", r"URL|RFC3986"),
     ("numbers", r"NumberText|unwrapInteger|unwrapFloat|unwrapFixedWidthInteger|unwrapFloatingPoint|parseInteger|strtod|_parseASCII|DigitBuffer"),
    ]
    parts = {
     "wire": [
      ("scanning (tape build, repeated-name check)", r"TapeBuilder|TapeWriter"),
      ("key lookup + passing unread members", r"memberIndex|7matches__|6member2of|memcmpBytes"),
      ("optionals (decodeIfPresent, null checks)", r"decodeIfPresent|presentValueIndex"),
     ] + common + [
      ("strings", r"StringDecoding|unwrapString|stringValue|String|_allASCII|UTF8"),
      ("containers and Codable calls", r"KeyedContainer|UnkeyedContainer|DecoderImpl|0B4Impl|decodeNested|decodeDirectly|DirectlyDecodable|DirectTypeCache|PathNode|KeyedDecodingContainer|Decodable|CodingKey|RESTRepository|RESTUser|RESTIssue|RESTLabel|RESTMilestone|RESTPullRequest|RESTBranch|RESTLicense|from|Metadata|conformsTo|Conformance|witness|Witness"),
      ("allocation and reference counting", r"malloc|free|swift_retain|swift_release|swift_alloc|dealloc|swift_bridgeObject|RefCount|_int_|Array|arrayDestroy|swift_isUniquely|initStackObject|memmove|memcpy|memset"),
     ],
     "json": [
      ("scanning (JSONMap)", r"JSONScanner|JSONMap|DocumentReader|JSONPartialMapData"),
      ("member dictionary of every object (key lookup + unread members)", r"stringify|Dictionary|Hasher|_HashTable|hash"),
      ("optionals (decodeIfPresent, null checks)", r"decodeIfPresent|decodeNil|contains"),
     ] + common + [
      ("strings", r"unwrapString|String|_allASCII|UTF8"),
      ("containers and Codable calls", r"JSONDecoderImpl|KeyedContainer|UnkeyedContainer|_CodingPathNode|KeyedDecodingContainer|Decodable|CodingKey|RESTRepository|RESTUser|RESTIssue|RESTLabel|RESTMilestone|RESTPullRequest|RESTBranch|RESTLicense|from|Metadata|conformsTo|Conformance|witness|Witness"),
      ("allocation and reference counting", r"malloc|free|swift_retain|swift_release|swift_alloc|dealloc|swift_bridgeObject|RefCount|_int_|Array|arrayDestroy|swift_isUniquely|initStackObject|memmove|memcpy|memset"),
     ]}[side]
    sums = {label: 0 for label, _ in parts}; other = 0
    for cost, name in rows:
        for label, pattern in parts:
            if re.search(pattern, name): sums[label] += cost; break
        else: other += cost
    sums["other"] = other
    sums["total"] = total
    return sums


if __name__ == "__main__":
    base, full, n, side = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    a = parts_of(base, side)
    b = parts_of(full, side)
    total = (b["total"] - a["total"]) / n
    print(f"| total | {total:,.0f} |")
    for label in b:
        if label == "total":
            continue
        v = (b[label] - a[label]) / n
        print(f"| {label} | {v:,.0f} ({100 * v / total:.0f} %) |")
