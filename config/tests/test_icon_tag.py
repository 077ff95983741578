import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateSyntaxError

from config.icons import FILLED_ICONS, STROKE_ICONS
from config.templatetags.shell import MAIN_MENU
from config.views import LANDING_FEATURES
from services.registry import TOOLS

ICONS = STROKE_ICONS | FILLED_ICONS


def render(source: str, **context) -> str:
    return Template("{% load ui %}" + source).render(Context(context))


def test_an_icon_is_an_inline_svg_with_its_class_and_shape():
    html = render('{% icon "check" class="h-4 w-4" %}')
    assert html == (
        '<svg class="h-4 w-4" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
        'aria-hidden="true"><path d="M20 6 9 17l-5-5"/></svg>\n'
    )


def test_an_icon_without_a_class_is_h_5_w_5():
    assert render('{% icon "menu" %}').startswith('<svg class="h-5 w-5" ')


def test_brand_marks_are_filled_not_stroked():
    html = render('{% icon "github" class="h-5 w-5" %}')
    assert 'fill="currentColor"' in html and "stroke=" not in html


def test_the_name_can_come_from_a_variable():
    assert render('{% icon name class="h-6 w-6" %}', name="zap") == render('{% icon "zap" class="h-6 w-6" %}')


def test_the_class_is_escaped():
    html = render("{% icon 'x' class=css %}", css='"><script>alert(1)</script>')
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html


def test_an_unknown_name_gives_an_empty_svg():
    assert render('{% icon "no-such-icon" %}').endswith('aria-hidden="true"></svg>\n')


def test_the_icon_tag_refuses_attributes_other_than_class():
    with pytest.raises(TemplateSyntaxError, match="only class="):
        render('{% icon "x" title="Close" %}')


def test_every_icon_a_template_names_exists():
    names = set()
    for folder in [settings.BASE_DIR / "templates", *settings.BASE_DIR.glob("*/templates")]:
        for path in Path(folder).rglob("*.html"):
            names.update(re.findall(r'{% icon "([^"]+)"', path.read_text()))
    assert names and names <= ICONS.keys(), names - ICONS.keys()


def test_every_icon_named_in_data_exists():
    """Tool slugs (sidebar, cards, activity), the main menu and the landing features."""
    names = {tool.slug for tool in TOOLS.values()}
    names |= {icon for _label, _url, icon in MAIN_MENU}
    names |= {feature["icon"] for feature in LANDING_FEATURES}
    names.add("sparkles")  # recent activity's fallback (config.dashboard.recent_activity)
    assert names <= ICONS.keys(), names - ICONS.keys()
