"""site: the § 256-4 excluded use, and the readings the ordinance leaves to the Village as a supervisor
recorded them, with who and when: runoff leaving the site (§ 256-7B(5)), the extraterritorial option
(§ 256-3), dewatering water shown to hold no particles over 100 microns (§ 256-7B(1)). Existing sites get
the protective readings (runoff leaves, the option is exercised, particles over 100 microns).

Revision ID: 0004_site_recorded_readings
Revises: 0003_seal_chain
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_site_recorded_readings"
down_revision = "0003_seal_chain"
branch_labels = None
depends_on = None

READINGS = (
    ("runoff_leaves_site", "runoff", "1"),
    ("extraterritorial_exercised", "extraterritorial", "1"),
    ("dewatering_fines_only", "dewatering", "0"),
)


def upgrade() -> None:
    # recreate on SQLite: the table is written out whole, as create_all writes it (ADD COLUMN would
    # append). Never on PostgreSQL: dropping the old table fails on the foreign keys to it.
    recreate = "always" if op.get_context().dialect.name == "sqlite" else "auto"
    with op.batch_alter_table("site", schema=None, recreate=recreate) as batch_op:
        batch_op.add_column(sa.Column("excluded_use", sa.String(length=40), nullable=True))
        for column, prefix, default in READINGS:
            batch_op.add_column(
                sa.Column(column, sa.Boolean(), server_default=default, nullable=False)
            )
            batch_op.add_column(sa.Column(f"{prefix}_recorded_by", sa.Integer(), nullable=True))
            batch_op.add_column(sa.Column(f"{prefix}_recorded_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("site", schema=None) as batch_op:
        for column, prefix, _default in reversed(READINGS):
            batch_op.drop_column(f"{prefix}_recorded_at")
            batch_op.drop_column(f"{prefix}_recorded_by")
            batch_op.drop_column(column)
        batch_op.drop_column("excluded_use")
