from hypothesis import given
from hypothesis import strategies as st

from games.core.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


def test_state_is_one_integer_that_resumes_the_sequence():
    rng = Rng(7)
    rng.next64()
    resumed = Rng(rng.state)
    assert resumed.next64() == rng.next64()


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_randbelow_stays_in_range(seed, bound):
    assert 0 <= Rng(seed).randbelow(bound) < bound


@given(st.integers(min_value=0), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
