"""Alembic environment: the SQLModel tables, batch mode for SQLite, the app's configured database.

`flask --app app db …` (inspector/schema.py) passes its own connection, inside one transaction.
The bare `alembic` CLI (script_location in pyproject.toml) connects to the Flask app's DATABASE_URL.
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString

import inspector.models  # noqa: F401  (registers every table on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def render_item(type_, obj, _autogen_context):
    """Revisions say sa.String, so a migration never depends on SQLModel's own types."""
    if type_ == "type" and isinstance(obj, AutoString):
        return f"sa.String(length={obj.length})" if obj.length else "sa.String()"
    return False


def configure(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things: copy-and-move
        transactional_ddl=True,
        compare_type=True,
        render_item=render_item,
    )


def run_offline() -> None:
    from inspector import create_app

    context.configure(
        url=create_app().config["DATABASE_URL"],
        target_metadata=target_metadata,
        render_as_batch=True,
        literal_binds=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    from inspector import create_app
    from inspector.db import make_engine

    engine = make_engine(create_app().config["DATABASE_URL"])
    try:
        with engine.connect() as connection:
            configure(connection)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
