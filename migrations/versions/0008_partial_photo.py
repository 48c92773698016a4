"""Photos arriving in byte ranges: the bytes so far per photo id and user (partialphoto), removed when
the last range arrives or, unfinished, by the tick with the unclaimed photos.

Revision ID: 0008_partial_photo
Revises: 0007_photo_taken_at_source
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_partial_photo"
down_revision = "0007_photo_taken_at_source"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "partialphoto",
        sa.Column("photo_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"]),
        sa.PrimaryKeyConstraint("photo_id"),
    )
    op.create_index(op.f("ix_partialphoto_user_id"), "partialphoto", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_partialphoto_user_id"), table_name="partialphoto")
    op.drop_table("partialphoto")
