"""Where a photo's capture time came from (taken_at_source: "exif", "file" or "device-clock"), on
the photo and on the photo claim (sealed with the inspection). Null on every row from before: their
source was not recorded.

Revision ID: 0007_photo_taken_at_source
Revises: 0006_public_records_photo_marks
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_photo_taken_at_source"
down_revision = "0006_public_records_photo_marks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # recreate on SQLite: the table is written out whole, as create_all writes it (ADD COLUMN would
    # append after its constraints). Never on PostgreSQL: ADD COLUMN is all it needs.
    recreate = "always" if op.get_context().dialect.name == "sqlite" else "auto"
    for table in ("photo", "photoclaim"):
        with op.batch_alter_table(table, schema=None, recreate=recreate) as batch_op:
            batch_op.add_column(sa.Column("taken_at_source", sa.String(length=12), nullable=True))


def downgrade() -> None:
    for table in ("photoclaim", "photo"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("taken_at_source")
