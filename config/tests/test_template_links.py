"""Templates link to our pages by URL name ({% url %}), so renaming a route cannot silently
break a link. The site root is the one spelled-out path: the error pages link to it and must
render even when the URLs themselves fail to load."""

import re
from pathlib import Path

from django.conf import settings

SPELLED_OUT_PATH = re.compile(r'\b(?:href|action|src)="(/(?!/)[^"#]+)')


def test_no_template_spells_out_a_path_of_ours():
    spelled_out = []
    for folder in [settings.BASE_DIR / "templates", *settings.BASE_DIR.glob("*/templates")]:
        for path in Path(folder).rglob("*.html"):
            spelled_out += [f"{path.name}: {url}" for url in SPELLED_OUT_PATH.findall(path.read_text())]
    assert spelled_out == []
