"""The apps depend on each other in one direction (DESIGN.md, "Layout and dependency direction"):

    accounts ← credits ← billing
    accounts ← history ← services → credits

No app imports from services or billing, and config — the shared base every app imports
(config.sql, config.storage, config.outbound, …) — imports no app, except in the composition
root below, the few modules that put the whole site together. Read from the source with `ast`,
imports inside functions included: an import that only works today because of import order is
caught as well."""

import ast
from pathlib import Path

from django.conf import settings

APPS = ("accounts", "credits", "billing", "history", "services", "config")

# The apps each app may import from (besides itself).
ALLOWED = {
    "accounts": {"config"},
    "credits": {"config", "accounts"},
    "billing": {"config", "accounts", "credits"},
    "history": {"config", "accounts"},
    "services": {"config", "accounts", "history", "credits"},
    "config": set(),
}

# config's composition root: modules that may import any app, each for the reason given.
COMPOSITION_ROOT = {
    # The landing and dashboard pages show the tools, the plans and the balance.
    "config/views.py",
    # The dashboard's content: balance, ledger, generation counts per tool.
    "config/dashboard.py",
    # The signed-in shell's sidebar lists the tools and shows the user's avatar.
    "config/templatetags/shell.py",
    # The periodic clean-up reaches into each app's old rows (billing's Stripe payloads).
    "config/housekeeping.py",
    # The housekeeping command states billing's retention in its help.
    "config/management/commands/housekeeping.py",
}

# Test support that lives beside the code: held to the tests' rules, not the apps'.
TEST_SUPPORT = {"config/pytest_plugin.py", "config/pytest_browser.py", "config/test_settings.py"}

# Calls that import the module their first argument names.
DYNAMIC_IMPORTS = {"import_module", "import_string"}

ROOT = Path(settings.BASE_DIR)


def imported_modules(source: str) -> set[str]:
    """Every absolute module name the source imports: import statements anywhere in it, and
    import_module("…") / import_string("…") with a literal name."""
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            function = (
                node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            )
            if function in DYNAMIC_IMPORTS and isinstance(node.args[0].value, str):
                modules.add(node.args[0].value)
    return modules


def imported_apps(source: str) -> set[str]:
    return {name.split(".")[0] for name in imported_modules(source)} & set(APPS)


def is_code(path: Path) -> bool:
    """A module of the app itself: not a test, test support or a migration."""
    relative = path.relative_to(ROOT)
    return not (
        {"tests", "migrations"} & set(relative.parts)
        or relative.name.startswith("test_")
        or relative.name == "conftest.py"
        or relative.as_posix() in TEST_SUPPORT
    )


def code_modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if is_code(path):
                yield app, path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_the_apps_import_only_in_the_allowed_direction():
    wrong_way = [
        f"{module} imports {other}"
        for app, module, source in code_modules()
        if module not in COMPOSITION_ROOT
        for other in sorted(imported_apps(source) - {app} - ALLOWED[app])
    ]
    assert wrong_way == []


def test_each_composition_root_module_exists_and_needs_to_be_one():
    # An entry whose module no longer imports an app would let the next one do so unnoticed.
    needless = [
        module
        for module in sorted(COMPOSITION_ROOT)
        if not (ROOT / module).exists()
        or not imported_apps((ROOT / module).read_text(encoding="utf-8")) - {"config"}
    ]
    assert needless == []


def test_every_kind_of_import_is_seen():
    source = """
import billing.models
from services.registry import TOOLS
from . import sibling

def later():
    from history.models import Generation
    importlib.import_module("credits.actions")
    return import_string("accounts.models.User")
"""
    assert imported_apps(source) == {"billing", "services", "history", "credits", "accounts"}
