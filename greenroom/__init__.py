"""Greenroom's Python client: ``from greenroom.client import Client``."""
