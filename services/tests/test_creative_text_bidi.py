"""The bidirectional algorithm the demo creatives order their lines by: each expectation here is
what Chromium shows for the same text in a dir="auto" element (checked by rendering both)."""

import pytest

from services.engines.text_bidi import embedding_levels, paragraph_direction, visual_order


@pytest.mark.parametrize(
    ("text", "direction"),
    [
        ("שלום world", "rtl"),
        ("world שלום", "ltr"),
        ("50% خصم", "rtl"),  # digits and signs are not strong: the Arabic word decides
        ("🎉 Sale", "ltr"),
        ("2024 !", "ltr"),  # nothing strong: left to right
    ],
)
def test_the_paragraph_direction_is_the_first_strong_letters(text, direction):
    assert paragraph_direction(text) == direction


def test_a_number_in_arabic_is_an_arabic_number_and_the_percent_sign_stays_outside_it():
    # "خصم 50%" shows as "%50 خصم": after Arabic letters "50" is an Arabic number (W2), so "%"
    # no longer joins it (W5) and sits in the right-to-left text, left of the digits.
    assert embedding_levels("خصم 50%", base_level=1) == [1, 1, 1, 1, 2, 2, 1]


def test_a_percent_sign_after_a_number_in_hebrew_belongs_to_the_number():
    assert embedding_levels("מבצע 50%", base_level=1) == [1, 1, 1, 1, 1, 2, 2, 2]


def test_latin_words_in_right_to_left_text_are_one_left_to_right_stretch_with_their_space():
    assert embedding_levels("שלום Hi you", base_level=1) == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]


def test_a_space_between_a_right_to_left_phrase_and_latin_takes_the_paragraphs_direction():
    assert embedding_levels("Sale חג now", base_level=0) == [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]


def test_whitespace_at_the_end_of_a_line_is_at_the_paragraphs_level():
    assert embedding_levels("שלום ", base_level=0) == [1, 1, 1, 1, 0]


@pytest.mark.parametrize(
    ("levels", "left_to_right"),
    [
        ([0, 0, 0], [0, 1, 2]),
        ([1, 1, 1], [2, 1, 0]),
        ([0, 1, 1, 0], [0, 2, 1, 3]),
        ([1, 2, 2, 1], [3, 1, 2, 0]),  # a number keeps its order inside right-to-left text
    ],
)
def test_runs_are_reversed_from_the_highest_level_down(levels, left_to_right):
    assert visual_order(levels) == left_to_right
