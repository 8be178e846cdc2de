"""Games by correspondence: a friend on another device, each turn sent as a link.

``chains`` commits each player to a secret and reveals it a step at a time;
``windows`` says which step of both secrets makes each Senet throw; ``friend`` is
what a device knows of its game by links and how a turn's link is read and made;
``letters`` writes and reads that link. The scheme and its argument are in
docs/save-format.md ("Games by links").
"""
