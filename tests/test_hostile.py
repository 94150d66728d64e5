"""Hostile input tried through the real page, a fixed sample of 50 cases (as many of each
kind) drawn from the grammar of known attacks in ``tests/hostile.py`` (``benchmarks/
hostile.py`` draws thousands): names typed, links of every kind, backup files. Each runs
nothing, loses nothing stored, says why it is refused or shows its names as text, and the
page plays on."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from tests.conftest import Site
from tests.hostile import KINDS, Case, Trial, cases, shares

pytestmark = pytest.mark.browser

SAMPLE = 50
"""How many cases the test command tries (the same ones every run)."""


@pytest.mark.parametrize("kind", KINDS)
def test_hostile_inputs_run_nothing_lose_nothing_and_say_why(
    page: Any, site: Site, kind: str
) -> None:
    trial = Trial(page, site.url)
    trial.open()
    count = shares(SAMPLE)[kind]

    @settings(
        max_examples=count,
        derandomize=True,
        deadline=None,
        database=None,
        phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases(kind, date.today()))
    def attempt(case: Case) -> None:
        trial.run(case)

    attempt()
    assert trial.tried == count
    # Both ways through the page: some refused (said why), some taken (shown as text),
    # but for what is never taken (a link's text of any shape).
    assert trial.seen.get((kind, True)) and (kind == "raw link" or trial.seen.get((kind, False)))
