"""The widest integer every JSON reader reads exactly, for the values that documents hold.

A JavaScript client reads every JSON number as a double, which holds an
integer exactly only up to 2**53 - 1 (``Number.MAX_SAFE_INTEGER``).  The
values a document holds (knobs, card values, move numbers) stay within
:data:`MAX_SAFE_INTEGER`, so no document the library writes holds a wider
integer; seeds, up to 64 bits wide, are written as text when wider
(:func:`rummy500.jsontext.seed_to_data`).

>>> MAX_SAFE_INTEGER == 2**53 - 1 == 9007199254740991
True
"""

from __future__ import annotations

__all__ = ["MAX_SAFE_INTEGER"]

#: The widest integer a JSON number holds exactly in every reader (JavaScript's
#: ``Number.MAX_SAFE_INTEGER``, 2**53 - 1).
MAX_SAFE_INTEGER = 2**53 - 1
