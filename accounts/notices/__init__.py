"""Notices: the site's notification centre (the bell, the page of past notices), the same notices
by e-mail and by Web Push, each kind switched per channel on the profile (docs/notices.md)."""
