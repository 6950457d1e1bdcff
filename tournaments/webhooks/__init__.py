"""Signed webhooks for organisers: endpoints per event, deliveries queued after commit, a log.

``outbox.emit`` records a delivery for each endpoint that wants the kind and queues the Celery
task; ``announce`` builds each kind's payload from the services; ``delivery`` posts, signs
(``signing``) and retries; ``addresses`` decides which URLs may be called.
"""
