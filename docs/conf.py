"""Sphinx configuration of the documentation site, built from this folder:

    pip install -e '.[docs]' && python -m sphinx -W --keep-going -b html docs build/docs

The pages are the Markdown files here (MyST reads them), the README (``index.md`` includes it), the notebook
``examples/tour.ipynb`` (executed while the site is built) and an API reference generated from the package.
Nothing is listed by hand: when Sphinx starts, :func:`write_sources` walks ``poker`` and writes one page per
wing (each subpackage or public module of ``poker`` with an ``__all__``) into ``api/``, and copies the
notebook into ``examples/``; both folders are ignored by git. Each public object is described once, at the
wing whose ``__all__`` names it; ``poker.Card`` and a bare ``Card`` in a docstring resolve to it.

Importing this file only sets names (pytest imports it when it collects doctests); it imports neither Sphinx
nor ``poker``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docutils.nodes import Element, TextElement
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
API = HERE / 'api'  # generated: one page per wing
EXAMPLES = HERE / 'examples'  # generated: a copy of the notebook, so that it is a page of the site
HOMES: dict[tuple[int, str], str] = {}  # filled by write_sources: see homes()
ALIASES: dict[str, str] = {}

project = 'poker (loki-holdem)'
author = 'the poker developers'
copyright = 'the poker developers, MIT licence'

extensions = ['myst_nb', 'sphinx.ext.autodoc', 'sphinx.ext.viewcode']
source_suffix = {'.rst': 'restructuredtext', '.md': 'myst-nb', '.ipynb': 'myst-nb'}
root_doc = 'index'
exclude_patterns = ['_build', 'Thumbs.db', '.DS_Store']
html_theme = 'furo'
html_title = 'poker'

# MyST: headings get anchors, so that `page.md#a-heading` links resolve (and are checked).
myst_heading_anchors = 4
myst_enable_extensions = ['colon_fence']

# The notebook is kept without outputs (tests/test_tour.py); it runs here in a local kernel, every build.
nb_execution_mode = 'force'
nb_execution_timeout = 1800  # a guard against a hung kernel on a busy machine, not a limit
nb_execution_raise_on_error = True  # a failing cell fails the build
nb_execution_show_tb = True
nb_merge_streams = True

autodoc_member_order = 'bysource'
autodoc_typehints = 'signature'
add_module_names = False
python_display_short_literal_types = True


# --------------------------------------------------------------------------------------------- the API pages
@dataclass
class Wing:
    """One page of the API reference: a module of ``poker`` and the names its ``__all__`` lists."""

    module: str
    names: list[str] = field(default_factory=list)
    kinds: dict[str, str] = field(default_factory=dict)  # name -> autodoc directive


def kind(thing: object) -> str:
    if inspect.isclass(thing):
        return 'autoexception' if issubclass(thing, BaseException) else 'autoclass'
    if inspect.isfunction(thing) or inspect.isbuiltin(thing) or callable(thing) and hasattr(thing, '__wrapped__'):
        return 'autofunction'
    return 'autodata'


def wings() -> list[Wing]:
    """Every subpackage of ``poker``, then every public module, that has an ``__all__``, in name order."""
    poker = importlib.import_module('poker')
    found = sorted(pkgutil.iter_modules(poker.__path__), key=lambda info: (not info.ispkg, info.name))
    result = []
    for info in found:
        if info.name.startswith('_'):
            continue
        module = importlib.import_module(f'poker.{info.name}')
        names = getattr(module, '__all__', None)
        if names is None:
            continue
        wing = Wing(module.__name__, list(names))
        wing.kinds = {name: kind(getattr(module, name)) for name in names}
        result.append(wing)
    return result


def homes(found: list[Wing]) -> tuple[dict[tuple[int, str], str], dict[str, str]]:
    """Where each public object is described: (its identity, its name) -> ``poker.cards.Card``, and each bare
    name that one wing alone exports -> the same (a name two wings export is left out: a reference says which).

    An object that several wings export (a wing that keeps an old import path, say) is described once, in the
    wing that defines it (its ``__module__`` is in that wing), else in the first wing that lists it."""
    described: dict[tuple[int, str], str] = {}
    short: dict[str, set[tuple[int, str]]] = {}
    for wing in found:
        module = importlib.import_module(wing.module)
        for name in wing.names:
            thing = getattr(module, name)
            key = (id(thing), name)
            defined = getattr(thing, '__module__', None) if inspect.isclass(thing) or inspect.isroutine(thing) else None
            if key not in described or isinstance(defined, str) and (defined + '.').startswith(wing.module + '.'):
                described[key] = f'{wing.module}.{name}'
            short.setdefault(name, set()).add(key)
    return described, {name: described[next(iter(keys))] for name, keys in short.items() if len(keys) == 1}


def find(target: str) -> list[object] | None:
    """The objects along ``poker.stats.multiway.equity`` (the module, then each attribute), None if it is not there."""
    parts = target.split('.')
    if parts[0] != 'poker':
        return None
    for cut in range(len(parts), 0, -1):
        try:
            thing: object = importlib.import_module('.'.join(parts[:cut]))
        except ImportError:
            continue
        chain = [thing]
        for part in parts[cut:]:
            if not hasattr(thing, part):
                return None
            thing = getattr(thing, part)
            chain.append(thing)
        return chain
    return None


def home_of(target: str) -> tuple[str | None, bool]:
    """The described name a reference means (``poker.stats.multiway.equity`` -> ``poker.stats.equity``; a
    member of a described class follows its class), and whether ``target`` names anything in ``poker``."""
    chain = find(target)
    if chain is None:
        return ALIASES.get(target), target in ALIASES
    name = target.rsplit('.', 1)[-1]
    home = HOMES.get((id(chain[-1]), name))
    if home is None and len(chain) >= 2 and inspect.isclass(chain[-2]):
        owner = HOMES.get((id(chain[-2]), target.split('.')[-2]))
        home = owner and f'{owner}.{name}'
    return home, True


def data_doc(wing: str, name: str, value: object) -> list[str]:
    """The doc comment or string of the constant ``wing.name``, read where it is assigned (the wing's
    ``__init__`` or one of its modules): autodoc, given ``poker.cards.HOLDINGS``, would show the docstring of
    the value's type (numpy's ``ndarray``)."""
    import sys

    from sphinx.pycode import ModuleAnalyzer, PycodeError

    for module_name in [wing, *sorted(name for name in sys.modules if name.startswith(wing + '.'))]:
        module = sys.modules.get(module_name)
        if module is None or vars(module).get(name, object()) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except PycodeError:
            continue
        if ('', name) in docs:
            return [line for line in docs['', name]]
    return []


def data_directive(wing: str, name: str) -> str:
    value = getattr(importlib.import_module(wing), name)
    lines = [f'.. py:data:: {name}', f'   :module: {wing}']
    shown = repr(value)
    if len(shown) <= 60 and '\n' not in shown:
        lines.append(f'   :value: {shown}')
    lines.append('')
    lines += [f'   {line}'.rstrip() for line in data_doc(wing, name, value)]
    return '\n'.join(lines)


def directive(wing: Wing, name: str) -> str:
    what = wing.kinds[name]
    if what == 'autodata':
        return data_directive(wing.module, name)
    lines = [f'.. {what}:: {wing.module}.{name}']
    if what in ('autoclass', 'autoexception'):
        lines.append('   :members:')
    if what == 'autoexception':
        lines.append('   :show-inheritance:')  # which PokerError it is
    return '\n'.join(lines)


def wing_page(wing: Wing) -> str:
    """The wing's docstring, then each name its ``__all__`` lists: described here, or linked to where it is."""
    module = importlib.import_module(wing.module)
    title = f'``{wing.module}``'
    body = [title, '=' * len(title), '', f'.. automodule:: {wing.module}', '   :no-members:', '']
    elsewhere = []
    for name in wing.names:
        home = HOMES[id(getattr(module, name)), name]
        if home == f'{wing.module}.{name}':
            body.append(directive(wing, name) + '\n')
        else:
            elsewhere.append(f'* :py:obj:`{wing.module}.{name} <{home}>`')
    if elsewhere:
        body += ['.. rubric:: Also exported here, described in another wing', '', *elsewhere, '']
    return '\n'.join(body)


def top_page(found: list[Wing]) -> str:
    poker = importlib.import_module('poker')
    title = 'API reference'
    body = [title, '=' * len(title), '', '.. automodule:: poker', '   :no-members:', '',
            'The names ``poker`` itself exports, each described in its wing:', '']
    alone = []
    for name in poker.__all__:
        home = HOMES.get((id(getattr(poker, name)), name))
        if home is None:
            alone.append(name)
            body.append(f'* :py:data:`poker.{name}`')
        else:
            body.append(f'* :py:obj:`poker.{name} <{home}>`')
    body.append('')
    body += [data_directive('poker', name) + '\n' for name in alone]
    body += ['.. toctree::', '   :caption: The wings', '   :maxdepth: 1', '']
    body += [f'   {wing.module}' for wing in found]
    return '\n'.join(body) + '\n'


def write(path: Path, text: str) -> None:
    """Write ``text`` unless the file holds it already (an unchanged page is not read again)."""
    if not path.exists() or path.read_text(encoding='utf-8') != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding='utf-8')


def exercise_pages() -> dict[str, str]:
    """``examples/exercises/NAME/index.md`` per exercise folder (its task, check and solution) and a list."""
    folder = ROOT / 'examples' / 'exercises'
    pages = {}
    entries = []
    for exercise in sorted(path for path in folder.iterdir() if (path / 'task.py').is_file()):
        task = (exercise / 'task.py').read_text(encoding='utf-8')
        summary = task.split('"""')[1].strip().splitlines()[0] if task.startswith('"""') else ''
        where = f'examples/exercises/{exercise.name}'
        text = [f'# {exercise.name}', '', summary.replace('Exercise: ', '', 1).capitalize(), '',
                f'Write your answer in `{where}/task.py`, then check it: `python {where}/check.py`.', '']
        for name in ('task.py', 'check.py', 'solution.py'):
            text += [f'## {name}', '', f'```{{literalinclude}} /../{where}/{name}', ':language: python', '```', '']
        pages[f'{exercise.name}/index.md'] = '\n'.join(text)
        entries.append(f'{exercise.name}/index')
    pages['index.md'] = '\n'.join([
        '# Exercises', '',
        'Short exercises that subclass the library\'s classes. Each folder of `examples/exercises/` has `task.py`',
        '(a stub to complete), `check.py` (run it) and `solution.py`.', '',
        '```{toctree}', ':maxdepth: 1', '', *entries, '```', ''])
    return pages


def example_links(text: str, prefix: str) -> str:
    """Links to ``examples/`` of the repository -> the site's pages of them (the notebook, the exercises);
    ``prefix`` is the link's form in the page (``../`` in docs/*.md; none in the README, read from index.md)."""
    def page(match: re.Match[str]) -> str:
        target = match.group(1)
        return '](' + target + ('index.md' if target.endswith('/') else '')
    pattern = re.compile(r'\]\(' + re.escape(prefix) + r'(examples/[^)\s#]*)')
    return pattern.sub(page, text)


def rewrite_page(app: Sphinx, docname: str, source: list[str]) -> None:
    if '/' not in docname and docname != 'index':
        source[0] = example_links(source[0], '../')


def rewrite_include(app: Sphinx, path: Path, docname: str, content: list[str]) -> None:
    if path.name == 'README.md':
        content[0] = example_links(content[0], '')


def write_sources(app: Sphinx) -> None:
    found = wings()
    described, aliases = homes(found)
    HOMES.clear()
    HOMES.update(described)
    ALIASES.clear()
    ALIASES.update(aliases)
    pages = {'index.rst': top_page(found)} | {f'{wing.module}.rst': wing_page(wing) for wing in found}
    for stale in set(path.name for path in API.glob('*.rst')) - set(pages) if API.exists() else ():
        (API / stale).unlink()
    for name, text in pages.items():
        write(API / name, text)
    notebook = ROOT / 'examples' / 'tour.ipynb'
    copy = EXAMPLES / notebook.name
    if not copy.exists() or copy.read_bytes() != notebook.read_bytes():
        EXAMPLES.mkdir(exist_ok=True)
        shutil.copyfile(notebook, copy)
    exercises = exercise_pages()
    for name, text in exercises.items():
        write(EXAMPLES / 'exercises' / name, text)


def resolve_alias(app: Sphinx, env: BuildEnvironment, node: pending_xref,
                  contnode: TextElement) -> Element | None:
    """A reference to an object of ``poker`` by any of its paths (``poker.Card``, ``poker.cards.card.Card``,
    ``Card`` in a docstring) -> its description at its wing (``poker.cards.Card``). A reference to a
    ``poker...`` path that is not there is a warning (so an error under ``-W``): a stale name in a docstring."""
    if node.get('refdomain') != 'py':
        return None
    target = node['reftarget'].lstrip('.~')
    context = [node.get('py:module'), node.get('py:class')]
    candidates = [target]
    if context[0]:
        candidates[:0] = [f'{context[0]}.{target}'] + ([f'{context[0]}.{context[1]}.{target}'] if context[1] else [])
    domain = env.domains['py']
    for candidate in candidates:
        home, there = home_of(candidate)
        if home is not None:
            return domain.resolve_xref(env, node['refdoc'], app.builder, 'obj', home, node, contnode)
        if there:
            return None
    if target.startswith('poker.'):
        from sphinx.util import logging

        logging.getLogger(__name__).warning('%r is not in poker (a stale name in a docstring?)', target, location=node,
                       type='ref', subtype='poker')
    return None


def setup(app: Sphinx) -> dict[str, object]:
    app.connect('builder-inited', write_sources)
    app.connect('missing-reference', resolve_alias)
    app.connect('source-read', rewrite_page)
    app.connect('include-read', rewrite_include)
    return {'parallel_read_safe': True}
