from config.render_cache import RenderCache


def test_a_key_is_rendered_once_then_kept():
    cache = RenderCache(max_entries=4)
    calls = []

    def render():
        calls.append(1)
        return "<p>hi</p>"

    assert cache.get_or_render(("a", 1), render) == "<p>hi</p>"
    assert cache.get_or_render(("a", 1), render) == "<p>hi</p>"
    assert len(calls) == 1


def test_the_least_recently_used_entry_goes_first():
    cache = RenderCache(max_entries=2)
    cache.get_or_render("a", lambda: "A")
    cache.get_or_render("b", lambda: "B")
    cache.get_or_render("a", lambda: "not used")  # a is now the most recent
    cache.get_or_render("c", lambda: "C")  # evicts b

    assert cache.get_or_render("a", lambda: "again") == "A"
    assert cache.get_or_render("b", lambda: "B2") == "B2"


def test_clear_all_empties_every_cache():
    one, two = RenderCache(max_entries=2), RenderCache(max_entries=2)
    one.get_or_render("k", lambda: "1")
    two.get_or_render("k", lambda: "2")
    RenderCache.clear_all()

    assert one.get_or_render("k", lambda: "new") == "new"
    assert two.get_or_render("k", lambda: "new") == "new"
