"""Each game row keeps the rules version it was started under.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Rows stored before this revision were all played under rules version 1.
    op.add_column("games", sa.Column("rules_version", sa.Integer, nullable=False,
                                     server_default="1"))


def downgrade() -> None:
    op.drop_column("games", "rules_version")
