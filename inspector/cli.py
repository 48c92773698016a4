"""CLI commands: `flask --app app create-user | seed-demo | demo-accounts` (create_app lists every
command; init-db and backup live in db.py)."""

from __future__ import annotations

import click
from flask import current_app

from . import schema
from .db import engine, get_session, is_empty, require_current
from .models import ROLES
from .services import ServiceError, accounts


@click.command("create-user")
@click.option("--email", required=True)
@click.option("--role", required=True, type=click.Choice(ROLES))
@click.option("--name", default="")
@click.option("--company", default=None, help="Required for permittees: the company's name.")
@click.option("--password", default=None, help="Prompted for when omitted.")
def create_user_command(email, role, name, company, password):
    """Create a user account."""
    require_current()
    if password is None:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    session = get_session()
    try:
        user = accounts.create_user(
            session,
            email=email,
            name=name or email,
            role=role,
            password=password,
            company_name=company,
        )
        session.commit()
    except ServiceError as exc:
        session.rollback()
        raise click.ClickException(f"{exc.field or 'error'}: {exc.message}") from None
    click.echo(f"Created {user.role} {user.email} (id {user.id})")


@click.command("seed-demo")
@click.option("--if-empty", is_flag=True, help="Only when the database has no users yet.")
def seed_demo_command(if_empty):
    """Fill the database with realistic demo sites, permits, rain and inspections."""
    from . import demo

    try:
        schema.upgrade(engine())  # a no-op on a current database
    except schema.SchemaError as exc:
        raise click.ClickException(str(exc)) from None
    session = get_session()
    if if_empty and not is_empty(session):
        click.echo("Database already has data; demo not loaded.")
        return
    demo.seed(session, current_app.extensions["rulebook"])
    session.commit()
    click.echo("Demo data loaded.")


@click.command("demo-accounts")
def demo_accounts_command():
    """Print the demo sign-ins."""
    from .demo import ACCOUNTS, PASSWORD

    click.echo(f"Demo sign-ins (password for all: {PASSWORD})")
    for email, name, role, company in ACCOUNTS:
        click.echo(f"  {role:<11} {email:<34} {name}" + (f" — {company}" if company else ""))
