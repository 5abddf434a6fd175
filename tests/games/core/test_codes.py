import math

from games.core import codes


def test_codes_carry_at_least_40_bits():
    assert math.log2(len(codes.ALPHABET)) * codes.LENGTH >= 40


def test_new_codes_use_only_the_readable_alphabet():
    for _ in range(200):
        code = codes.new_code()
        assert len(code) == codes.LENGTH
        assert set(code) <= set(codes.ALPHABET)


def test_typed_codes_are_forgiving():
    code = "K7QMR2XT9B"
    assert codes.normalize("k7qm-r2xt-9b") == code
    assert codes.normalize(" K7QM R2XT 9B ") == code
    assert codes.spoken(code) == "K7QM-R2XT-9B"


def test_lookalike_letters_map_to_the_symbols_they_resemble():
    # O is read as zero, which is not in the alphabet, so the code is refused, not guessed.
    assert codes.normalize("K7QMR2XT9O") == ""
    assert codes.normalize("K7QMR2XTVU") == "K7QMR2XTVV"


def test_wrong_lengths_are_refused():
    assert codes.normalize("K7QM") == ""
    assert codes.normalize("") == ""
