"""The arrays every adapter hands a policy: the observation clipped into its declared bounds,
as float32, and the action mask."""

from __future__ import annotations

from array import array

import numpy as np
import pytest

from crisis.rl import encoding
from crisis.rl.encoding import OBSERVATION_HIGH, OBSERVATION_LOW, Encoding


@pytest.mark.parametrize("raw", [array("d", [-3.0, 0.1, 100.0, 7.5]), [-3.0, 0.1, 100.0, 7.5]])
def test_an_observation_is_float32_clipped_into_its_bounds(raw: object) -> None:
    obs = Encoding._vector(raw)
    assert obs.dtype == np.float32
    expected = np.array([OBSERVATION_LOW, 0.1, OBSERVATION_HIGH, 7.5], np.float32)
    assert obs.tolist() == expected.tolist()


def test_the_clip_is_the_same_without_numpys_clip_ufunc(monkeypatch: pytest.MonkeyPatch) -> None:
    """A NumPy without the clip ufunc clips with two ufuncs: the same numbers."""
    raw = array("d", [-1.0, 64.5, 3.0, 1e9, -0.0])
    with_ufunc = Encoding._vector(raw).tolist()
    monkeypatch.setattr(encoding, "_CLIP", None)
    assert Encoding._vector(raw).tolist() == with_ufunc == [0.0, 64.0, 3.0, 64.0, 0.0]


@pytest.mark.parametrize("count", [0, 1, 5, encoding._FEW, encoding._FEW + 1, 200])
def test_the_mask_is_one_exactly_at_the_legal_ids(count: int) -> None:
    enc = Encoding("time_of_crisis", {"players": 4})
    ids = list(range(3, 3 + 7 * count, 7))
    mask = enc.mask(dict.fromkeys(ids))  # type: ignore[arg-type]
    assert mask.dtype == np.int8 and mask.shape == (enc.num_actions,)
    assert np.flatnonzero(mask).tolist() == ids
