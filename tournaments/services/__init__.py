"""The only bridge between the event models and the pure pairing logic.

Each service validates, locks the event row, calls the pure module on frozen
dataclasses and writes the outcome back in one transaction; a refusal raises
an ``EventError`` before anything is written.
"""
