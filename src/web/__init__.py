"""The browser glue, in rooms: ``page`` (elements, events, notices), ``storage``,
``computer`` (the worker's client), ``screen`` (the game on screen), ``settings``
and ``kiosk``. The only Python that imports ``pyscript``/``js``; ``main.py`` beside
this package is the entry point the page runs."""
