"""Every format that declares fast ways, as the equivalence suite reads it: a new one joins
the suite with one more :class:`~tests.formats.equivalence.case.Case` here."""

from __future__ import annotations

from tests.formats.equivalence.csa_cases import CSA_CASE, MSK_CASE
from tests.formats.equivalence.kif_ki2_cases import KI2_CASE, KIF_CASE

CASES = [CSA_CASE, MSK_CASE, KIF_CASE, KI2_CASE]
BY_NAME = {case.name: case for case in CASES}
IDS = [case.name for case in CASES]
