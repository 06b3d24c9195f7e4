"""The actions' index on the game alone goes: the unique key on (game_id, number)
opens with the same column and serves every look-up by game, and each move
wrote both to disk.

Revision ID: 0015
Revises: 0014
"""

from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_actions_game_id", table_name="actions", if_exists=True)


def downgrade() -> None:
    op.create_index("ix_actions_game_id", "actions", ["game_id"])
