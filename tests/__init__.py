"""The tests, one file per rule section (docs/rules.md): find a rule's tests from its id.

=========  ==============================================================
Rule ids   File
=========  ==============================================================
D1–D8      test_deal.py (cards and deal; the Card type: test_cards.py)
M1–M5      test_melds.py
L1–L5      test_laying_off.py
T1 T5 T6   test_drawing.py
T2–T4      test_taking.py
T7–T9      test_playing.py
T10 T11    test_discarding.py
E1–E4      test_going_out.py
N1         test_dead_ends.py
R1–R4      test_calls.py
S1–S5      test_scoring.py
G1–G4      test_match.py
V1–V6 V8   test_presets.py
V7         test_gambit_*.py (every dealer's gambit test, by theme)
=========  ==============================================================

A test is named after its primary rule id, then any other rule it checks
(``test_t8_n1_...`` is an opening-minimum test in test_playing.py that also
checks N1).  The files that are not rule sections: test_cards.py,
test_notation.py (meld and move text), test_positions.py (the position
format), test_rules.py (the ``Rules`` knobs and the presets as values),
test_records.py, test_views.py, test_bots.py, test_cli.py,
test_engine_properties.py, test_engine_refusals.py and
test_engine_rule_sets.py (Hypothesis invariants across every rule, preset
and random rule set), test_perft.py, test_soak.py,
test_readme_and_examples.py and test_architecture.py.

Shared helpers: tests/positions.py (building positions, playing and refusing
moves), tests/gambit.py (dealer's gambit positions), tests/strategies.py
(Hypothesis strategies and the random driver) and tests/helpers.py
(everything else); tests/reference.py and
tests/reference_moves.py are independent brute-force references.
"""
