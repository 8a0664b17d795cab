"""Feasible flows with lower and upper bounds on small networks (whether counts can all hold)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

UNBOUNDED = 1 << 30


@dataclass(slots=True)
class Network:
    """A directed network whose edges carry a flow between a lower and an upper bound.

    Build it with ``node`` and ``edge``, then ``solve(source, sink)``: afterwards ``flow(e)``
    is the flow of edge ``e`` in a feasible flow, if ``solve`` found one.
    """

    heads: list[int] = field(default_factory=list)
    caps: list[int] = field(default_factory=list)
    adjacency: list[list[int]] = field(default_factory=list)
    lows: list[int] = field(default_factory=list)

    def node(self) -> int:
        """A new node."""
        self.adjacency.append([])
        return len(self.adjacency) - 1

    def edge(self, tail: int, head: int, low: int, high: int) -> int:
        """An edge carrying between ``low`` and ``high`` units; its id."""
        self.lows.append(low)
        self.lows.append(0)
        return self._arc(tail, head, high - low)

    def _arc(self, tail: int, head: int, capacity: int) -> int:
        self.heads += [head, tail]
        self.caps += [capacity, 0]
        self.adjacency[tail].append(len(self.heads) - 2)
        self.adjacency[head].append(len(self.heads) - 1)
        return len(self.heads) - 2

    def flow(self, edge: int) -> int:
        """The flow an edge carries in the solution."""
        return self.lows[edge] + self.caps[edge + 1]

    def solve(self, source: int, sink: int) -> bool:
        """Whether a flow from source to sink meets every edge's bounds (conservation at every
        other node): a circulation through a return edge, found as a maximum flow between a
        super source and a super sink that carry the lower bounds."""
        excess = [0] * len(self.adjacency)
        for e in range(0, len(self.heads), 2):
            low = self.lows[e]
            if low:
                excess[self.heads[e]] += low
                excess[self.heads[e + 1]] -= low
        self.lows += [0, 0]
        self._arc(sink, source, UNBOUNDED)
        top, bottom = self.node(), self.node()
        needed = 0
        for v, amount in enumerate(excess):
            if amount > 0:
                self.lows += [0, 0]
                self._arc(top, v, amount)
                needed += amount
            elif amount < 0:
                self.lows += [0, 0]
                self._arc(v, bottom, -amount)
        return self._max_flow(top, bottom) == needed

    def _max_flow(self, source: int, sink: int) -> int:
        """Edmonds-Karp: shortest augmenting paths until none is left."""
        total = 0
        while True:
            parent = [-1] * len(self.adjacency)
            parent[source] = -2
            queue = deque([source])
            while queue and parent[sink] == -1:
                v = queue.popleft()
                for e in self.adjacency[v]:
                    w = self.heads[e]
                    if self.caps[e] > 0 and parent[w] == -1:
                        parent[w] = e
                        queue.append(w)
            if parent[sink] == -1:
                return total
            push = UNBOUNDED
            v = sink
            while v != source:
                e = parent[v]
                push = min(push, self.caps[e])
                v = self.heads[e ^ 1]
            v = sink
            while v != source:
                e = parent[v]
                self.caps[e] -= push
                self.caps[e ^ 1] += push
                v = self.heads[e ^ 1]
            total += push
