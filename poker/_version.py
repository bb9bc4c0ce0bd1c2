"""The library's version, in one place (setup.cfg reads it from here without importing the package)."""

__version__ = '0.1.0'
