"""Signatures and inspector qualification: an inspection's drawn signature with the certification
statement's version, signer and time; an issued stop-work order's supervisor signature; a user's
certification type, number and expiry. All nullable: records from before signing keep none.

Revision ID: 0005_signatures_certification
Revises: 0004_site_recorded_readings
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_signatures_certification"
down_revision = "0004_site_recorded_readings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # recreate on SQLite: each table is written out whole, as create_all writes it (ADD COLUMN would
    # leave the new columns on the line of the last one); on PostgreSQL a plain ALTER TABLE.
    recreate = "always" if op.get_context().dialect.name == "sqlite" else "auto"
    with op.batch_alter_table("inspection", recreate=recreate) as batch:
        batch.add_column(sa.Column("signature", sa.JSON(), nullable=True))
        batch.add_column(
            sa.Column("signature_statement_version", sa.String(length=40), nullable=True)
        )
        batch.add_column(sa.Column("signed_by_name", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("signed_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("stopworkorder", recreate=recreate) as batch:
        batch.add_column(sa.Column("issued_signature", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("issued_statement_version", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("issued_signed_by_name", sa.String(length=200), nullable=True))
    with op.batch_alter_table("user", recreate=recreate) as batch:
        batch.add_column(sa.Column("certification_type", sa.String(length=120), nullable=True))
        batch.add_column(sa.Column("certification_number", sa.String(length=60), nullable=True))
        batch.add_column(sa.Column("certification_expires_on", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user") as batch:
        batch.drop_column("certification_expires_on")
        batch.drop_column("certification_number")
        batch.drop_column("certification_type")
    with op.batch_alter_table("stopworkorder") as batch:
        batch.drop_column("issued_signed_by_name")
        batch.drop_column("issued_statement_version")
        batch.drop_column("issued_signature")
    with op.batch_alter_table("inspection") as batch:
        batch.drop_column("signed_at")
        batch.drop_column("signed_by_name")
        batch.drop_column("signature_statement_version")
        batch.drop_column("signature")
