"""diffcheck: a differential checker of the layer rules of Magic: The Gathering, old rules against new."""
