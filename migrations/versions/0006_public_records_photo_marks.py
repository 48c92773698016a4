"""A site's public records page (token, who turned it on or off and when, the day the DNR was told
its address) and the marks drawn on an inspection's photos (a JSON vector layer on the photo claim;
null on every claim from before marks existed).

Revision ID: 0006_public_records_photo_marks
Revises: 0005_signatures_certification
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_public_records_photo_marks"
down_revision = "0005_signatures_certification"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "publicrecords",
        sa.Column("site_id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=True),
        sa.Column("turned_on_at", sa.DateTime(), nullable=True),
        sa.Column("turned_on_by", sa.Integer(), nullable=True),
        sa.Column("turned_off_at", sa.DateTime(), nullable=True),
        sa.Column("turned_off_by", sa.Integer(), nullable=True),
        sa.Column("dnr_told_on", sa.Date(), nullable=True),
        sa.Column("dnr_told_by", sa.Integer(), nullable=True),
        sa.Column("dnr_told_recorded_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["site_id"], ["site.id"]),
        sa.ForeignKeyConstraint(["turned_on_by"], ["user.id"]),
        sa.ForeignKeyConstraint(["turned_off_by"], ["user.id"]),
        sa.ForeignKeyConstraint(["dnr_told_by"], ["user.id"]),
        sa.PrimaryKeyConstraint("site_id"),
    )
    with op.batch_alter_table("publicrecords", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_publicrecords_token"), ["token"], unique=True)
    # recreate on SQLite: the table is written out whole, as create_all writes it (ADD COLUMN would
    # append after its constraints). Never on PostgreSQL: ADD COLUMN is all it needs.
    recreate = "always" if op.get_context().dialect.name == "sqlite" else "auto"
    with op.batch_alter_table("photoclaim", schema=None, recreate=recreate) as batch_op:
        batch_op.add_column(sa.Column("marks", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("photoclaim", schema=None) as batch_op:
        batch_op.drop_column("marks")
    with op.batch_alter_table("publicrecords", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_publicrecords_token"))
    op.drop_table("publicrecords")
