"""Small shared library for the apps: Celery hand-off after commit (and, as it moves out of
``config``, the Redis client and the push helpers). It imports no app; every app may import it."""
