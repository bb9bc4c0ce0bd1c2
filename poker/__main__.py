"""``python -m poker``: the command line, started as the ``poker`` command starts it, in ``_poker_entry.py``
(the console script's target, a module beside the package), whose first statement holds Ctrl-C (blocks
SIGINT: a Ctrl-C stays pending, it is not lost) before anything of the command is imported;
:func:`poker.cli.program.run_program` releases it where it is answered, so that a Ctrl-C at any moment from
there on ends the command with status 130 and no traceback. Python imports the package
(``poker/__init__.py``, which imports no wing) before this module. Only a program runs this module:
importing the library never changes how Ctrl-C is handled.
"""

from _poker_entry import main

__all__ = ['main']

if __name__ == '__main__':
    raise SystemExit(main())
