"""Pages of the card catalog: gallery, card detail, starter decks and the deck builder."""
