"""The demo creative's text in every script the creative tools offer a language in: drawn whole
(no character left out, none drawn as the "not defined" box), right-to-left text in the order a
browser shows a dir="auto" element in, Arabic joined and Devanagari and Thai shaped, and a line
drawn exactly as wide as it was measured (so centring is right).

Words are found in a drawn line as stretches of ink between gaps wider than any gap inside a word,
and told apart by their widths.
"""

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from services.engines.demo_creative import CreativeSpec, compose_creative, wrap_lines
from services.engines.text_faces import text_faces

SIZE = 64
LEFT = 20
BASELINE = 90
WORD_GAP = 12  # wider than the gap between two letters of a word, narrower than a space

SCRIPTS = {
    "arabic": "سيروم الجمال",
    "hebrew": "שלום עולם",
    "japanese": "日本語の美容液",
    "chinese": "新品上市限时抢购",
    "korean": "한국어 광고",
    "hindi": "नमस्ते दुनिया",
    "thai": "สวัสดีครับ",
    "greek": "Καλημέρα",
    "vietnamese": "Tiếng Việt",
}


def faces():
    return text_faces("montserrat", 800, SIZE)


def measure(text: str) -> float:
    return faces().length(ImageDraw.Draw(Image.new("L", (1, 1))), text)


def drawn(text: str, *, x: float = LEFT) -> Image.Image:
    canvas = Image.new("L", (1400, 130), 0)
    faces().draw(ImageDraw.Draw(canvas), (x, BASELINE), text, fill=255)
    return canvas


def word_widths(image: Image.Image) -> list[int]:
    """The ink widths of the words in a drawn line, left to right."""
    columns = [x for x in range(image.width) if image.crop((x, 0, x + 1, image.height)).getbbox()]
    words = [[columns[0], columns[0]]]
    for x in columns[1:]:
        if x - words[-1][1] > WORD_GAP:
            words.append([x, x])
        else:
            words[-1][1] = x
    return [right - left + 1 for left, right in words]


def ink_width(text: str) -> int:
    left, _, right, _ = drawn(text).getbbox()
    return right - left


def face_font(text: str) -> ImageFont.FreeTypeFont:
    """The font the text's one run is drawn with."""
    (run,) = faces().runs(text)
    return run.face.font


def creative(headline: str) -> bytes:
    return compose_creative(
        CreativeSpec(width=512, height=512, primary="#59F7FF", secondary="#FF6B9D", headline=headline)
    )


@pytest.mark.parametrize("text", SCRIPTS.values(), ids=SCRIPTS.keys())
def test_text_in_every_offered_script_is_drawn_whole(text):
    assert faces().visible(text) == text
    left, _, right, _ = drawn(text).getbbox()
    length = measure(text)
    # The ink fills the width measured for the text, and stays in it.
    assert left >= LEFT - 2 and right <= LEFT + length + 2
    assert right - left >= 0.8 * length


@pytest.mark.parametrize("text", SCRIPTS.values(), ids=SCRIPTS.keys())
def test_no_letter_of_any_offered_script_is_drawn_as_the_missing_glyph_box(text):
    letters = sorted({char for char in text if char.isalpha() and not char.isspace()})
    drawings = {drawn(letter).tobytes() for letter in letters}
    assert len(drawings) == len(letters)  # the box is the same for every missing letter


@pytest.mark.parametrize(
    ("text", "left_to_right"),
    [
        # The paragraph is right-to-left (its first strong letter is Hebrew): the Hebrew word is
        # at the right, the Latin words keep their own order at its left.
        ("שלום Hi wonderful", ["Hi", "wonderful", "שלום"]),
        ("שלום world", ["world", "שלום"]),
        # Left-to-right paragraph: the Hebrew word simply follows.
        ("world שלום", ["world", "שלום"]),
        # Right-to-left words: the first one read is the rightmost.
        ("חג שמח לכולם", ["לכולם", "שמח", "חג"]),
        # A Hebrew phrase inside an English line is reversed as a whole, in place.
        ("Sale חג שמח now", ["Sale", "שמח", "חג", "now"]),
    ],
)
def test_right_to_left_words_are_in_the_order_a_browser_shows_them(text, left_to_right):
    expected = [ink_width(word) for word in left_to_right]
    assert word_widths(drawn(text)) == pytest.approx(expected, abs=2)


def test_a_number_in_hebrew_text_reads_left_to_right_at_the_lines_left():
    # "מחיר 1234" shows as "1234 מחיר": the digits first from the left, in their own order.
    line = drawn("מחיר 1234")
    digits = Image.new("L", line.size, 0)
    ImageDraw.Draw(digits).text((LEFT, BASELINE), "1234", font=face_font("1234"), fill=255, anchor="ls")
    number = (0, 0, LEFT + int(measure("1234")), line.height)
    assert line.crop(number).tobytes() == digits.crop(number).tobytes()


def test_arabic_letters_are_joined_as_one_word():
    word = "سلام"
    font = face_font(word)
    joined = Image.new("L", (1400, 130), 0)
    ImageDraw.Draw(joined).text((LEFT, BASELINE), word, font=font, fill=255, anchor="ls", direction="rtl")
    assert drawn(word).tobytes() == joined.tobytes()
    # Joined letters are narrower than the same letters standing alone.
    assert measure(word) < sum(measure(letter) for letter in word) - 4


@pytest.mark.parametrize("word", ["नमस्ते", "สวัสดี"], ids=["devanagari", "thai"])
def test_devanagari_and_thai_are_shaped(word):
    font = face_font(word)
    shaped = Image.new("L", (1400, 130), 0)
    ImageDraw.Draw(shaped).text((LEFT, BASELINE), word, font=font, fill=255, anchor="ls")
    assert drawn(word).tobytes() == shaped.tobytes()
    # A conjunct, a vowel sign on its consonant: narrower than the characters one by one.
    assert measure(word) < sum(measure(char) for char in word) - 4


def ink_of_word(word: str, *, x: float) -> tuple[int, int]:
    """Where the ink of a one-run word starts and ends, drawn by Pillow alone with its pen at x."""
    canvas = Image.new("L", (1400, 130), 0)
    ImageDraw.Draw(canvas).text((x, BASELINE), word, font=face_font(word), fill=255, anchor="ls")
    left, _, right, _ = canvas.getbbox()
    return left, right


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("Glow שלום ✨ سيروم الجمال Serum", "Glow", "Serum"),
        ("سيروم Glow Serum 50% ✨ שלום Glow", "Glow", "سيروم"),
    ],
    ids=["left-to-right", "right-to-left"],
)
def test_a_mixed_line_is_drawn_exactly_as_wide_as_it_was_measured(text, first, last):
    left, _, right, _ = drawn(text).getbbox()
    last_length = ImageDraw.Draw(Image.new("L", (1, 1))).textlength(last, font=face_font(last))
    assert left == pytest.approx(ink_of_word(first, x=LEFT)[0], abs=1)
    assert right == pytest.approx(ink_of_word(last, x=LEFT + measure(text) - last_length)[1], abs=1)


def test_chinese_and_japanese_lines_break_between_characters():
    text = "新品上市限时抢购，日本語の美容液を今すぐお試しください。"
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    lines, cut = wrap_lines(draw, text, faces(), 400, direction="ltr")
    assert len(lines) > 2
    assert "".join(lines) == text
    assert all(faces().length(draw, line) <= 400 for line in lines)
    assert not any(line[0] in "，。ー" for line in lines)  # never before closing punctuation
    assert not cut


def test_a_word_too_long_for_a_line_is_cut_between_letters_not_inside_one():
    text = "ลดราคาพิเศษสุดคุ้มวันนี้เท่านั้น"  # Thai: no spaces between words
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    lines, cut = wrap_lines(draw, text, faces(), 300, direction="ltr")
    assert cut
    assert len(lines) > 1
    assert "".join(lines) == text
    assert all(faces().length(draw, line) <= 300 for line in lines)
    # No line starts with a vowel sign or tone mark cut from its consonant.
    assert not any(line[0] in "ิีึืุูั่้๊๋็์" for line in lines)


@pytest.mark.parametrize(
    "headline",
    [
        "سيروم الجمال",
        "עכשיו רק השבוע",
        "日本語の美容液",
        "नया सीरम",
        "เซรั่มใหม่",
    ],
    ids=["arabic", "hebrew", "japanese", "hindi", "thai"],
)
def test_a_creative_shows_a_headline_in_the_script_it_is_written_in(headline):
    assert creative(headline) != creative("")


def test_without_node_modules_the_built_latin_face_draws_latin_and_leaves_other_scripts_out(
    tmp_path, settings
):
    # A deployment with only static/dist: the editor's latin face is all there is.
    built = Path(settings.BASE_DIR) / "static/dist/fonts/montserrat-latin-700-normal.woff2"
    (tmp_path / "static/dist/fonts").mkdir(parents=True)
    shutil.copy(built, tmp_path / "static/dist/fonts")
    settings.BASE_DIR = tmp_path
    faces = text_faces.__wrapped__("montserrat", 800, SIZE)
    assert [face.path for face in faces.faces] == [
        str(tmp_path / "static/dist/fonts/montserrat-latin-700-normal.woff2")
    ]
    assert faces.visible("Glow سيروم 日本") == "Glow  "
