"""What the schema cannot say of a card's effect, and the engine relies on: each step's
target and parameters fit its operation, a card's steps choose one target, a duel is the
last step, a step that names a card names one in the deck. Written once, for both readers:
a deck file's card (checks.py, located in the YAML) and a built card (engine.py, which
must not trust a hand-edited built deck)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import NamedTuple

from pugdeck.authoring.schema_checks import suggest
from pugdeck.games.pixelpug.operations import OPERATIONS, OUTCOME_PARAMS, SELF


class EffectProblem(NamedTuple):
    path: tuple  # inside the card: ("effect",), ("effect", 0, "op"), ("effect", 0, "card")
    message: str
    at_key: bool = False  # the key is what to change (an unknown parameter), not its value


def effect_problems(effect: Iterable[Mapping], kinds: Collection[str] | None) -> list[EffectProblem]:
    """Every problem of `effect` (steps as mappings: `op`, an optional `target`, parameters),
    whose operations the schema has checked; `kinds` are the card ids of the deck, None
    when not all of it could be read (a named card is then not judged)."""
    out: list[EffectProblem] = []
    chosen: list[str] = []
    ops = []
    for index, step in enumerate(effect):
        at = ("effect", index)
        op = OPERATIONS[step["op"]]
        ops.append(op.name)
        target = step.get("target")
        if op.targets and target is None:
            out.append(EffectProblem(at + ("op",), f"'{op.name}' needs a target: one of {', '.join(op.targets)}"))
        elif target is not None and target not in op.targets:
            allowed = f"one of {', '.join(op.targets)}" if op.targets else "none (remove it)"
            out.append(EffectProblem(at + ("target",), f"'{op.name}' cannot target '{target}'; "
                                     f"its target is {allowed}"))
        elif target not in (None, SELF):
            chosen.append(target)
        for name, value in step.items():
            if name in ("op", "target"):
                continue
            if name not in op.param_names:
                takes = ", ".join(op.param_names) or "no parameters"
                out.append(EffectProblem(at + (name,), f"'{op.name}' does not take '{name}' (it takes "
                                         f"{takes}){suggest(name, op.param_names)}", at_key=True))
            elif name in OUTCOME_PARAMS and value not in OUTCOME_PARAMS[name][op.name]:
                out.append(EffectProblem(at + (name,), f"'{name}' of '{op.name}' must be one of "
                                         f"{', '.join(OUTCOME_PARAMS[name][op.name])}, not '{value}'"))
        for name in op.required():
            if name not in step:
                out.append(EffectProblem(at + ("op",), f"'{op.name}' needs '{name}'"))
        for name in ("card", "unless-holding"):
            kind = step.get(name)
            if isinstance(kind, str) and name in op.param_names and kinds is not None and kind not in kinds:
                out.append(EffectProblem(at + (name,), f"'{name}' names card '{kind}', which is not "
                                         f"in the deck{suggest(kind, kinds)}"))
    if "rps-duel" in ops[:-1]:
        out.append(EffectProblem(("effect",), "a duel waits for two secret choices: make it the "
                                 "card's last step"))
    if len(set(chosen)) > 1:
        out.append(EffectProblem(("effect",), "the steps of one card choose one target; "
                                 f"they disagree: {', '.join(sorted(set(chosen)))}"))
    return out
