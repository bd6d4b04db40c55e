"""RQ job functions and the worker entry point."""
