"""Each game row names the content it was created with (a designer's digest, or none).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Rows from before were made by servers that played each game's own content.
    op.add_column("games", sa.Column("content", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "content")
