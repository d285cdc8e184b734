"""Test doubles: engines that are wrong on purpose, in one known way."""
