"""``python -m kifu_lark`` runs the command line."""

import sys

from kifu_lark.cli import console

sys.exit(console())
