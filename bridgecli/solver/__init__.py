"""Double-dummy analysis: our table type, par, and the DDS binding.

:mod:`.tables` and :mod:`.par` are pure Python; :mod:`.dds` is the only module
of bridgecli that loads the DDS solver (shipped by the optional ``endplay``
package, ``pip install 'bridgecli[dds]'``).
"""
