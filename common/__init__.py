"""Small shared library for the apps: the Celery hand-off after commit (``tasks``), the Redis
client (``redis``), websocket pushes (``push``) and the base consumer (``consumers``). It imports
no app; every app may import it (``config`` is the layer above both)."""
