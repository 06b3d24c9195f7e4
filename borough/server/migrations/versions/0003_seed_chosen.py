"""Each game row says whether its creator chose the seed.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Earlier rows cannot tell; marking them chosen is the cautious reading, as
    # their creators were shown the seed.
    op.add_column("games", sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                     server_default=sa.true()))


def downgrade() -> None:
    op.drop_column("games", "seed_chosen")
