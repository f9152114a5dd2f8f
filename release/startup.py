#!/usr/bin/env python3
"""The size and the start-up time of rfc1738 binaries, side by side
(BENCHMARKS.md, "The static binary").

Usage: startup.py [--runs N] NAME=BINARY ...

For each binary: its size as built and stripped (`strip` on a copy), the
shared libraries it loads (ldd), and the wall time of `rfc1738 --version`
and of `rfc1738 lint` on one small file, each run N times (default 300)
after 20 unmeasured runs; the median and the 10th and 90th percentiles, in
milliseconds. The runs of the binaries alternate, so that a change in the
machine's load falls on all of them alike.
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main():
    args = sys.argv[1:]
    runs = 300
    if args[:1] == ["--runs"]:
        runs, args = int(args[1]), args[2:]
    if not args or not all("=" in a for a in args):
        sys.exit(__doc__)
    binaries = [(name, os.path.abspath(path)) for name, path in (a.split("=", 1) for a in args)]
    temp = tempfile.mkdtemp()
    try:
        sample = os.path.join(temp, "small.md")
        with open(sample, "w") as f:
            f.write("# Notes\n\nSee <URL:http://example.com/a b> and http://example.com/~joe.\n" * 5)
        commands = {
            "--version": lambda b: [b, "--version"],
            "lint (one small file)": lambda b: [b, "lint", sample],
        }
        print(f"{'binary':<10} {'size':>12} {'stripped':>12}  shared libraries")
        for name, binary in binaries:
            copy = os.path.join(temp, name + "-stripped")
            shutil.copy(binary, copy)
            subprocess.run(["strip", copy], check=True)
            ldd = subprocess.run(["ldd", binary], capture_output=True, text=True)
            libraries = [line.split()[0] for line in ldd.stdout.splitlines() if "=>" in line]
            print(f"{name:<10} {os.path.getsize(binary):>12,} {os.path.getsize(copy):>12,}  {', '.join(libraries) or 'none (static)'}")
        print()
        for label, command in commands.items():
            times = {name: [] for name, _ in binaries}
            for i in range(runs + 20):
                for name, binary in binaries:
                    start = time.perf_counter()
                    subprocess.run(command(binary), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=temp)
                    if i >= 20:
                        times[name].append((time.perf_counter() - start) * 1000)
            for name, _ in binaries:
                t = times[name]
                print(f"{label:<22} {name:<10} median {statistics.median(t):6.2f} ms  "
                      f"(p10 {percentile(t, 10):.2f}, p90 {percentile(t, 90):.2f}; {runs} runs)")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
