"""The app is assembled from explicit lists (create_app, inspector/web/__init__.py register,
sync/handlers load_all). These tests fail when a module defines a blueprint or a sync handler that
the lists miss, and pin what each role sees in the navigation and which commands exist."""

import importlib
import inspect
import pkgutil
import re

from flask import Blueprint

import inspector.web
import sync
import sync.handlers
from sync.handlers import load_all


def _modules(package):
    for info in pkgutil.iter_modules(package.__path__):
        yield importlib.import_module(f"{package.__name__}.{info.name}")


def test_every_blueprint_defined_is_registered(app):
    defined = {
        (module.__name__, name): value
        for package in (inspector.web, sync)
        for module in _modules(package)
        for name, value in vars(module).items()
        if isinstance(value, Blueprint)
    }
    assert defined, "no blueprint found: the scan is broken"
    missing = [
        f"{module}.{name}"
        for (module, name), bp in defined.items()
        if app.blueprints.get(bp.name) is not bp
    ]
    assert missing == [], f"defined but not registered in inspector/web/__init__.py: {missing}"


def test_every_sync_handler_defined_is_listed():
    handlers = load_all()
    defined = {
        cls
        for module in _modules(sync.handlers)
        for cls in vars(module).values()
        if inspect.isclass(cls)
        and cls.__module__ == module.__name__
        and isinstance(getattr(cls, "entity", None), str)
        and callable(getattr(cls, "apply", None))
    }
    assert len(defined) >= 6
    assert {type(h) for h in handlers.values()} == defined
    assert all(name == h.entity for name, h in handlers.items())


def _nav_labels(html: str) -> list[str]:
    nav = re.search(r'<ul class="nav">(.*?)</ul>', html, re.S).group(1)
    return re.findall(r">([^<>]+)</a>", nav)


def test_each_role_sees_its_navigation_in_order(client, auth, people):
    common = ["Field app", "Calendar", "Findings", "Rain", "Calculators", "Devices"]
    expected = {
        "permittee": ["Sites", *common, "Password"],
        "inspector": ["Sites", "Dashboard", *common, "Password"],
        "supervisor": ["Sites", "Dashboard", *common, "Conflicts", "Audit", "Password"],
    }
    for role, labels in expected.items():
        auth.login(people[role].email)
        page = client.get("/sites/")
        assert page.status_code == 200
        assert _nav_labels(page.get_data(as_text=True))[: len(labels)] == labels, role
        auth.logout()


def test_every_command_is_listed(app):
    assert set(app.cli.list_commands(None)) == {
        "backup",
        "create-user",
        "db",
        "demo-accounts",
        "import-rain",
        "init-db",
        "seal-existing",
        "seed-demo",
        "send-reminders",
        "tick",
        "verify",
    }
