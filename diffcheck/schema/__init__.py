"""The JSON Schemas of the board format and the outcome (data: read with importlib.resources)."""
