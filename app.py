"""Entry point: `flask --app app run`, `gunicorn app:app`."""

from inspector import create_app

app = create_app()
