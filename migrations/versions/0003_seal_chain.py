"""The seal chain (docs/sealing.md): `seal`, one row per sealed version of a record, and
`verifyrun`, the log of `flask --app app verify` runs. Records already stored are sealed afterwards,
marked "sealed on upgrade", by `flask --app app seal-existing` (the upgrade runs it): the migration
only makes the tables, so it stays frozen while the sealing code may change.

Revision ID: 0003_seal_chain Revises: 0002_session_generation_throttle Create Date: 2026-12-02"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_seal_chain"
down_revision = "0002_session_generation_throttle"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seal",
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=30), nullable=False),
        sa.Column("record_id", sa.String(length=64), nullable=False),
        sa.Column("format", sa.Integer(), nullable=False),
        sa.Column("record_hash", sa.String(length=64), nullable=False),
        sa.Column("prev", sa.String(length=64), nullable=False),
        sa.Column("seal", sa.String(length=64), nullable=False),
        sa.Column("sealed_at", sa.DateTime(), nullable=False),
        sa.Column("origin", sa.String(length=10), nullable=False),
        sa.PrimaryKeyConstraint("seq"),
    )
    op.create_index("ix_seal_record", "seal", ["kind", "record_id", "seq"])
    op.create_index("ix_seal_seal", "seal", ["seal"], unique=True)
    op.create_table(
        "verifyrun",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("trigger", sa.String(length=10), nullable=False),
        sa.Column("records", sa.Integer(), nullable=False),
        sa.Column("seals", sa.Integer(), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("problem_count", sa.Integer(), nullable=False),
        sa.Column("problems", sa.JSON(), nullable=True),
        sa.Column("head_seq", sa.Integer(), nullable=True),
        sa.Column("head_seal", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_verifyrun_started_at", "verifyrun", ["started_at"])


def downgrade() -> None:
    op.drop_index("ix_verifyrun_started_at", table_name="verifyrun")
    op.drop_table("verifyrun")
    op.drop_index("ix_seal_seal", table_name="seal")
    op.drop_index("ix_seal_record", table_name="seal")
    op.drop_table("seal")
