"""Alembic environment: runs on the connection the server hands it."""

from alembic import context

from borough.server.store_rows import Base

connection = context.config.attributes.get("connection")
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
