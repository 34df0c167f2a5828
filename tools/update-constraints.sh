#!/usr/bin/env bash
# Regenerate constraints.txt: resolve `crisis[all,dev]` from pyproject.toml's ranges in a
# fresh virtual environment and pin every package of the result exactly.
#
#   tools/update-constraints.sh            # newest releases the ranges allow
#   TORCH=2.14.1 tools/update-constraints.sh   # move the PyTorch pin too
#
# PyTorch is installed first at the pinned release: a bare range would take the newest
# release, which on Linux is a CUDA build of several GB. Local version tags (`+cpu`) are
# dropped, so that the pin resolves from the public index anywhere (pip matches
# `torch==2.13.0` to a local `2.13.0+cpu` wheel when one is offered).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
TORCH=${TORCH:-$(sed -n 's/^torch==//p' constraints.txt 2>/dev/null || true)}
TORCH=${TORCH:-2.13.0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PYTHON" -m venv "$work/venv"
pip="$work/venv/bin/pip"
"$pip" install --quiet --upgrade pip
"$pip" install --quiet "torch==$TORCH"
"$pip" install --quiet '.[all,dev]'
{
    echo "# Exact versions of everything \`pip install '.[all,dev]'\` resolves to: what CI and the"
    echo "# Makefile install (pip install -c constraints.txt ...). Regenerate with"
    echo "# tools/update-constraints.sh; pyproject.toml keeps the ranges."
    "$pip" freeze --all --exclude-editable \
        | grep -viE '^(crisis|pip|setuptools|wheel)([=@ ]|$)' \
        | sed -E 's/^([A-Za-z0-9_.-]+==[^+]+)\+.*$/\1/' \
        | LC_ALL=C sort -f -t= -k1,1
} > constraints.txt.new
mv constraints.txt.new constraints.txt
echo "constraints.txt: $(grep -vc '^#' constraints.txt) packages pinned"
