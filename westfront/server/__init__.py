"""The game server (FastAPI + SQLAlchemy)."""
