"""Sessions end on the server (user.session_generation) and failed sign-ins are counted in the
database (signinthrottle) instead of on the user row, per e-mail address and per client address.

Revision ID: 0002_session_generation_throttle
Revises: 0001_baseline
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_session_generation_throttle"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("user") as batch:
        batch.add_column(
            sa.Column("session_generation", sa.Integer(), nullable=False, server_default="0")
        )
        batch.drop_column("failed_logins")
        batch.drop_column("locked_until")
    op.create_table(
        "signinthrottle",
        sa.Column("key", sa.String(length=300), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_failure_at", sa.DateTime(), nullable=False),
        sa.Column("locked_until", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("signinthrottle")
    with op.batch_alter_table("user") as batch:
        batch.add_column(
            sa.Column("failed_logins", sa.Integer(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("locked_until", sa.DateTime(), nullable=True))
        batch.drop_column("session_generation")
