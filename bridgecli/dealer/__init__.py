"""Fast batch dealing: the generator, the ``dealer`` condition language and batch output.

Everything here works on whole batches of deals held as numpy arrays. A batch
is an ``owner`` array of shape ``(52, n)`` and dtype ``uint8`` (card-major, so
that work on one card across the batch is contiguous): ``owner[c, d]`` is the seat (0 North, 1 East, 2 South, 3 West) holding card index ``c`` of
deal ``d``, with the card indices of :attr:`bridgecli.core.cards.Card.index`
(``13 * suit + rank - 2``, clubs first). Card ``c`` not yet dealt holds
:data:`~bridgecli.dealer.generate.UNDEALT`.

Modules: :mod:`.tables` (per-suit evaluation tables, score and IMPs),
:mod:`.expr` (the condition language), :mod:`.generate` (seeded dealing),
:mod:`.script` (dealer input files), :mod:`.pbnfast` (batch text output).
No module here imports click or does I/O.
"""
