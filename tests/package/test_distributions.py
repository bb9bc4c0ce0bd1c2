"""What a user installs: the sdist (its contents, its long description, its licence metadata) and the wheels
(the platforms and Pythons cibuildwheel builds, a test command that tests the installed wheel).

The sdist is built once per run with ``python -m build --sdist --no-isolation`` from a copy of the tree (a
second or two: an sdist compiles nothing). ``.ci/run`` installs the sdist and the wheel into fresh virtual environments and runs the
README's main job and the tests there, from another folder.
"""

from __future__ import annotations

import configparser
import email
import email.message
import fnmatch
import importlib.util
import itertools
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = 'https://loki-holdem.readthedocs.io/en/latest/'
LINK = re.compile(r'\]\(([^)\s]+)\)')


# ------------------------------------------------------------------------------------------------ the sdist
@dataclass
class Sdist:
    files: list[str]  # paths inside the archive, without its top folder
    metadata: email.message.Message  # PKG-INFO
    output: str  # what the build printed


@pytest.fixture(scope='module')
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Sdist:
    pytest.importorskip('build')  # in the test extra
    # from a copy without the egg-info an install left: setuptools adds the files its SOURCES.txt lists (the
    # manifest of an earlier build) to the sdist, which would hide a file MANIFEST.in leaves out
    source = tmp_path_factory.mktemp('source') / 'tree'
    shutil.copytree(ROOT, source, symlinks=True,
                    ignore=shutil.ignore_patterns('.git', '*.egg-info', 'build', 'dist', '.*_cache', '.hypothesis'))
    out = tmp_path_factory.mktemp('sdist')
    result = subprocess.run([sys.executable, '-m', 'build', '--sdist', '--no-isolation', '--outdir', str(out),
                             str(source)], capture_output=True, text=True, cwd=out)
    assert result.returncode == 0, result.stdout + result.stderr
    [archive] = out.glob('*.tar.gz')
    with tarfile.open(archive) as tar:
        members = [member for member in tar.getmembers() if member.isfile()]
        top = {PurePosixPath(member.name).parts[0] for member in members}
        assert len(top) == 1
        files = [str(PurePosixPath(*PurePosixPath(member.name).parts[1:])) for member in members]
        info = tar.extractfile(f'{top.pop()}/PKG-INFO')
        assert info is not None
        metadata = email.message_from_bytes(info.read())
    return Sdist(sorted(files), metadata, result.stdout + result.stderr)


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether .gitignore's ``patterns`` (the simple forms it uses: ``name/``, globs, ``!`` exceptions) ignore
    ``path``, a file relative to the root."""
    parts = path.split('/')
    result = False
    for pattern in patterns:
        negated = pattern.startswith('!')
        pattern = pattern.lstrip('!')
        if pattern.endswith('/'):
            folders = ['/'.join(parts[:end]) for end in range(1, len(parts))]
            hit = any(fnmatch.fnmatch(folder if '/' in pattern.rstrip('/') else folder.split('/')[-1],
                                      pattern.rstrip('/')) for folder in folders)
        else:
            hit = fnmatch.fnmatch(path, pattern) if '/' in pattern else fnmatch.fnmatch(parts[-1], pattern)
        if hit:
            result = not negated
    return result


def tracked() -> set[str]:
    """The repository's files: ``git ls-files`` in a checkout; in an export with no git (``.ci/run``'s
    ``git archive``, an unpacked sdist) every file that .gitignore does not ignore."""
    git = shutil.which('git')
    if git and (ROOT / '.git').exists():
        listed = subprocess.run([git, 'ls-files', '-z'], capture_output=True, text=True, cwd=ROOT, check=True)
        return {name for name in listed.stdout.split('\0') if name and (ROOT / name).is_file()}
    lines = (ROOT / '.gitignore').read_text(encoding='utf-8').splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith('#')]
    return {path for file in ROOT.rglob('*') if file.is_file()
            and not (path := file.relative_to(ROOT).as_posix()).startswith('.git/') and not ignored(path, patterns)}


GENERATED = re.compile(r'(^|/)(__pycache__|[^/]*\.egg-info|build|dist)/|\.(so|pyd|dylib|o|py[cod])$'
                       r'|^docs/(api|examples)/')


def test_the_sdist_ships_every_tracked_file(sdist: Sdist) -> None:
    """Issue 30: the sdist left out docs/, examples/ (the README's main job), tests/data/ and two of the
    tests' helpers. Every tracked file is in it now: the package, the pages the README links, the examples,
    the whole test suite and what it reads (tools/, bench/, .ci/run)."""
    expected = tracked() - {'PKG-INFO'}  # an unpacked sdist's own, written anew
    missing = sorted(expected - set(sdist.files))
    assert missing == []
    for folder in ('docs', 'examples', 'tests/data', 'tests/package', 'tools'):
        assert any(name.startswith(folder + '/') for name in sdist.files), folder
    assert {'README.md', 'license.md', 'setup.cfg', 'setup.py', 'pyproject.toml', 'MANIFEST.in',
            'examples/pokergame.py', 'examples/tour.ipynb', 'tests/fuzzing.py', 'tests/tiny_tables.py',
            'docs/conf.py', 'docs/index.md'} <= set(sdist.files)


def test_the_sdist_ships_nothing_generated(sdist: Sdist) -> None:
    """No compiled module, cache or build output, nor the site's generated pages (docs/api/, docs/examples/):
    only the files of the repository, and the metadata the sdist is made with."""
    metadata = {name for name in sdist.files if name == 'PKG-INFO' or re.match(r'[^/]+\.egg-info/', name)}
    assert [name for name in sdist.files if GENERATED.search(name) and name not in metadata] == []
    assert sorted(set(sdist.files) - tracked() - metadata) == []


def test_the_sdist_contents_by_folder(sdist: Sdist) -> None:
    """The counts the closing note reports, each the repository's own (one file each at the top)."""
    def by_folder(names: set[str]) -> Counter[str]:
        return Counter(name.split('/')[0] if '/' in name else '.' for name in names)
    shipped = by_folder({name for name in sdist.files if not re.match(r'[^/]+\.egg-info/|PKG-INFO$', name)})
    assert shipped == by_folder(tracked() - {'PKG-INFO'}) and shipped['tests'] >= 80


def test_the_build_warns_of_no_licence_classifier(sdist: Sdist) -> None:
    """``license`` is an SPDX expression (setuptools>=77), so no ``License ::`` classifier: the build used to
    warn four times that license classifiers are deprecated."""
    assert 'License classifiers are deprecated' not in sdist.output
    assert not re.search(r'licen[cs]e[^\n]*deprecat|deprecat[^\n]*licen[cs]e', sdist.output, re.IGNORECASE)
    assert sdist.metadata['License-Expression'] == 'MIT'
    assert sdist.metadata.get_all('License-File') == ['license.md']
    assert not [line for line in sdist.metadata.get_all('Classifier', []) if line.startswith('License ::')]
    assert f'Documentation, {SITE}' in sdist.metadata.get_all('Project-URL', [])


# ------------------------------------------------------------------------------------------------ the long description
def docs_conf() -> ModuleType:
    """docs/conf.py, imported (it only sets names) under a name of its own, registered as an import does."""
    name = 'distributions_docs_conf'
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / 'docs' / 'conf.py')
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


def site_pages() -> set[str]:
    """The site's pages (``tutorial.html``, ...): docs/*.md, the notebook and the exercises' pages docs/conf.py
    writes into docs/examples/ (a copy of ``examples/tour.ipynb``; ``exercise_pages``)."""
    conf = docs_conf()
    pages = {f'{page.stem}.html' for page in (ROOT / 'docs').glob('*.md')}
    pages.add(f'examples/{Path("tour.ipynb").stem}.html')
    pages |= {f'examples/exercises/{name.removesuffix(".md")}.html' for name in conf.exercise_pages()}
    return pages


def test_the_long_description_links_only_absolute_addresses(sdist: Sdist) -> None:
    """Issue 30: the package index showed the README's relative links (``docs/tutorial.md``), which break
    there. The long description is the README with each link pointing at its page of the site."""
    payload = sdist.metadata.get_payload(decode=True)
    assert isinstance(payload, bytes)
    description = payload.decode('utf-8')
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    targets = LINK.findall(description)
    assert len(targets) == len(LINK.findall(readme)) >= 10
    assert [target for target in targets if '://' not in target] == []
    assert LINK.sub('', description).split() == LINK.sub('', readme).split()  # the README's text, links apart
    pages = site_pages()
    assert [target for target in targets if target.startswith(SITE)
            and target.removeprefix(SITE).partition('#')[0] not in pages] == []
    assert {target.removeprefix(SITE) for target in targets} >= {'tutorial.html', 'examples/tour.html',
                                                                  'examples/exercises/index.html'}


def test_the_site_is_published_from_the_docs_configuration() -> None:
    """The long description's links point at Read the Docs, which builds the site from .readthedocs.yaml."""
    text = (ROOT / '.readthedocs.yaml').read_text(encoding='utf-8')
    assert re.search(r'^version: 2$', text, re.MULTILINE)
    assert re.search(r'^\s+python: "3\.11"$', text, re.MULTILINE)
    assert re.search(r'^\s+configuration: docs/conf\.py$', text, re.MULTILINE)
    assert re.search(r'extra_requirements:\s*\n\s+- docs$', text, re.MULTILINE)
    config = configparser.ConfigParser()
    config.read(ROOT / 'setup.cfg', encoding='utf-8')
    assert 'docs' in config['options.extras_require']


# ------------------------------------------------------------------------------------------------ the wheels
PYTHONS = ['cp311', 'cp312', 'cp313', 'cp314']
PLATFORMS = {'linux': [f'{libc}_{arch}' for libc in ('manylinux', 'musllinux') for arch in ('x86_64', 'aarch64')],
             'macos': ['macosx_x86_64', 'macosx_arm64'],
             'windows': ['win_amd64']}


@pytest.mark.parametrize('platform', sorted(PLATFORMS))
def test_cibuildwheel_builds_what_users_can_install(platform: str) -> None:
    """Issue 30: the configuration kept manylinux_i686 (numpy>=2 has no wheel there) and had no cp314. Now
    CPython 3.11 to 3.14 on each platform numpy>=2 ships wheels for, nothing else (no 32-bit, no free-threaded
    build), as cibuildwheel itself reads pyproject.toml (it needs no Docker to list them)."""
    pytest.importorskip('cibuildwheel')  # in the test extra
    environment = {key: value for key, value in os.environ.items() if not key.startswith('CIBW_')}
    result = subprocess.run([sys.executable, '-m', 'cibuildwheel', '--print-build-identifiers', '--platform', platform,
                             str(ROOT)], capture_output=True, text=True, env=environment, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    expected = {f'{python}-{tag}' for python, tag in itertools.product(PYTHONS, PLATFORMS[platform])}
    assert set(result.stdout.split()) == expected


def test_the_wheel_test_command_tests_the_installed_wheel() -> None:
    """cibuildwheel runs the test command from a folder of its own; the tests come from the project, the
    package from the installed wheel: no test folder on sys.path (``--import-mode=importlib``), the helpers
    found through ``pythonpath``, and tests/conftest.py told to fail the run if poker came from the tree."""
    config = tomllib.loads((ROOT / 'pyproject.toml').read_text(encoding='utf-8'))['tool']['cibuildwheel']
    command = config['test-command'].split()
    assert command[0] == 'pytest' and '--import-mode=importlib' in command
    assert 'addopts=""' in command and 'pythonpath={project}/tests' in command
    assert "'" not in config['test-command']  # Windows' cmd quotes with " only
    paths = [part for part in command if part.startswith('{project}/tests/')]
    assert paths and all((ROOT / part.removeprefix('{project}/')).exists() for part in paths)
    assert config['test-environment'] == {'POKER_TEST_INSTALLED': '1'}


@pytest.mark.parametrize('tool', sorted(path.name for path in (ROOT / 'tools').glob('*.py')))
def test_a_tool_imports_the_installed_package(tool: str) -> None:
    """Issue 30: tools/make_rank_tables.py put the source tree first on sys.path, so a test that ran it against
    an installed wheel imported the tree's poker (which has no compiled core). A tool adds the tree only
    when no poker is importable (a checkout with no install)."""
    before = list(sys.path)
    spec = importlib.util.spec_from_file_location(f'tool_{Path(tool).stem}', ROOT / 'tools' / tool)
    assert spec is not None and spec.loader is not None
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
        assert sys.path == before
    finally:
        sys.path[:] = before


def test_ci_installs_the_sdist_and_the_wheel_and_runs_them_from_elsewhere() -> None:
    """After the tests and the site (kept as they were), .ci/run builds both distributions from a clean export,
    installs each into a fresh venv and runs the README's main job and the wheel's test command there."""
    script = (ROOT / '.ci' / 'run').read_text(encoding='utf-8')
    lines = [line.strip() for line in script.splitlines() if line.strip() and not line.lstrip().startswith('#')]
    site = next(at for at, line in enumerate(lines) if line.startswith('python -m sphinx -W'))
    after = '\n'.join(lines[site:])
    assert 'archive --format=tar HEAD' in after and '-m build --outdir' in after
    assert '-m venv "$work/$kind-venv"' in after and 'for kind in sdist wheel; do' in after
    assert 'pip install --quiet "$sdist[test]"' in after and 'pip install --quiet "$wheel"' in after
    assert 'examples/pokergame.py' in after and 'cibuildwheel test-command' in after
    assert 'POKER_TEST_INSTALLED=1' in after and 'cd "$work/elsewhere"' in after and 'eval "$command"' in after
