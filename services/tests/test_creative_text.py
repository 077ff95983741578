"""The demo creative's text, drawn for real: every character in a face that has it, emoji in Noto
Emoji, and a character no installed face has left out instead of drawn as an empty box.

A missing glyph is drawn as the font's one "not defined" box, the same for every missing character,
so two different characters drawn alike are the box; a glyph really drawn differs from its neighbour.
"""

import pytest
from PIL import Image, ImageDraw

from services.engines.demo_creative import CreativeSpec, compose_creative
from services.engines.text_faces import text_faces

# A private-use character: no font the project installs has a glyph for it.
NO_GLYPH = "\ue000"


def ink(text: str, *, family: str = "montserrat", weight: int = 800) -> Image.Image:
    faces = text_faces(family, weight, 64)
    canvas = Image.new("L", (800, 120), 0)
    faces.draw(ImageDraw.Draw(canvas), (10, 90), text, fill=255)
    return canvas


def creative(headline: str, sub_headline: str = "") -> bytes:
    return compose_creative(
        CreativeSpec(
            width=512,
            height=512,
            primary="#59F7FF",
            secondary="#FF6B9D",
            headline=headline,
            sub_headline=sub_headline,
            call_to_action="Shop Now",
        )
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("🎉", "🌟"),  # emoji (Noto Emoji)
        ("ł", "ś"),  # latin-ext subset
        ("Ж", "Я"),  # cyrillic subset
    ],
)
def test_characters_beyond_latin_are_drawn_as_their_own_glyphs(first, second):
    drawn_first, drawn_second = ink(first), ink(second)
    assert drawn_first.getbbox() is not None
    assert drawn_second.getbbox() is not None
    assert drawn_first.tobytes() != drawn_second.tobytes()


def test_the_sub_headline_family_draws_emoji_too():
    assert ink("🎉", family="inter", weight=500).tobytes() != ink("🌟", family="inter", weight=500).tobytes()


def test_an_emoji_takes_the_space_of_a_glyph_between_words():
    faces = text_faces("montserrat", 800, 64)
    drawn = ImageDraw.Draw(Image.new("L", (1, 1)))
    assert faces.length(drawn, "Big 🎉 Sale") > faces.length(drawn, "Big  Sale") + 32


def test_a_character_no_face_has_is_left_out():
    assert ink(NO_GLYPH).getbbox() is None
    assert ink(f"Sale{NO_GLYPH}").tobytes() == ink("Sale").tobytes()


def test_a_creative_with_an_emoji_shows_it_and_not_a_box():
    plain = creative("Glow Serum")
    assert creative("Glow Serum 🌟") != plain
    assert creative("Glow Serum 🌟") != creative("Glow Serum 🎉")


def test_a_creative_leaves_out_a_word_it_cannot_draw_with_its_space():
    assert creative(f"Glow {NO_GLYPH}{NO_GLYPH} Serum") == creative("Glow Serum")


def test_a_skin_tone_is_left_out_as_monochrome_emoji_cannot_show_it():
    assert ink("👍🏽").tobytes() == ink("👍").tobytes()


def test_a_keycap_is_one_emoji_glyph_not_a_digit_and_a_frame():
    keycap = ink("1\ufe0f\u20e3")
    assert keycap.tobytes() != ink("1").tobytes()
    assert keycap.getbbox()[2] - keycap.getbbox()[0] > 40  # a key, not a narrow "1"


def test_latin_text_is_drawn_by_the_family_alone():
    faces = text_faces("montserrat", 800, 64)
    assert [run.face.path.rsplit("/", 1)[-1] for run in faces.runs("Glow Serum 20% off!")] == [
        "montserrat-latin-800-normal.woff"
    ]
