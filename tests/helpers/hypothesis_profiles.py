"""The suite's two Hypothesis profiles, registered once (by tests/conftest.py) and chosen by
the environment, before any test module builds its `settings(...)` on top of them.

- `ci`, where `CI` is set (as `.ci/run` and most CI services set it): derandomised, so a run
  tries the same examples every time and a red CI run is red again on a laptop; no example
  database (a fresh checkout has none to read and no one keeps what it would write); no
  deadline and no too-slow health check, which time examples on a shared, busy machine.
- `dev` everywhere else: random examples (each run explores new ones, and a failure is kept
  in .hypothesis/ and replayed first), no deadline either.

`HYPOTHESIS_PROFILE=ci` (or `dev`) picks one by name.
"""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import HealthCheck, settings

CI, DEV = "ci", "dev"


def profile_for(environ: Mapping[str, str]) -> str:
    """The profile a run in this environment uses."""
    named = environ.get("HYPOTHESIS_PROFILE")
    if named:
        return named
    return CI if environ.get("CI", "").strip().lower() not in ("", "0", "false", "no") else DEV


def register() -> None:
    # On Hypothesis's own defaults, not on whichever profile is active: recent versions load a
    # built-in `ci` profile by themselves where CI is set, which `dev` must not inherit.
    defaults = settings.get_profile("default")
    settings.register_profile(CI, defaults, derandomize=True, database=None, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile(DEV, defaults, deadline=None)


def load(environ: Mapping[str, str]) -> str:
    """Register both profiles and load the one `environ` asks for; its name."""
    register()
    name = profile_for(environ)
    settings.load_profile(name)
    return name
