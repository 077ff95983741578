"""services.colors: the hex codes and CSS colour names a colour field accepts, and their values."""

import pytest
from PIL import ImageColor

from services.colors import CSS_COLOR_NAMES, color_hex, hex_to_rgb


def test_the_names_are_the_148_css_named_colours():
    assert len(CSS_COLOR_NAMES) == 148
    assert {"rebeccapurple", "grey", "gray", "darkslategrey", "lightgoldenrodyellow"} <= set(CSS_COLOR_NAMES)
    assert "transparent" not in CSS_COLOR_NAMES


def test_each_name_has_the_value_pillow_knows_it_by():
    # An independent copy of the CSS table guards against a mistyped value.
    # (Through getrgb: Pillow caches what it parsed back into its colormap, so the map itself
    # holds tuples for names already used.)
    assert set(CSS_COLOR_NAMES) == set(ImageColor.colormap)
    for name, hex_code in CSS_COLOR_NAMES.items():
        assert ImageColor.getrgb(name) == hex_to_rgb(hex_code), name


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("#59f7ff", "#59F7FF"),
        ("#abc", "#AABBCC"),
        (" navy ", "#000080"),
        ("light blue", "#ADD8E6"),
        ("Sky-Blue", "#87CEEB"),
        ("LIGHT GOLDENROD-YELLOW", "#FAFAD2"),
    ],
)
def test_a_hex_code_or_a_colour_name_gives_its_hex_code(value, expected):
    assert color_hex(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        "",
        None,
        "notacolour",
        "transparent",
        "currentcolor",
        "Canvas",
        "light_blue",
        "-navy",
        "#abcd",
        "rgb(0,0,0)",
    ],
)
def test_anything_else_is_not_a_colour(value):
    assert color_hex(value) is None


def test_hex_to_rgb():
    assert hex_to_rgb("#87CEEB") == (135, 206, 235)
