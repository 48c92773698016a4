"""The Fairwater erosion-control inspection app: create_app() builds it."""

from __future__ import annotations

import gc
import os

from flask import Flask

from . import config


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        static_folder=os.path.join(os.path.dirname(__file__), "..", "static"),
        template_folder=os.path.join(os.path.dirname(__file__), "..", "templates"),
    )
    from .web.templating import PageEnvironment

    app.jinja_environment = PageEnvironment  # before anything builds app.jinja_env
    os.makedirs(app.instance_path, exist_ok=True)
    config.load(app, test_config)
    from . import logs

    logs.configure()  # sign-ins, sync, mail: INFO lines on standard error

    from .rules import rulebook

    # A missing or malformed rulebook value stops the app here, naming the key.
    app.extensions["rulebook"] = rulebook.load(app.config["RULEBOOK_PATH"])
    from .services import clock

    with app.app_context():  # the Village's day (tests may pin the clock)
        rulebook.check_calendar_coverage(
            app.extensions["rulebook"].data, clock.today(app.extensions["rulebook"])
        )

    from . import photos

    photos.configure(app.config["PHOTO_PROCESSING_SLOTS"])
    from .web import build_slots

    # Inspection and stop-work PDFs, built DOCUMENT_BUILDS at a time per process.
    build_slots.install(app, "document_builds", app.config["DOCUMENT_BUILDS"])

    from . import compression, db, security

    db.init_app(app)
    security.init_app(app)
    compression.init_app(app)  # gzip for the field app's files, pages and sync JSON

    from . import web

    web.register(app)  # every page blueprint, the navigation and the site page's panels
    # The sync API stands on the services (sync imports inspector, never the reverse): the app's
    # assembly here is the one module that names both (tests/test_layers.py).
    from sync import api as sync_api

    app.register_blueprint(sync_api.bp)

    from . import cli, cli_enforcement, cli_seals
    from .web import calendar, rain

    for command in (
        db.init_db_command,
        db.db_group,  # flask db upgrade | heads | revision …
        db.backup_command,
        cli.create_user_command,
        cli.seed_demo_command,
        cli.demo_accounts_command,
        cli_enforcement.tick_command,
        cli_seals.verify_command,
        cli_seals.seal_existing_command,
        calendar.send_reminders_command,
        rain.import_rain_command,
    ):
        app.cli.add_command(command)
    # `db upgrade` then seals the records stored before sealing began (docs/sealing.md).
    app.extensions["after_upgrade"] = [cli_seals.seal_existing]
    _freeze_startup_heap()
    return app


_startup_frozen = False


def _freeze_startup_heap() -> None:
    """Once per process, after the first app is built: the objects made by the imports and the app
    (some 10^5 containers) live as long as the process, so they are moved out of the cyclic
    collector's generations (gc.freeze) and its full collections stop rescanning them (one took
    0.18 s of CPU in the middle of bench_sync_ingest's push, 0.03 s after). Garbage is collected
    first so that none is kept; what is made later is collected as before. A forking server also
    keeps the frozen pages shared."""
    global _startup_frozen
    if not _startup_frozen:
        _startup_frozen = True
        gc.collect()
        gc.freeze()
