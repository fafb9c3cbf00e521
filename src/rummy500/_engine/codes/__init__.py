"""The compact vocabulary below the public values (private).

Card codes live with the cards (:mod:`rummy500.cards`); here are the rest:
the meld cards' codes and their tables (:mod:`~rummy500._engine.codes.specs`),
the checks of new melds and lay-offs on those codes
(:mod:`~rummy500._engine.codes.meldchecks`), the hands and known cards of every
seat in one ``bytes`` (:mod:`~rummy500._engine.codes.seats`), the stored part
of a state (:mod:`~rummy500._engine.codes.storage`,
:mod:`~rummy500._engine.codes.fields`), bounded memos
(:mod:`~rummy500._engine.codes.memo`) and mypyc's class decorator with its
stand-in (:mod:`~rummy500._engine.codes.compiled`).  Nothing here imports a public value
but the cards' codes and the errors.
"""
