"""The JSON Schemas of the board format and the outcome (data, read by path from beside this file)."""
