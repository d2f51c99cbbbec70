"""The fit behind Attacke's weights (`tests/ai/fit_attacke.py`) finds weights it is shown."""

from __future__ import annotations

import random

import pytest

from tests.ai.fit_attacke import Position, chances, log_loss, newton_step, solve


def test_solve_answers_a_linear_system() -> None:
    assert solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])


def test_newton_finds_the_weights_that_drew_the_winners() -> None:
    truth = [1.5, -0.8, 0.3]
    rng = random.Random(4)
    data: list[Position] = []
    for _ in range(3000):
        rows = [tuple(rng.uniform(-1, 1) for _ in truth) for _ in range(rng.choice((3, 4, 5)))]
        odds = chances(truth, rows)
        data.append((rows, rng.choices(range(len(rows)), weights=odds)[0]))
    weights = [0.0] * len(truth)
    for _ in range(6):
        weights = newton_step(weights, data, 1e-6)
    assert weights == pytest.approx(truth, abs=0.15)
    assert log_loss(weights, data) <= log_loss(truth, data)
