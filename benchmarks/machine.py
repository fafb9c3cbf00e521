"""The machine a measurement ran on: the first line of every benchmark's report.

Timings, and the ratio between a Python engine and a C++ one at the same
instruction counts, differ from machine to machine, so every report that
prints a time or a rate opens with the processor's model and its cores
(from ``/proc/cpuinfo`` on Linux, ``sysctl`` on macOS), the Python and the
build of rummy500 that ran::

    machine: Intel(R) Xeon(R) Processor, 2 cores; Python 3.11.7 (CPython),
    Linux x86_64; rummy500 0.1.0.dev0, pure Python

(on one line).

The scripts of ``scripts/`` that print times import it too (``cpu_model`` and
``cores`` need nothing but the standard library).
"""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path


def cpu_model() -> str:
    """The processor's model name, as the operating system reports it (``lscpu``'s)."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Model", "cpu model") and value.strip():
                return value.strip()
    except OSError:
        pass
    if platform.system() == "Darwin":
        try:
            return subprocess.run(
                ["sysctl", "-n", "machdep.cpu.brand_string"],
                capture_output=True,
                text=True,
                check=True,
                timeout=5,
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    return platform.processor() or platform.machine() or "an unknown processor"


def cores() -> str:
    """The logical cores, and those this process may run on where they are fewer."""
    total = os.cpu_count() or 1
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else total
    return f"{total} cores" if usable == total else f"{total} cores ({usable} usable here)"


def machine_line() -> str:
    """One line naming the processor, its cores, the Python and the build that ran."""
    import rummy500  # here: cpu_model() and cores() serve scripts that do not import it

    build = "compiled (mypyc)" if rummy500.COMPILED else "pure Python"
    return (
        f"machine: {cpu_model()}, {cores()}; Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.system()} {platform.machine()}; "
        f"rummy500 {rummy500.__version__}, {build}"
    )


if __name__ == "__main__":
    print(machine_line())
