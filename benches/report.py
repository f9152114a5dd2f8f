#!/usr/bin/env python3
"""The figures of BENCHMARKS.md from criterion's last run of `benches/parse.rs`.

    cargo bench --bench parse && python3 benches/report.py

Reads target/criterion/*/*/new/{estimates,benchmark}.json and prints, per
corpus, the median time per URL of each contender and the ratios; then, per
adversarial input, the time per byte at each size.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
CONTENDERS = ["rfc1738_parse", "rfc1738_check_url", "url", "fluent_uri", "floor"]


def load(path):
    estimates = json.loads((path / "new" / "estimates.json").read_text())
    benchmark = json.loads((path / "new" / "benchmark.json").read_text())
    throughput = benchmark.get("throughput") or {}
    count = throughput.get("Elements") or throughput.get("Bytes") or 1
    return estimates["median"]["point_estimate"], count


def corpora():
    print("| corpus | URLs | parse ns/URL | check ns/URL | url ns/URL | fluent-uri ns/URL | floor ns/URL "
          "| parse vs url | parse vs fluent-uri | check / floor | parse / floor |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for group in ["kasztp_http_accepted", "node_files_accepted", "kasztp_https_accepted", "generated",
                  "kasztp_http_all", "node_files_all"]:
        times = {}
        count = 0
        for name in CONTENDERS:
            path = ROOT / group / name
            if not path.exists():
                break
            time, count = load(path)
            times[name] = time / count
        if len(times) < len(CONTENDERS):
            continue
        p, c, u, f, fl = (times[name] for name in CONTENDERS)
        print(f"| {group} | {count} | {p:.1f} | {c:.1f} | {u:.1f} | {f:.1f} | {fl:.1f} "
              f"| {u / p:.2f}x faster | {f / p:.2f}x faster | {c / fl:.2f}x | {p / fl:.2f}x |")


def adversarial():
    print()
    print("| input | contender | ns/byte at 1 KB | 100 KB | 10 MB |")
    print("| --- | --- | ---: | ---: | ---: |")
    for group in sorted(ROOT.glob("adversarial_*")):
        for name in ["rfc1738_parse", "rfc1738_check_url", "floor"]:
            cells = []
            for size in [1024, 102400, 10485760]:
                path = group / name / str(size)
                if path.exists():
                    time, count = load(path)
                    cells.append(f"{time / count:.2f}")
                else:
                    cells.append("-")
            print(f"| {group.name[len('adversarial_'):]} | {name} | " + " | ".join(cells) + " |")
    print()
    for name in ["rfc1738_scan", "rfc1738_lint_text", "floor"]:
        path = ROOT / "scan_prose" / name
        if path.exists():
            time, count = load(path)
            print(f"scan_prose/{name}: {count / time * 1e9 / 1e6:.0f} MB/s over {count} bytes")


if __name__ == "__main__":
    if not ROOT.exists():
        sys.exit("no target/criterion: run `cargo bench --bench parse` first")
    corpora()
    adversarial()
