"""The pages of events, for people (the API is `tournaments/api.py`): public and player pages
(`views`), the organiser's (`manage_views`), the registration desk (`desk_views`), deck registration
(`deck_views`), paper and the projector (`paper_views`, with `paper`), a round robin's playoffs
(`playoff_views`), and what they share: the buttons the event's state allows (`floor_actions`), the
confirmation step's words (`confirmations`), the finished event's overview (`overview`) and page layout
(`presentation`). Pod events' pages are in `tournaments/pods/`; what every app's pages share
(refusals shown, the confirmation page) is `common/web.py`."""
