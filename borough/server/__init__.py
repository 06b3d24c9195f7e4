"""The game server: rooms and seats over HTTP and WebSocket, stored as events."""
