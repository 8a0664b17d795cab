# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The compiled search kernel: the C twin of fast.py, policy.py and solver.py.

Positions are C structs of uint64 card masks. Every function mirrors its pure-Python
counterpart move for move (same legal-move order, same float arithmetic, and the heuristic
policy draws from a C Mersenne Twister seeded exactly as ``random.Random(seed)``), so the two
backends give identical advice; tests/search/test_kernel_differential.py checks it.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.math cimport exp
from libc.string cimport memcpy, memset
from libc.time cimport time_t

cdef extern from "<time.h>" nogil:
    ctypedef int clockid_t
    cdef struct timespec:
        time_t tv_sec
        long tv_nsec
    int clock_gettime(clockid_t clk_id, timespec *tp)
    clockid_t CLOCK_MONOTONIC

from service.engine.cards import RANK_MASKS as _PY_RANK_MASKS
from service.engine import primes as _primes
from service.engine import scoring as _scoring
from service.search.kernel import fast as _fast
from service.search.kernel import inference as _inference
from service.search.kernel import leaf as _leaf
from service.search.kernel import policy as _policy
from service.search.kernel import solver as _solver

cdef extern from *:
    """
    #include <stdint.h>
    static inline int k_ctz(uint64_t x) { return __builtin_ctzll(x); }
    static inline int k_popcount(uint64_t x) { return __builtin_popcountll(x); }

    /* MT19937 exactly as CPython's random module (seeding by init_by_array of the seed's
       32-bit words, random() from two draws), so a rollout seeded with s draws the same
       numbers as random.Random(s) in policy.py. */
    #define MT_N 624
    #define MT_M 397
    typedef struct { uint32_t mt[MT_N]; int index; } k_mt;
    static void k_mt_init_genrand(k_mt *g, uint32_t s) {
        g->mt[0] = s;
        for (int i = 1; i < MT_N; i++)
            g->mt[i] = 1812433253U * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + (uint32_t)i;
        g->index = MT_N;
    }
    static void k_mt_seed(k_mt *g, uint64_t seed) {
        uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
        int klen = (seed >> 32) ? 2 : 1;
        k_mt_init_genrand(g, 19650218U);
        int i = 1, j = 0;
        for (int k = MT_N; k; k--) {
            g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1664525U))
                       + key[j] + (uint32_t)j;
            i++; j++;
            if (i >= MT_N) { g->mt[0] = g->mt[MT_N - 1]; i = 1; }
            if (j >= klen) j = 0;
        }
        for (int k = MT_N - 1; k; k--) {
            g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1566083941U))
                       - (uint32_t)i;
            i++;
            if (i >= MT_N) { g->mt[0] = g->mt[MT_N - 1]; i = 1; }
        }
        g->mt[0] = 0x80000000U;
    }
    static uint32_t k_mt_next(k_mt *g) {
        static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
        uint32_t y;
        if (g->index >= MT_N) {
            int kk;
            for (kk = 0; kk < MT_N - MT_M; kk++) {
                y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
                g->mt[kk] = g->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1U];
            }
            for (; kk < MT_N - 1; kk++) {
                y = (g->mt[kk] & 0x80000000U) | (g->mt[kk + 1] & 0x7fffffffU);
                g->mt[kk] = g->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
            }
            y = (g->mt[MT_N - 1] & 0x80000000U) | (g->mt[0] & 0x7fffffffU);
            g->mt[MT_N - 1] = g->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
            g->index = 0;
        }
        y = g->mt[g->index++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }
    static double k_mt_random(k_mt *g) {
        uint32_t a = k_mt_next(g) >> 5, b = k_mt_next(g) >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }

    /* The rollouts' noise (policy.RolloutRandom): wyrand's step from the seed itself, the
       high 32 bits of each output. Eight bytes of state, so every root move's playout starts
       from a copy of the world's for free. */
    static inline uint32_t k_roll_next(uint64_t *s) {
        *s += 0xa0761d6478bd642fULL;
        __uint128_t t = (__uint128_t)*s * (*s ^ 0xe7037ed1a0b428dbULL);
        return (uint32_t)(((uint64_t)(t >> 64) ^ (uint64_t)t) >> 32);
    }

    /* wyrand, as in limit.c (make bench-kernel): the uniform-random benchmark playouts only. */
    typedef struct { uint64_t s; } k_wy;
    static inline uint64_t k_wy_next(k_wy *g) {
        g->s += 0xa0761d6478bd642fULL;
        __uint128_t t = (__uint128_t)g->s * (g->s ^ 0xe7037ed1a0b428dbULL);
        return (uint64_t)(t >> 64) ^ (uint64_t)t;
    }
    static void k_wy_seed(k_wy *g, uint64_t seed) {
        uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        g->s = z ^ (z >> 31);
    }
    static inline uint32_t k_below(uint32_t x32, uint32_t n) {
        return (uint32_t)(((uint64_t)x32 * n) >> 32);
    }
    """
    int k_ctz(uint64_t x) nogil
    int k_popcount(uint64_t x) nogil
    ctypedef struct k_mt:
        pass
    void k_mt_seed(k_mt *g, uint64_t seed) nogil
    uint32_t k_mt_next(k_mt *g) nogil
    double k_mt_random(k_mt *g) nogil
    uint32_t k_roll_next(uint64_t *s) nogil
    ctypedef struct k_wy:
        pass
    uint64_t k_wy_next(k_wy *g) nogil
    void k_wy_seed(k_wy *g, uint64_t seed) nogil
    uint32_t k_below(uint32_t x32, uint32_t n) nogil

cdef extern from *:
    int __builtin_clz(unsigned int x) nogil
    int __builtin_clzll(unsigned long long x) nogil

cdef enum:
    MAX_SEATS = 6
    MAX_DEALS = 40
    MAX_CATS = 16
    MAX_PRIME_GROUPS = 10
    # The first size of a move or capture buffer; buffers grow (``reserve``) without bound, so
    # a table of many low cards, with thousands of captures, has them all.
    MIN_BUFFER = 64
    # Plies a solver may search below its root: every card of the pack played.
    MAX_DEPTH = 41
    # Moves in a turn above which a playout looks at its deadline first (real play has far
    # fewer; a crowded table's turn costs far more than the look).
    MANY_MOVES = 256

cdef enum:
    STANDARD = 0
    FIFTEEN = 1
    SUM_OR_FIFTEEN = 2

cdef uint64_t RANK_MASK[11]
cdef int RANK_OF[40]
cdef uint64_t CARD_BIT[40]
cdef uint32_t RANK_BIT[40]
cdef double SWEEP_WORTH = _policy.SWEEP_WORTH
cdef double SWEEP_RISK = _policy.SWEEP_RISK
cdef double PAIR_BONUS = _policy.PAIR_BONUS
cdef double NOISE = _policy.NOISE
cdef enum:
    MAX_UNSEEN = 40
    MAX_OF_RANK = 4
cdef double HOLD_CHANCE[MAX_UNSEEN + 1][MAX_OF_RANK + 1][MAX_UNSEEN + 1]
if _policy.MAX_UNSEEN != MAX_UNSEEN or _policy.MAX_OF_RANK != MAX_OF_RANK:
    raise ImportError("policy.HOLD_CHANCE's shape differs from the compiled kernel's")
for _u in range(MAX_UNSEEN + 1):
    for _k in range(MAX_OF_RANK + 1):
        for _n in range(MAX_UNSEEN + 1):
            HOLD_CHANCE[_u][_k][_n] = _policy.HOLD_CHANCE[_u][_k][_n]
cdef int PIVA_PENALTY = _fast.PIVA_PENALTY
cdef int GRANDE_POINTS = _scoring.GRANDE_POINTS
cdef int SCALETTA_LOW_TOP = _scoring.SCALETTA_LOW_TOP
cdef int SCALETTA_HIGH_BASE = _scoring.SCALETTA_HIGH_BASE
cdef int SCALETTA_HIGH_BOTTOM = _scoring.SCALETTA_HIGH_BOTTOM
cdef long long NODE_LIMIT = _solver.NODE_LIMIT
cdef int INF = 1 << 20

for _r in range(11):
    RANK_MASK[_r] = _PY_RANK_MASKS[_r] if _r else 0
for _c in range(40):
    RANK_OF[_c] = _c % 10 + 1
    CARD_BIT[_c] = (<uint64_t>1) << _c
    RANK_BIT[_c] = (<uint32_t>1) << (_c % 10)

# Standard captures on a table holding at most one card of each rank (as in limit.c):
# the table is then a 10-bit rank mask R, and SUM_TAB[k][R] gives the captures of a card of rank
# index k: LAY | 1<<k when it can take nothing, one rank subset S, or MULTI | offset into
# SUM_OVER (a count, then the subsets). The cards taken are table & S * SPREAD.
cdef enum:
    LAY = 0x4000
    MULTI = 0x8000
cdef extern from *:
    """#define K_SPREAD 0x40100401ULL"""
    const uint64_t SPREAD "K_SPREAD"
cdef uint16_t SUM_TAB[10][1024]
cdef uint16_t SUM_OVER[1 << 15]


cdef void precompute_sums() noexcept:
    cdef int R, k, S, j, n, total, nov = 0
    cdef uint16_t found[64]
    for R in range(1024):
        for k in range(10):
            if (R >> k) & 1:
                SUM_TAB[k][R] = <uint16_t>(1 << k)
                continue
            n = 0
            for S in range(1, R + 1):
                if (S & R) != S:
                    continue
                total = 0
                for j in range(10):
                    if (S >> j) & 1:
                        total += j + 1
                if total == k + 1:
                    found[n] = <uint16_t>S
                    n += 1
            if n == 0:
                SUM_TAB[k][R] = <uint16_t>(LAY | (1 << k))
            elif n == 1:
                SUM_TAB[k][R] = found[0]
            else:
                SUM_TAB[k][R] = <uint16_t>(MULTI | nov)
                SUM_OVER[nov] = <uint16_t>n
                nov += 1
                for j in range(n):
                    SUM_OVER[nov] = found[j]
                    nov += 1


precompute_sums()


cdef inline uint64_t rank_mask_of(uint64_t table) noexcept nogil:
    cdef uint64_t halves = table | (table >> 20)
    return (halves | (halves >> 10)) & 1023


cdef struct KRules:
    int players
    int sides
    int side_of[MAX_SEATS]
    int next_seat[MAX_SEATS]
    int capture_rule
    int lookup_from
    bint match_priority
    bint fewest
    bint compulsory
    bint ace_takes_all
    bint ace_scopa
    bint ace_self
    bint last_card_scopa
    bint counting
    int ndeals
    int deal_sizes[MAX_DEALS]
    uint64_t pack
    uint64_t bonus
    int pack_size
    int pack_bonus
    int ncat
    bint c_scoring
    bint prime_none
    double prime_best[1024]
    int settebello
    int re_bello_card
    bint re_bello
    bint sette_di_coppe
    int cups_seven
    bint piva
    int piva_card
    int bonus_ace
    # FastRules.card_worth: the rollout policy's worth of a card by id.
    double card_worth[40]
    int napola_form
    int napola_cap
    bint scalette
    bint grande
    uint64_t grande_mask
    bint declarations
    bint prime_ranked
    int prime_groups
    uint64_t prime_group_mask[MAX_PRIME_GROUPS]


cdef struct KPos:
    uint64_t hands[MAX_SEATS]
    uint64_t table
    # The table's ranks as a 10-bit mask, and how many of its cards repeat a rank already there
    # (popcount(table) - popcount(ranks)); kept by set_table and apply_move. While no rank is
    # doubled, standard captures are a lookup in SUM_TAB[rank][ranks] (as in limit.c).
    uint32_t ranks
    int doubled
    uint64_t piles[MAX_SEATS]
    int scope[MAX_SEATS]
    uint8_t stock[40]
    int stock_at
    int stock_end
    int dealer
    int deals_made
    int to_move
    int last_capturer
    # Plays since the position was loaded: ``captured`` has bit ``t`` when play ``t`` took
    # cards (set without a branch: which plays capture is a coin toss), ``ply_bit`` is the bit
    # of the next play; seat ``origin`` made play 0 and turns never skip a seat, so play t's
    # seat is (origin + t) mod players.
    uint64_t captured
    uint64_t ply_bit
    int origin
    int left


cdef struct KOptions:
    # The captures of one card (``captures``): ``items`` holds ``capacity`` masks.
    uint64_t *items
    int capacity


cdef struct KMoves:
    # Legal moves (``legal_moves``): move i plays ``cards[i]`` taking ``caps[i]``; ``order`` is
    # the solver's move order. Each array holds ``capacity`` entries.
    int *cards
    uint64_t *caps
    int *order
    int capacity


cdef int grown_size(int capacity, int needed) noexcept nogil:
    """A buffer size of at least ``needed``: doubled from ``capacity`` (or MIN_BUFFER)."""
    cdef int size = capacity * 2 if capacity else MIN_BUFFER
    while size < needed:
        size *= 2
    return size


cdef int options_reserve(KOptions *o, int needed) except -1:
    """Room for ``needed`` captures in ``o``."""
    cdef int size
    cdef uint64_t *items
    if needed <= o.capacity:
        return 0
    size = grown_size(o.capacity, needed)
    items = <uint64_t *>realloc(o.items, size * sizeof(uint64_t))
    if items == NULL:
        raise MemoryError()
    o.items = items
    o.capacity = size
    return 0


cdef int moves_reserve(KMoves *m, int needed) except -1:
    """Room for ``needed`` moves in ``m``."""
    cdef int size
    cdef int *cards
    cdef uint64_t *caps
    cdef int *order
    if needed <= m.capacity:
        return 0
    size = grown_size(m.capacity, needed)
    cards = <int *>realloc(m.cards, size * sizeof(int))
    if cards == NULL:
        raise MemoryError()
    m.cards = cards
    caps = <uint64_t *>realloc(m.caps, size * sizeof(uint64_t))
    if caps == NULL:
        raise MemoryError()
    m.caps = caps
    order = <int *>realloc(m.order, size * sizeof(int))
    if order == NULL:
        raise MemoryError()
    m.order = order
    m.capacity = size
    return 0


cdef void options_free(KOptions *o) noexcept:
    free(o.items)
    o.items = NULL
    o.capacity = 0


cdef void moves_free(KMoves *m) noexcept:
    free(m.cards)
    free(m.caps)
    free(m.order)
    m.cards = NULL
    m.caps = NULL
    m.order = NULL
    m.capacity = 0


cdef class Scratch:
    """The move and capture buffers of one caller (a world loop, a playout), freed with it."""

    cdef KOptions options
    cdef KMoves moves

    def __cinit__(self):
        memset(&self.options, 0, sizeof(KOptions))
        memset(&self.moves, 0, sizeof(KMoves))
        options_reserve(&self.options, MIN_BUFFER)
        moves_reserve(&self.moves, MIN_BUFFER)

    def __dealloc__(self):
        options_free(&self.options)
        moves_free(&self.moves)


cdef class CompiledRules:
    """The rules flattened into a C struct, built once per FastRules."""

    cdef KRules kr
    cdef object fr

    def __init__(self, fr):
        cdef int i
        rules = fr.rules
        self.fr = fr
        memset(&self.kr, 0, sizeof(KRules))
        if fr.players > MAX_SEATS or len(fr.deal_sizes) > MAX_DEALS:
            raise ValueError("the compiled kernel plays at most 6 seats and 40 deals")
        self.kr.players = fr.players
        self.kr.sides = fr.sides
        for i in range(fr.players):
            self.kr.side_of[i] = fr.side_of[i]
            self.kr.next_seat[i] = (i + 1) % fr.players
        self.kr.capture_rule = fr.capture_rule
        # Standard captures with match priority come from SUM_TAB while no rank is doubled,
        # except an ace's where the ace takes the whole table: the lowest rank looked up.
        self.kr.lookup_from = (
            (2 if fr.ace_takes_all else 1)
            if fr.capture_rule == STANDARD and fr.match_priority
            else 11
        )
        self.kr.match_priority = fr.match_priority
        self.kr.fewest = fr.fewest
        self.kr.compulsory = fr.compulsory
        self.kr.ace_takes_all = fr.ace_takes_all
        self.kr.ace_scopa = fr.ace_scopa
        self.kr.ace_self = fr.ace_self
        self.kr.last_card_scopa = fr.last_card_scopa
        self.kr.counting = fr.counting
        self.kr.ndeals = len(fr.deal_sizes)
        for i in range(self.kr.ndeals):
            self.kr.deal_sizes[i] = fr.deal_sizes[i]
        self.kr.pack = fr.pack
        self.kr.bonus = fr.bonus
        self.kr.pack_size = fr.pack_size
        self.kr.pack_bonus = fr.pack_bonus
        self.kr.c_scoring = fr.kernel_scores
        self.kr.ncat = len(fr.categories)
        if self.kr.ncat > MAX_CATS:
            raise ValueError("too many scoring categories for the compiled kernel")
        if fr.prime_best is not None:
            for i in range(1024):
                self.kr.prime_best[i] = fr.prime_best[i]
        self.kr.prime_none = rules.primiera_incomplete == "none"
        shift = _fast.bonus_shift(rules)
        self.kr.settebello = shift + 6
        self.kr.re_bello_card = shift + 9
        self.kr.re_bello = rules.re_bello
        self.kr.sette_di_coppe = rules.sette_di_coppe
        self.kr.cups_seven = _fast.CUPS_SEVEN
        self.kr.piva = rules.piva
        self.kr.piva_card = _fast.PIVA_CARD
        self.kr.bonus_ace = shift
        for i in range(40):
            self.kr.card_worth[i] = fr.card_worth[i]
        self.kr.napola_form = ("none", "length", "over_two").index(rules.napola)
        self.kr.napola_cap = rules.napola_cap
        self.kr.scalette = rules.scalette
        self.kr.grande = rules.grande
        self.kr.grande_mask = 0
        for r in _scoring.GRANDE_RANKS:
            self.kr.grande_mask |= (<uint64_t>1) << (shift + r - 1)
        self.kr.declarations = rules.declarations != "none"
        orders = _primes.PRIME_COUNT_ORDERS.get(rules.prime_table)
        self.kr.prime_ranked = orders is not None
        self.kr.prime_groups = 0 if orders is None else len(orders)
        if self.kr.prime_groups > MAX_PRIME_GROUPS:
            raise ValueError("too many prime rank groups for the compiled kernel")
        for i in range(self.kr.prime_groups):
            self.kr.prime_group_mask[i] = 0
            for r in orders[i]:
                self.kr.prime_group_mask[i] |= RANK_MASK[r]


cdef CompiledRules compiled(object fr):
    """The compiled rules of a FastRules, cached on it."""
    cached = fr.compiled
    if cached is None:
        cached = CompiledRules(fr)
        fr.compiled = cached
    return <CompiledRules>cached


# ---------------------------------------------------------------- positions

cdef int load_pos(KPos *p, object pos) except -1:
    cdef int i, n
    memset(p, 0, sizeof(KPos))
    hands = pos.hands
    n = len(hands)
    if n > MAX_SEATS:
        raise ValueError("too many seats for the compiled kernel")
    for i in range(n):
        p.hands[i] = hands[i]
    piles = pos.piles
    for i in range(len(piles)):
        p.piles[i] = piles[i]
    scope = pos.scope
    for i in range(len(scope)):
        p.scope[i] = scope[i]
    stock = pos.stock
    p.stock_at = 0
    p.stock_end = len(stock)
    for i in range(p.stock_end):
        p.stock[i] = stock[i]
    set_table(p, pos.table)
    p.dealer = pos.dealer
    p.deals_made = pos.deals_made
    p.to_move = pos.to_move
    p.last_capturer = pos.last_capturer
    p.left = pos.left
    start_plies(p)
    return 0


cdef inline void set_table(KPos *p, uint64_t table) noexcept nogil:
    """Put these cards on the table, with their rank mask."""
    p.table = table
    p.ranks = <uint32_t>rank_mask_of(table)
    p.doubled = k_popcount(table) - k_popcount(p.ranks)


cdef inline void start_plies(KPos *p) noexcept nogil:
    """Count plays from here: the player to move makes play 0."""
    p.captured = 0
    p.ply_bit = 1
    p.origin = p.to_move


cdef inline int last_capturer_of(KPos *p, int players) noexcept nogil:
    """The seat that captured last: the latest capturing play since loading, else as loaded."""
    if p.captured:
        return (p.origin + 63 - __builtin_clzll(p.captured)) % players
    return p.last_capturer


cdef int store_pos(KPos *p, object pos, int players, int sides) except -1:
    cdef int i
    pos.hands = [p.hands[i] for i in range(players)]
    pos.piles = [p.piles[i] for i in range(sides)]
    pos.scope = [p.scope[i] for i in range(sides)]
    pos.stock = [p.stock[i] for i in range(p.stock_at, p.stock_end)]
    pos.table = p.table
    pos.deals_made = p.deals_made
    pos.to_move = p.to_move
    pos.last_capturer = last_capturer_of(p, players)
    pos.left = p.left
    return 0


# ---------------------------------------------------------------- captures

cdef int add_subsets(
    const int *ranks, const uint64_t *bits, int count, int start, int remaining,
    uint64_t chosen, int size, int min_cards, KOptions *out, int n,
) except -1:
    """Append every set from items[start:] adding up to ``remaining`` (items sorted by rank)."""
    cdef int i, r
    for i in range(start, count):
        r = ranks[i]
        if r > remaining:
            break
        if r == remaining:
            if size + 1 >= min_cards:
                if n >= out.capacity:
                    options_reserve(out, n + 1)
                out.items[n] = chosen | bits[i]
                n += 1
        else:
            n = add_subsets(
                ranks, bits, count, i + 1, remaining - r, chosen | bits[i], size + 1,
                min_cards, out, n,
            )
    return n


cdef int sum_subsets(uint64_t table, int total, int min_cards, KOptions *out, int n) except -1:
    """Append every set of at least ``min_cards`` table cards whose ranks add up to ``total``."""
    cdef int ranks[40]
    cdef uint64_t bits[40]
    cdef int count = 0, r
    cdef uint64_t rest
    for r in range(1, 11):
        if r > total:
            break
        rest = table & RANK_MASK[r]
        while rest:
            ranks[count] = r
            bits[count] = rest & (~rest + 1)
            rest &= rest - 1
            count += 1
    return add_subsets(ranks, bits, count, 0, total, 0, 0, min_cards, out, n)


cdef inline bint option_before(uint64_t a, uint64_t b) noexcept nogil:
    cdef int pa = k_popcount(a), pb = k_popcount(b)
    return pa < pb or (pa == pb and a < b)


cdef inline int table_captures(int k, uint64_t table, uint64_t *out) noexcept nogil:
    """Standard captures by rank index k on a table without two cards of a rank."""
    cdef uint32_t e = SUM_TAB[k][rank_mask_of(table)]
    cdef const uint16_t *o
    cdef int i
    if e & LAY:
        return 0
    if not (e & MULTI):
        out[0] = table & ((e & 1023) * SPREAD)
        return 1
    o = &SUM_OVER[e & 0x3FFF]
    for i in range(o[0]):
        out[i] = table & (o[1 + i] * SPREAD)
    return o[0]


cdef int captures(KRules *kr, int rank, uint64_t table, KOptions *options) except -1:
    """Every capture a card of this rank may make on the table, in fast.captures order: in
    ``options`` (at least MIN_BUFFER long, grown as needed)."""
    cdef int n = 0, m0, i, j, fewest, p
    cdef uint64_t same, aces, o, rest
    cdef uint64_t *out = options.items
    cdef bint dup
    if kr.ace_takes_all and rank == 1 and table:
        aces = table & RANK_MASK[1]
        if aces:
            while aces:
                out[n] = aces & (~aces + 1)
                aces &= aces - 1
                n += 1
        else:
            out[0] = table
            n = 1
    elif kr.capture_rule == STANDARD and kr.match_priority and (
        k_popcount(rank_mask_of(table)) == k_popcount(table)
    ):
        n = table_captures(rank - 1, table, out)
    else:
        if kr.capture_rule != FIFTEEN:
            same = table & RANK_MASK[rank]
            rest = same
            while rest:
                out[n] = rest & (~rest + 1)
                rest &= rest - 1
                n += 1
            if not same or not kr.match_priority:
                n = sum_subsets(table, rank, 2, options, n)
                out = options.items
        if kr.capture_rule != STANDARD:
            m0 = n
            n = sum_subsets(table, 15 - rank, 1, options, n)
            out = options.items
            # drop the fifteens already found as equal-rank captures (order kept)
            j = m0
            for i in range(m0, n):
                o = out[i]
                dup = False
                for p in range(m0):
                    if out[p] == o:
                        dup = True
                        break
                if not dup:
                    out[j] = o
                    j += 1
            n = j
    if kr.fewest and n > 1:
        fewest = 64
        for i in range(n):
            p = k_popcount(out[i])
            if p < fewest:
                fewest = p
        j = 0
        for i in range(n):
            if k_popcount(out[i]) == fewest:
                out[j] = out[i]
                j += 1
        n = j
    for i in range(1, n):  # insertion sort by (card count, mask)
        o = out[i]
        j = i - 1
        while j >= 0 and option_before(o, out[j]):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = o
    return n


cdef inline int card_captures(
    KRules *kr, int rank, uint64_t table, uint32_t ranks, bint doubled, KOptions *options,
    uint32_t *moved,
) except -1:
    """captures() on a table whose rank mask is ``ranks``, the common case (standard rule, no
    doubled rank on the table, at most one option) answered inline from SUM_TAB; ``out[0]`` is
    0 when there is none. ``moved`` gets the ranks that move between table and hand with
    ``out[0]`` (for apply_moved), or 0 when unknown."""
    cdef uint32_t e
    cdef int n
    if rank >= kr.lookup_from and not doubled:
        e = SUM_TAB[rank - 1][ranks]
        if not (e & MULTI):
            # Branchless: a card that lays takes nothing (its rank is not on the table).
            options.items[0] = table & ((e & 1023) * SPREAD)
            moved[0] = e & 1023
            return 1 - <int>((e >> 14) & 1)
    moved[0] = 0
    n = captures(kr, rank, table, options) if table else 0
    if n == 0:
        options.items[0] = 0
    return n


cdef inline int table_card_captures(
    KRules *kr, int rank, uint64_t table, KOptions *options
) except -1:
    """card_captures() on a bare table."""
    cdef uint32_t ranks = <uint32_t>rank_mask_of(table), moved
    return card_captures(
        kr, rank, table, ranks, k_popcount(table) != k_popcount(ranks), options, &moved
    )


cdef int legal_moves(KRules *kr, KPos *p, KMoves *moves, KOptions *options) except -1:
    """Every legal move of the player to move, in fast.legal_moves order, into ``moves``
    (``options`` is scratch for each card's captures)."""
    cdef uint64_t hand = p.hands[p.to_move], table = p.table
    cdef int n = 0, c, k, i
    cdef uint32_t moved
    while hand:
        c = k_ctz(hand)
        hand &= hand - 1
        k = card_captures(kr, RANK_OF[c], table, p.ranks, p.doubled, options, &moved)
        if n + k + 1 > moves.capacity:
            moves_reserve(moves, n + k + 1)
        if k == 0 or not kr.compulsory:
            moves.cards[n] = c
            moves.caps[n] = 0
            n += 1
        for i in range(k):
            moves.cards[n] = c
            moves.caps[n] = options.items[i]
            n += 1
    return n


cdef inline bint is_sweep(KRules *kr, KPos *p, int c, uint64_t capture) noexcept nogil:
    cdef uint64_t table = p.table
    if capture != table:
        return False
    if p.left == 1 and p.stock_at == p.stock_end and not kr.last_card_scopa:
        return False
    return not (
        kr.ace_takes_all and RANK_OF[c] == 1 and not (table & RANK_MASK[1]) and not kr.ace_scopa
    )


cdef inline void apply_move(KRules *kr, KPos *p, int c, uint64_t capture) noexcept nogil:
    """Play a legal move in place, dealing the next round or ending the hand as due."""
    apply_moved(kr, p, c, capture, 0)


cdef inline void apply_moved(
    KRules *kr, KPos *p, int c, uint64_t capture, uint32_t moved
) noexcept nogil:
    """apply_move, told the ranks that move between table and hand (card_captures' ``moved``;
    0 when unknown) so that the table's rank mask need not be worked out from the capture.

    Laying and capturing share one branchless path (which of the two happens is a coin toss
    to the branch predictor); the rare sweep and the ace taking itself branch.
    """
    cdef int seat = p.to_move, side = kr.side_of[seat]
    cdef uint64_t b = CARD_BIT[c], table = p.table, took, after
    cdef uint64_t taken = 0 - <uint64_t>(capture != 0)
    cdef uint32_t rank_bit = RANK_BIT[c]
    # Rare: the whole table taken, or a card laid on an empty table (capture 0 = table).
    if capture == table:
        if capture:
            if is_sweep(kr, p, c, capture):
                p.scope[side] += 1
        elif kr.ace_self and kr.ace_takes_all and RANK_OF[c] == 1:
            taken = ~(<uint64_t>0)  # the ace on an empty table goes to the pile
            moved = 0
            rank_bit = 0
    took = (capture | b) & taken
    after = (table ^ capture) | (b & ~taken)
    p.table = after
    if p.doubled == 0 and not (p.ranks & rank_bit & ~taken):
        # One card a rank before and after: the moved ranks flip.
        if moved == 0:
            moved = <uint32_t>rank_mask_of(capture) | (rank_bit & <uint32_t>~taken)
        p.ranks ^= moved
    else:
        p.ranks = <uint32_t>rank_mask_of(after)
        p.doubled = k_popcount(after) - k_popcount(p.ranks)
    p.piles[side] |= took
    p.captured |= p.ply_bit & taken
    p.ply_bit <<= 1
    p.hands[seat] ^= b
    p.left -= 1
    p.to_move = kr.next_seat[seat]
    if not p.left:
        end_of_deal(kr, p)


cdef inline void end_of_deal(KRules *kr, KPos *p) noexcept nogil:
    """Every hand is empty: deal the next round, or give the table to the last capturer."""
    cdef int n = kr.players, size, offset, s, at, k
    cdef uint64_t h
    if p.stock_at < p.stock_end:
        size = kr.deal_sizes[p.deals_made]
        at = p.stock_at
        s = p.dealer
        for offset in range(n):
            s = kr.next_seat[s]
            h = 0
            for k in range(at, at + size):
                if k < p.stock_end:
                    h |= (<uint64_t>1) << p.stock[k]
            p.hands[s] |= h
            at += size
        p.stock_at = at if at < p.stock_end else p.stock_end
        p.deals_made += 1
        p.left = n * size
        p.to_move = kr.next_seat[p.dealer]
    elif p.table and last_capturer_of(p, kr.players) >= 0:
        p.piles[kr.side_of[last_capturer_of(p, kr.players)]] |= p.table
        set_table(p, 0)


cdef inline bint finished(KPos *p) noexcept nogil:
    return p.left == 0 and p.stock_at == p.stock_end


# ---------------------------------------------------------------- scoring

cdef int majority(int *counts, int sides, int available) noexcept nogil:
    if sides == 2:
        if 2 * counts[0] > available:
            return 0
        return 1 if 2 * counts[1] > available else -1
    return unique_best_int(counts, sides)


cdef int unique_best_int(int *values, int n) noexcept nogil:
    cdef int best = values[0], winner = -1, i
    for i in range(1, n):
        if values[i] > best:
            best = values[i]
    for i in range(n):
        if values[i] == best:
            if winner >= 0:
                return -1
            winner = i
    return winner


cdef int unique_best_float(double *values, int *index, int n) noexcept nogil:
    cdef double best = values[index[0]]
    cdef int winner = -1, i
    for i in range(1, n):
        if values[index[i]] > best:
            best = values[index[i]]
    for i in range(n):
        if values[index[i]] == best:
            if winner >= 0:
                return -1
            winner = i
    return winner


cdef void c_points(
    KRules *kr, uint64_t *piles, int *scope, int *points, int *totals
) noexcept nogil:
    """fast.hand_points for the rules the kernels score themselves (model.SCORED): row
    ``side`` of ``points`` (MAX_CATS wide) holds the side's points by category, and
    ``totals[side]`` their sum."""
    cdef int sides = kr.sides, side, shift, ncomplete = 0, top, prime_to, cards_to, coins_to, k
    cdef int total
    cdef int *row
    cdef int counts[MAX_SEATS]
    cdef int coins[MAX_SEATS]
    cdef int complete_idx[MAX_SEATS]
    cdef int all_idx[MAX_SEATS]
    cdef double values[MAX_SEATS]
    cdef int64_t keys[MAX_SEATS]
    cdef double v
    cdef bint full
    cdef uint64_t p, sub
    for side in range(sides):
        p = piles[side]
        counts[side] = k_popcount(p)
        coins[side] = k_popcount(p & kr.bonus)
        all_idx[side] = side
        if kr.prime_ranked:
            # The rank groups' counts compared in order, four bits each.
            keys[side] = 0
            for k in range(kr.prime_groups):
                keys[side] = (keys[side] << 4) | k_popcount(p & kr.prime_group_mask[k])
            continue
        v = 0.0
        full = True
        for shift in range(0, 40, 10):
            sub = (p >> shift) & 1023
            if sub:
                v += kr.prime_best[sub]
            else:
                full = False
        values[side] = v
        if full:
            complete_idx[ncomplete] = side
            ncomplete += 1
    cards_to = majority(counts, sides, kr.pack_size)
    coins_to = majority(coins, sides, kr.pack_bonus)
    if kr.prime_ranked:
        prime_to = unique_best_int64(keys, sides)
    elif ncomplete:
        top = unique_best_float(values, complete_idx, ncomplete)
        prime_to = -1 if top < 0 else complete_idx[top]
    elif kr.prime_none:
        prime_to = -1
    else:
        prime_to = unique_best_float(values, all_idx, sides)
    for side in range(sides):
        p = piles[side]
        row = points + side * MAX_CATS
        row[0] = scope[side]
        row[1] = cards_to == side
        row[2] = coins_to == side
        row[3] = <int>((p >> kr.settebello) & 1)
        row[4] = prime_to == side
        total = row[0] + row[1] + row[2] + row[3] + row[4]
        k = 5
        if kr.re_bello:
            row[k] = <int>((p >> kr.re_bello_card) & 1)
            total += row[k]
            k += 1
        if kr.sette_di_coppe:
            row[k] = <int>((p >> kr.cups_seven) & 1)
            total += row[k]
            k += 1
        if kr.napola_form:
            row[k] = napola_points_c(kr, p)
            total += row[k]
            k += 1
        if kr.scalette:
            row[k] = scalette_points_c(kr, p)
            total += row[k]
            k += 1
        if kr.piva:
            row[k] = PIVA_PENALTY * <int>((p >> kr.piva_card) & 1)
            total += row[k]
            k += 1
        if kr.grande:
            row[k] = GRANDE_POINTS * <int>((p & kr.grande_mask) == kr.grande_mask)
            total += row[k]
            k += 1
        if kr.declarations:
            row[k] = 0
        totals[side] = total


cdef inline int bonus_run(KRules *kr, uint64_t pile, int top) noexcept nogil:
    """The unbroken run of the bonus suit from the ace held in a pile, counted up to ``top``."""
    cdef int run = 0
    while run < top and (pile >> (kr.bonus_ace + run)) & 1:
        run += 1
    return run


cdef inline int napola_points_c(KRules *kr, uint64_t pile) noexcept nogil:
    """scoring.napola_points of scoring.napola_run."""
    cdef int run = bonus_run(kr, pile, 10), counted
    if run < 3:
        return 0
    counted = run if run < kr.napola_cap else kr.napola_cap
    return counted if kr.napola_form == 1 else counted - 2


cdef inline int scalette_points_c(KRules *kr, uint64_t pile) noexcept nogil:
    """scoring.scalette_points of scoring.scaletta_runs."""
    cdef int low = bonus_run(kr, pile, SCALETTA_LOW_TOP), high = 0
    while 10 - high >= SCALETTA_HIGH_BOTTOM and (pile >> (kr.bonus_ace + 9 - high)) & 1:
        high += 1
    if low < 3:
        low = 0
    if high < 3:
        return low
    return low + SCALETTA_HIGH_BASE + high - 3


cdef int unique_best_int64(int64_t *values, int n) noexcept nogil:
    cdef int64_t best = values[0]
    cdef int winner = -1, i
    for i in range(1, n):
        if values[i] > best:
            best = values[i]
    for i in range(n):
        if values[i] == best:
            if winner >= 0:
                return -1
            winner = i
    return winner


cdef void c_totals(KRules *kr, uint64_t *piles, int *scope, int *totals) noexcept nogil:
    """fast.hand_totals for the rules the kernels score themselves (model.SCORED)."""
    cdef int points[MAX_SEATS * MAX_CATS]
    c_points(kr, piles, scope, points, totals)


cdef int points_of(
    CompiledRules cr, uint64_t *piles, int *scope, int *points, int *totals
) except -1:
    """The points per side and category (fr.categories) of a finished hand, and each side's
    total: in C, or by the engine's scoring (fast.hand_points)."""
    cdef int i, k
    if cr.kr.c_scoring:
        c_points(&cr.kr, piles, scope, points, totals)
        return 0
    result = _fast.hand_points(
        cr.fr, [piles[i] for i in range(cr.kr.sides)], [scope[i] for i in range(cr.kr.sides)]
    )
    for i in range(cr.kr.sides):
        totals[i] = 0
        for k in range(cr.kr.ncat):
            points[i * MAX_CATS + k] = result[i][k]
            totals[i] += result[i][k]
    return 0


cdef int totals_of(CompiledRules cr, KPos *p, int *totals) except -1:
    """The hand totals of a finished position: in C, or by the engine's scoring."""
    cdef int points[MAX_SEATS * MAX_CATS]
    return points_of(cr, p.piles, p.scope, points, totals)


# ---------------------------------------------------------------- heuristic policy

cdef inline int sweep_rank(KRules *kr, int total) noexcept nogil:
    """policy.sweep_rank: the rank that sweeps a table of this rank sum, else 0."""
    if kr.capture_rule != FIFTEEN and 0 < total <= 10:
        return total
    if kr.capture_rule != STANDARD and 5 <= total <= 14:
        return 15 - total
    return 0


cdef inline int rank_sum(uint64_t cards) noexcept nogil:
    cdef int total = 0
    while cards:
        total += RANK_OF[k_ctz(cards)]
        cards &= cards - 1
    return total


cdef inline double reply_threat(
    KRules *kr, uint64_t table, int total, uint64_t reach, bint partner
) noexcept nogil:
    """policy.reply_threat."""
    cdef int rank
    cdef uint64_t rest
    cdef double sweep, taken
    if not table:
        return 0.0
    rank = sweep_rank(kr, total)
    sweep = SWEEP_RISK if rank and (reach & RANK_MASK[rank]) else 0.0
    if partner:
        return -sweep / 2
    taken = 0.0
    rest = table & reach
    while rest:
        if kr.card_worth[k_ctz(rest)] > taken:
            taken = kr.card_worth[k_ctz(rest)]
        rest &= rest - 1
    return sweep + taken


cdef inline void rank_odds(
    KRules *kr, KPos *p, int seat, int following, double *odds
) noexcept nogil:
    """policy.rank_odds into odds[0..10]."""
    cdef uint64_t seen = p.hands[seat] | p.table, unseen
    cdef int side, rank, nunseen, size
    for side in range(kr.sides):
        seen |= p.piles[side]
    unseen = kr.pack & ~seen
    nunseen = k_popcount(unseen)
    size = k_popcount(p.hands[following])
    odds[0] = 0.0
    for rank in range(1, 11):
        odds[rank] = HOLD_CHANCE[nunseen][k_popcount(unseen & RANK_MASK[rank])][size]


cdef inline double counted_threat(
    KRules *kr, uint64_t table, int total, double *odds
) noexcept nogil:
    """policy.counted_threat."""
    cdef int rank, c
    cdef double sweep, taken, w
    if not table:
        return 0.0
    rank = sweep_rank(kr, total)
    sweep = SWEEP_RISK * odds[rank] if rank else 0.0
    taken = 0.0
    while table:
        c = k_ctz(table)
        w = kr.card_worth[c] * odds[RANK_OF[c]]
        if w > taken:
            taken = w
        table &= table - 1
    return sweep + taken


cdef inline uint64_t rank_reach(uint64_t hand) noexcept nogil:
    """policy.rank_reach: every card of the ranks a hand holds."""
    return rank_mask_of(hand) * SPREAD


cdef int choose(
    KRules *kr, KPos *p, int *cards, uint64_t *caps, int n, uint64_t *rng
) noexcept nogil:
    """policy.choose: the index of the chosen move."""
    cdef int i, c, best = 0, seat, following, total
    cdef uint64_t hand, table, capture, rest, reach
    cdef bint partner, counting
    cdef double s, best_score = -1e9
    cdef double odds[11]
    if n == 1:
        return 0
    seat = p.to_move
    hand = p.hands[seat]
    table = p.table
    total = rank_sum(table)
    following = kr.next_seat[seat]
    partner = kr.side_of[following] == kr.side_of[seat]
    counting = kr.counting and not partner
    reach = 0
    if counting:
        rank_odds(kr, p, seat, following, odds)
    else:
        reach = rank_reach(p.hands[following])
    for i in range(n):
        c = cards[i]
        capture = caps[i]
        if capture:
            s = 2.0 + kr.card_worth[c]
            rest = capture
            while rest:
                s += kr.card_worth[k_ctz(rest)]
                rest &= rest - 1
            if is_sweep(kr, p, c, capture):
                s += SWEEP_WORTH
            if counting:
                s -= counted_threat(kr, table ^ capture, total - rank_sum(capture), odds)
            else:
                s -= reply_threat(
                    kr, table ^ capture, total - rank_sum(capture), reach, partner
                )
        else:
            if counting:
                s = -kr.card_worth[c] - counted_threat(
                    kr, table | ((<uint64_t>1) << c), total + RANK_OF[c], odds
                )
            else:
                s = -kr.card_worth[c] - reply_threat(
                    kr, table | ((<uint64_t>1) << c), total + RANK_OF[c], reach, partner
                )
            if hand & ~((<uint64_t>1) << c) & RANK_MASK[RANK_OF[c]]:
                s += PAIR_BONUS
        s += k_roll_next(rng) * NOISE
        if s > best_score:
            best_score = s
            best = i
    return best


cdef int play_out(
    KRules *kr, KPos *p, uint64_t *rng, Scratch scratch, double abandon_at=0.0,
    int until_cards=0,
) except -1:
    """policy.playout drawing from a rollout generator's state; 1 when it stopped at
    ``abandon_at`` (monotonic seconds; 0: never), looked at before a turn of more than
    MANY_MOVES moves."""
    cdef int n, i
    cdef KMoves *moves = &scratch.moves
    while not finished(p):
        if until_cards and p.stock_at == p.stock_end and p.left <= until_cards:
            return 0
        n = legal_moves(kr, p, moves, &scratch.options)
        if n > MANY_MOVES and abandon_at > 0.0 and now_seconds() >= abandon_at:
            return 1
        i = choose(kr, p, moves.cards, moves.caps, n, rng)
        apply_move(kr, p, moves.cards[i], moves.caps[i])
    return 0



# ---------------------------------------------------------------- leaf model

cdef enum:
    NF = 24
if len(_leaf.FEATURES) != NF:
    raise ImportError("leaf.FEATURES differs from the compiled kernel's features")
cdef int CARDS_WON = _leaf.CARDS_WON
cdef int COINS_WON = _leaf.COINS_WON


cdef class CompiledLeaf:
    """A leaf.LeafModel's weights as one C array: row (left, category) at (left * ncat +
    category) * NF, for the cards left in hand the model has weights for (``has``)."""

    cdef double *w
    cdef int ncat
    cdef int depth
    cdef int min_cards
    cdef bint has[41]

    def __cinit__(self, model, int ncat):
        cdef int left, cat, k
        self.w = <double *>malloc(41 * ncat * NF * sizeof(double))
        if self.w == NULL:
            raise MemoryError()
        memset(self.w, 0, 41 * ncat * NF * sizeof(double))
        memset(self.has, 0, sizeof(self.has))
        self.ncat = ncat
        self.depth = model.depth
        self.min_cards = model.min_cards
        for left, rows in model.weights.items():
            if not 0 <= left <= 40 or len(rows) != ncat:
                raise ValueError("a leaf model row for an impossible hand or another scoring")
            self.has[left] = True
            for cat in range(ncat):
                for k in range(NF):
                    self.w[(left * ncat + cat) * NF + k] = rows[cat][k]

    def __dealloc__(self):
        free(self.w)


# Compiled models by id(model), each kept with its model (so that the id stays its own).
_COMPILED_LEAVES = {}


cdef CompiledLeaf compiled_leaf(object model, int ncat):
    """The compiled weights of a leaf model, built once."""
    found = _COMPILED_LEAVES.get(id(model))
    if found is None or (<CompiledLeaf>found[1]).ncat != ncat:
        found = (model, CompiledLeaf(model, ncat))
        _COMPILED_LEAVES[id(model)] = found
    return <CompiledLeaf>found[1]


cdef inline int leaf_stop(CompiledLeaf leaf, KPos *p) noexcept nogil:
    """leaf.stop_at: the cards left at which the playout stops, or 0."""
    cdef int left
    if p.stock_at != p.stock_end:
        return 0
    left = p.left - leaf.depth
    if left >= leaf.min_cards and left <= 40 and leaf.has[left]:
        return left
    return 0


cdef inline double primiera_of(KRules *kr, uint64_t cards) noexcept nogil:
    """leaf._primiera: each suit's best prime value, added suit by suit."""
    cdef double total = 0.0
    cdef int shift
    cdef uint64_t sub
    for shift in range(0, 40, 10):
        sub = (cards >> shift) & 1023
        if sub:
            total += kr.prime_best[sub]
    return total


cdef inline int sign_of(bint a, bint b) noexcept nogil:
    return <int>a - <int>b


cdef void leaf_features(KRules *kr, KPos *p, double *f) noexcept nogil:
    """leaf.features."""
    cdef uint64_t pile0 = p.piles[0], pile1 = p.piles[1], hand0 = 0, hand1 = 0, table = p.table
    cdef uint64_t settebello = (<uint64_t>1) << kr.settebello, coins = kr.bonus
    cdef uint64_t sevens = RANK_MASK[7], sixes_aces = RANK_MASK[6] | RANK_MASK[1], low3
    cdef int seat, to_move, cards0, cards1, coins0, coins1, d
    cdef int last = last_capturer_of(p, kr.players)
    for seat in range(kr.players):
        if kr.side_of[seat] == 0:
            hand0 |= p.hands[seat]
        else:
            hand1 |= p.hands[seat]
    to_move = 1 if kr.side_of[p.to_move] == 0 else -1
    cards0 = k_popcount(pile0)
    cards1 = k_popcount(pile1)
    coins0 = k_popcount(pile0 & coins)
    coins1 = k_popcount(pile1 & coins)
    f[0] = 1.0
    f[1] = to_move
    f[2] = 0 if last < 0 else (1 if kr.side_of[last] == 0 else -1)
    d = cards0 - cards1
    f[3] = d
    f[4] = -3 if d < -3 else (3 if d > 3 else d)
    d = coins0 - coins1
    f[5] = d
    f[6] = -1 if d < -1 else (1 if d > 1 else d)
    f[7] = sign_of(pile0 & settebello != 0, pile1 & settebello != 0)
    f[8] = sign_of(hand0 & settebello != 0, hand1 & settebello != 0)
    f[9] = k_popcount(hand0 & coins) - k_popcount(hand1 & coins)
    f[10] = k_popcount(pile0 & sevens) - k_popcount(pile1 & sevens)
    f[11] = k_popcount(hand0 & sevens) - k_popcount(hand1 & sevens)
    f[12] = primiera_of(kr, pile0) - primiera_of(kr, pile1)
    f[13] = primiera_of(kr, pile0 | hand0) - primiera_of(kr, pile1 | hand1)
    f[14] = p.scope[0] - p.scope[1]
    f[15] = k_popcount(table) * to_move
    f[16] = sign_of(cards0 >= CARDS_WON, cards1 >= CARDS_WON)
    f[17] = sign_of(coins0 >= COINS_WON, coins1 >= COINS_WON)
    f[18] = k_popcount(pile0 & sixes_aces) - k_popcount(pile1 & sixes_aces)
    f[19] = k_popcount(table & coins) * to_move
    f[20] = (1 if table & settebello else 0) * to_move
    if kr.napola_form:
        f[21] = napola_points_c(kr, pile0) - napola_points_c(kr, pile1)
        f[22] = napola_points_c(kr, pile0 | hand0) - napola_points_c(kr, pile1 | hand1)
        low3 = (<uint64_t>7) << kr.bonus_ace
        f[23] = sign_of((pile1 & low3) == 0, (pile0 & low3) == 0)
    else:
        f[21] = 0.0
        f[22] = 0.0
        f[23] = 0.0


# ---------------------------------------------------------------- Python entry points

def py_legal_moves(fr, pos):
    """fast.legal_moves on the compiled kernel."""
    cdef CompiledRules cr = compiled(fr)
    cdef KPos p
    cdef Scratch scratch = Scratch()
    cdef int n, i
    load_pos(&p, pos)
    n = legal_moves(&cr.kr, &p, &scratch.moves, &scratch.options)
    return [(scratch.moves.cards[i], scratch.moves.caps[i]) for i in range(n)]


def py_apply(fr, pos, int c, uint64_t capture):
    """fast.apply on the compiled kernel (the position is updated in place)."""
    cdef CompiledRules cr = compiled(fr)
    cdef KPos p
    load_pos(&p, pos)
    apply_move(&cr.kr, &p, c, capture)
    store_pos(&p, pos, cr.kr.players, cr.kr.sides)


def py_hand_totals(fr, piles, scope):
    """fast.hand_totals on the compiled kernel."""
    cdef CompiledRules cr = compiled(fr)
    cdef KPos p
    cdef int totals[MAX_SEATS]
    cdef int i
    memset(&p, 0, sizeof(KPos))
    for i in range(cr.kr.sides):
        p.piles[i] = piles[i]
        p.scope[i] = scope[i]
    totals_of(cr, &p, totals)
    return [totals[i] for i in range(cr.kr.sides)]


def py_playout(fr, pos, uint64_t seed, int until_cards=0):
    """policy.playout with policy.RolloutRandom(seed) (to the end, or ``until_cards`` as
    there), on the compiled kernel, ``pos`` updated; returns the totals (of a finished hand)."""
    cdef CompiledRules cr = compiled(fr)
    cdef KPos p
    cdef uint64_t rng = seed
    cdef int totals[MAX_SEATS]
    cdef int i
    load_pos(&p, pos)
    play_out(&cr.kr, &p, &rng, Scratch(), 0.0, until_cards)
    store_pos(&p, pos, cr.kr.players, cr.kr.sides)
    totals_of(cr, &p, totals)
    return [totals[i] for i in range(cr.kr.sides)]


def py_uniform_playout(fr, pos, uint64_t seed):
    """Uniformly random legal moves from ``pos`` to the end of the hand on the compiled kernel,
    wyrand-driven (the rollouts of a benchmark opponent, not the search's); ``pos`` updated;
    returns the totals."""
    cdef CompiledRules cr = compiled(fr)
    cdef KPos p
    cdef Scratch scratch = Scratch()
    cdef KMoves *moves = &scratch.moves
    cdef k_wy rng
    cdef int totals[MAX_SEATS]
    cdef int i, n
    load_pos(&p, pos)
    k_wy_seed(&rng, seed)
    while not finished(&p):
        n = legal_moves(&cr.kr, &p, moves, &scratch.options)
        i = k_below(<uint32_t>(k_wy_next(&rng) >> 32), n)
        apply_move(&cr.kr, &p, moves.cards[i], moves.caps[i])
    store_pos(&p, pos, cr.kr.players, cr.kr.sides)
    totals_of(cr, &p, totals)
    return [totals[i] for i in range(cr.kr.sides)]


cdef inline uint32_t wy_u32(k_wy *g, uint64_t *buf, bint *have) noexcept nogil:
    """32-bit draws from wyrand: the high half of each 64-bit output, then its low half."""
    if have[0]:
        have[0] = False
        return <uint32_t>buf[0]
    buf[0] = k_wy_next(g)
    have[0] = True
    return <uint32_t>(buf[0] >> 32)


cdef inline void hold(KRules *kr, KPos *p, int held[MAX_SEATS][40], int *nheld) noexcept nogil:
    """Each seat's hand as a list of cards, for the uniform pick."""
    cdef int seat, n
    cdef uint64_t rest
    for seat in range(kr.players):
        rest = p.hands[seat]
        n = 0
        while rest:
            held[seat][n] = k_ctz(rest)
            rest &= rest - 1
            n += 1
        nheld[seat] = n


def uniform_generic_hands(fr, long long hands, uint64_t seed):
    """Uniformly random hands from fresh deals, wyrand-driven, no Python objects in the loop.

    Each turn picks a card of the hand uniformly, then one of its legal moves uniformly (the
    policy of the benchmark's limit.c), through the general captures and apply of every rule set
    (the advisor's path); each seat's cards are also kept as a list for the pick, as limit.c
    does. Returns (scope per hand, side 0 totals, side 1 totals), each as (sum, sum of
    squares), for the statistics cross-check; two-sided rules only.
    """
    cdef CompiledRules cr = compiled(fr)
    cdef KRules *kr = &cr.kr
    cdef KPos p
    cdef k_wy rng
    cdef uint64_t buf = 0, x
    cdef bint have = False
    cdef uint8_t pack[40]
    cdef uint8_t deck[40]
    cdef int held[MAX_SEATS][40]
    cdef int nheld[MAX_SEATS]
    cdef Scratch scratch = Scratch()
    cdef uint64_t *options
    cdef uint64_t capture, mask
    cdef int npack = 0, i, j, c, k, seat, at, size, tmp, initial, n, deals, last_hand
    cdef int totals[MAX_SEATS]
    cdef uint32_t moved
    cdef long long h
    cdef int64_t s_scope = 0, q_scope = 0, s0 = 0, q0 = 0, s1 = 0, q1 = 0, sc
    if kr.sides != 2 or not kr.c_scoring:
        raise ValueError("uniform_hands needs two sides and rules the kernel scores in C")
    initial = fr.rules.initial_table
    last_hand = max(kr.deal_sizes[kr.ndeals - 1], 1)
    mask = kr.pack
    while mask:
        pack[npack] = k_ctz(mask)
        mask &= mask - 1
        npack += 1
    k_wy_seed(&rng, seed)
    for h in range(hands):
        memcpy(deck, pack, npack)
        # Fisher-Yates, two 32-bit draws per 64-bit output; the order within the last hand
        # dealt does not matter (the pick is uniform), so those cards are not shuffled.
        i = npack - 1
        while i >= last_hand:
            x = k_wy_next(&rng)
            j = k_below(<uint32_t>(x >> 32), i + 1)
            tmp = deck[i]; deck[i] = deck[j]; deck[j] = tmp
            if i > last_hand:
                j = k_below(<uint32_t>x, i)
                tmp = deck[i - 1]; deck[i - 1] = deck[j]; deck[j] = tmp
            i -= 2
        memset(&p, 0, sizeof(KPos))
        p.dealer = kr.players - 1  # seat 0 leads, as in limit.c
        at = 0
        mask = 0
        for i in range(initial):
            mask |= (<uint64_t>1) << deck[at]
            at += 1
        set_table(&p, mask)
        size = kr.deal_sizes[0]
        for seat in range(kr.players):
            mask = 0
            for i in range(size):
                c = deck[at]
                held[seat][i] = c
                mask |= CARD_BIT[c]
                at += 1
            p.hands[seat] = mask
            nheld[seat] = size
        for i in range(at, npack):
            p.stock[i - at] = deck[i]
        p.stock_at = 0
        p.stock_end = npack - at
        p.deals_made = 1
        p.left = kr.players * size
        p.to_move = 0
        p.last_capturer = -1
        start_plies(&p)
        while not finished(&p):
            seat = p.to_move
            n = nheld[seat]
            i = k_below(wy_u32(&rng, &buf, &have), n)
            c = held[seat][i]
            held[seat][i] = held[seat][n - 1]
            nheld[seat] = n - 1
            k = card_captures(
                kr, RANK_OF[c], p.table, p.ranks, p.doubled, &scratch.options, &moved
            )
            options = scratch.options.items
            if kr.compulsory and k <= 1:
                capture = options[0]  # 0 when the card can take nothing
            elif kr.compulsory:
                capture = options[k_below(wy_u32(&rng, &buf, &have), k)]
                moved = 0
            elif k == 0:
                capture = 0
            else:
                j = k_below(wy_u32(&rng, &buf, &have), k + 1)
                capture = 0 if j == 0 else options[j - 1]
                moved = 0
            deals = p.deals_made
            apply_moved(kr, &p, c, capture, moved)
            if p.deals_made != deals:
                hold(kr, &p, held, nheld)
        c_totals(kr, p.piles, p.scope, totals)
        sc = p.scope[0] + p.scope[1]
        s_scope += sc
        q_scope += sc * sc
        s0 += totals[0]
        q0 += totals[0] * totals[0]
        s1 += totals[1]
        q1 += totals[1] * totals[1]
    return (s_scope, q_scope), (s0, q0), (s1, q1)


# ---------------------------------------------------------------- the world loop (loop.py)

cdef class KernelRandom:
    """random.Random(seed) for a 64-bit seed, in C: the same shuffles and getrandbits(64)."""

    cdef k_mt mt

    def __init__(self, uint64_t seed):
        k_mt_seed(&self.mt, seed)

    def getrandbits64(self):
        """random.Random.getrandbits(64): the low 32 bits drawn first."""
        return mt_bits64(&self.mt)


cdef inline uint64_t mt_bits64(k_mt *g) noexcept nogil:
    cdef uint64_t low = k_mt_next(g)
    return low | (<uint64_t>k_mt_next(g) << 32)


cdef inline uint32_t mt_below(k_mt *g, uint32_t n) noexcept nogil:
    """random.Random._randbelow(n) for 1 <= n < 2**32: getrandbits(n.bit_length()) until < n."""
    cdef int k = 32 - __builtin_clz(n)
    cdef uint32_t r = k_mt_next(g) >> (32 - k)
    while r >= n:
        r = k_mt_next(g) >> (32 - k)
    return r



cdef inline double now_seconds() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef inline void apply_pass_move(KRules *kr, KPos *p, int c) noexcept nogil:
    """fast.apply_pass: the ace goes to the side's pile, never a scopa."""
    cdef int seat = p.to_move
    cdef uint64_t b = (<uint64_t>1) << c
    p.piles[kr.side_of[seat]] |= b
    p.captured |= p.ply_bit
    p.ply_bit <<= 1
    p.hands[seat] ^= b
    p.left -= 1
    p.to_move = kr.next_seat[seat]
    if not p.left:
        end_of_deal(kr, p)


cdef int opponent_can_sweep(KRules *kr, KPos *p, int side, Scratch scratch) except -1:
    """loop.opponent_can_sweep: the player to move, an opponent, can sweep the table now."""
    cdef int n, i
    cdef KMoves *moves = &scratch.moves
    if not p.table or finished(p) or kr.side_of[p.to_move] == side:
        return 0
    n = legal_moves(kr, p, moves, &scratch.options)
    for i in range(n):
        if moves.caps[i] == p.table and is_sweep(kr, p, moves.cards[i], moves.caps[i]):
            return 1
    return 0


cdef class _Buffers:
    """The C arrays of one run_worlds call, freed with it."""

    cdef double *d
    cdef long long *n
    cdef int *i

    def __cinit__(self, Py_ssize_t doubles, Py_ssize_t counts, Py_ssize_t ints):
        self.d = <double *>malloc(max(doubles, 1) * sizeof(double))
        self.n = <long long *>malloc(max(counts, 1) * sizeof(long long))
        self.i = <int *>malloc(max(ints, 1) * sizeof(int))
        if self.d == NULL or self.n == NULL or self.i == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.d)
        free(self.n)
        free(self.i)


cdef struct KObservation:
    int seat
    int card
    uint64_t capture
    uint64_t table
    uint64_t later
    uint64_t live
    int next_size
    bint next_partner


cdef enum:
    MAX_OBSERVATIONS = 64


cdef double BETA = _inference.BETA
cdef int MAX_TRIES = _inference.MAX_TRIES
cdef int MEMO_LIMIT = _inference.MEMO_LIMIT
cdef double CONCEDED_SWEEP = _inference.CONCEDED_SWEEP


cdef void sample_into_c(
    KRules *kr, k_mt *mt, uint8_t *unseen, int nunseen, int *sizes, int own, uint64_t own_hand,
    uint64_t *known, KPos *world,
) noexcept nogil:
    """loop.sample_into: random.Random.shuffle of the unseen cards, dealt in seat order (each
    seat's ``sizes`` less its ``known`` cards, which join its hand)."""
    cdef uint8_t deck[40]
    cdef uint8_t tmp
    cdef int i, j, k, at = 0, seat
    cdef uint64_t h
    for i in range(nunseen):
        deck[i] = unseen[i]
    for i in range(nunseen - 1, 0, -1):
        j = mt_below(mt, i + 1)
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    world.left = 0
    for seat in range(kr.players):
        if seat == own:
            world.hands[seat] = own_hand
        else:
            h = known[seat]
            for k in range(at, at + sizes[seat]):
                h |= (<uint64_t>1) << deck[k]
            world.hands[seat] = h
            at += sizes[seat]
        world.left += k_popcount(world.hands[seat])
    for i in range(at, nunseen):
        world.stock[i - at] = deck[i]
    world.stock_at = 0
    world.stock_end = nunseen - at


cdef struct KSeenPlay:
    # A play a hand could have made on an observation's table, with what no hand changes:
    # inference.own_gain without the pair bonus, and the rank that sweeps the table it leaves;
    # ``most``: no hand makes its worth more (seen_worth's sums with the pair kept and the
    # partner sure to sweep; rounding is monotonic, so seen_worth never exceeds it).
    double gain
    double most
    int card
    int sweep_rank
    bint laid


cdef KSeenPlay hand_free_play(
    KRules *kr, uint64_t table, int card, uint64_t capture, bint partner
) noexcept nogil:
    """inference.play_worth's parts that no hand changes (the same sums in the same order)."""
    cdef KSeenPlay play
    cdef uint64_t after, rest
    cdef bint ace_sweep
    play.card = card
    play.laid = capture == 0
    if capture:
        after = table ^ capture
        play.gain = 2.0 + kr.card_worth[card]
        rest = capture
        while rest:
            play.gain += kr.card_worth[k_ctz(rest)]
            rest &= rest - 1
        ace_sweep = kr.ace_takes_all and RANK_OF[card] == 1 and not (table & RANK_MASK[1])
        if capture == table and (kr.ace_scopa or not ace_sweep):
            play.gain += SWEEP_WORTH
    else:
        if kr.ace_self and kr.ace_takes_all and not table and RANK_OF[card] == 1:
            after = table  # the ace on an empty table goes to the pile
        else:
            after = table | ((<uint64_t>1) << card)
        play.gain = -kr.card_worth[card]
    play.sweep_rank = sweep_rank(kr, rank_sum(after)) if after else 0
    play.most = play.gain + PAIR_BONUS if play.laid else play.gain
    if play.sweep_rank and partner:
        play.most = play.most - (-CONCEDED_SWEEP / 2)
    return play


cdef class SeenPlays:
    """For each play seen, every play the seat's hand could have made then (cards it could have
    held, each with its captures in fast.captures order), and the play made, as hand-free parts:
    built once per world loop call, so that a world's likelihood adds only what its hands change."""

    cdef KSeenPlay *plays
    cdef KSeenPlay *chosen
    # Observation t's plays of card c are plays[first[t * 41 + c] : first[t * 41 + c + 1]];
    # order[first[t * 41] : first[t * 41 + 40]] lists observation t's plays, ``most`` first.
    cdef int *first
    cdef int *order
    cdef int nobs

    def __cinit__(self):
        self.plays = NULL
        self.chosen = NULL
        self.first = NULL
        self.order = NULL
        self.nobs = 0

    def __dealloc__(self):
        free(self.plays)
        free(self.chosen)
        free(self.first)
        free(self.order)

    cdef int build(self, KRules *kr, KObservation *obs, int nobs, KOptions *options) except -1:
        cdef int t, c, k, i, n = 0, capacity = 64
        cdef uint64_t table
        cdef KSeenPlay *grown
        self.nobs = nobs
        self.chosen = <KSeenPlay *>malloc(max(nobs, 1) * sizeof(KSeenPlay))
        self.first = <int *>malloc((nobs * 41 + 1) * sizeof(int))
        self.plays = <KSeenPlay *>malloc(capacity * sizeof(KSeenPlay))
        if self.chosen == NULL or self.first == NULL or self.plays == NULL:
            raise MemoryError()
        for t in range(nobs):
            table = obs[t].table
            self.chosen[t] = hand_free_play(
                kr, table, obs[t].card, obs[t].capture, obs[t].next_partner
            )
            for c in range(41):
                self.first[t * 41 + c] = n
                if c == 40:
                    continue
                k = table_card_captures(kr, RANK_OF[c], table, options)
                if n + k + 1 > capacity:
                    capacity = grown_size(capacity, n + k + 1)
                    grown = <KSeenPlay *>realloc(self.plays, capacity * sizeof(KSeenPlay))
                    if grown == NULL:
                        raise MemoryError()
                    self.plays = grown
                if k == 0 or not kr.compulsory:
                    self.plays[n] = hand_free_play(kr, table, c, 0, obs[t].next_partner)
                    n += 1
                for i in range(k):
                    self.plays[n] = hand_free_play(
                        kr, table, c, options.items[i], obs[t].next_partner
                    )
                    n += 1
        self.order = <int *>malloc(max(n, 1) * sizeof(int))
        if self.order == NULL:
            raise MemoryError()
        for t in range(nobs):
            self.sort_by_most(self.first[t * 41], self.first[t * 41 + 40])
        return 0

    cdef void sort_by_most(self, int start, int end) noexcept:
        """order[start:end], the plays there by ``most``, greatest first (insertion sort)."""
        cdef int i, j, index
        for i in range(start, end):
            index = i
            j = i
            while j > start and self.plays[self.order[j - 1]].most < self.plays[index].most:
                self.order[j] = self.order[j - 1]
                j -= 1
            self.order[j] = index


cdef inline double seen_worth(
    KSeenPlay *play, KObservation *seen, uint64_t hand, uint64_t unseen, int nunseen
) noexcept nogil:
    """inference.play_worth of a play from its hand-free parts: the pair a laid card keeps and
    the chance of the sweep it concedes, judged from the cards its player could not see."""
    cdef double gain = play.gain, chance
    cdef int card = play.card
    if play.laid and hand & ~((<uint64_t>1) << card) & RANK_MASK[RANK_OF[card]]:
        gain += PAIR_BONUS
    if play.sweep_rank:
        chance = HOLD_CHANCE[nunseen][k_popcount(unseen & RANK_MASK[play.sweep_rank])][
            seen.next_size
        ]
        gain = gain - (
            -CONCEDED_SWEEP / 2 * chance if seen.next_partner else CONCEDED_SWEEP * chance
        )
    return gain


cdef class LikelihoodMemo:
    """loop.new_memo's twin: one search's likelihood sums by run of observations and hidden
    hand, in an open-addressed C table started again once it holds inference.MEMO_LIMIT."""

    cdef uint64_t *keys
    cdef double *values
    cdef int count
    cdef uint64_t mask

    def __cinit__(self):
        self.count = 0
        self.mask = 2 * MEMO_LIMIT - 1
        self.keys = <uint64_t *>calloc(2 * MEMO_LIMIT, sizeof(uint64_t))
        self.values = <double *>malloc(2 * MEMO_LIMIT * sizeof(double))
        if self.keys == NULL or self.values == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.keys)
        free(self.values)

    cdef inline uint64_t slot(self, uint64_t key) noexcept nogil:
        """Where a key is, or the empty slot where it would go."""
        cdef uint64_t at = (key * <uint64_t>0x9E3779B97F4A7C15) >> 40 & self.mask
        while self.keys[at] != 0 and self.keys[at] != key:
            at = (at + 1) & self.mask
        return at

    cdef inline bint find(self, uint64_t key, double *value) noexcept nogil:
        """Whether the key is held; its value in ``value`` when it is."""
        cdef uint64_t at = self.slot(key)
        if self.keys[at] == 0:
            return False
        value[0] = self.values[at]
        return True

    cdef inline void put(self, uint64_t key, double value) noexcept nogil:
        """Hold a key that is not held yet, emptying a full table first."""
        cdef uint64_t at
        if self.count >= MEMO_LIMIT:
            memset(self.keys, 0, (self.mask + 1) * sizeof(uint64_t))
            self.count = 0
        at = self.slot(key)
        self.keys[at] = key
        self.values[at] = value
        self.count += 1


cdef double log_likelihood_c(
    uint64_t *hands, KObservation *obs, int nobs, SeenPlays seen_plays, LikelihoodMemo memo
) noexcept nogil:
    """inference.log_likelihood: the sums of each run of one seat's observations, from the
    memo when that run and hand are in it (the same doubles)."""
    cdef double total = 0.0, part
    cdef int start = 0, end, seat
    cdef uint64_t key
    while start < nobs:
        seat = obs[start].seat
        end = start + 1
        while end < nobs and obs[end].seat == seat:
            end += 1
        # Hands are 40 bits; the run's start above them, and a top bit so no key is 0.
        key = hands[seat] | (<uint64_t>start) << 48 | (<uint64_t>1) << 63
        if not memo.find(key, &part):
            part = seat_log_likelihood_c(hands[seat], obs, start, end, seen_plays)
            memo.put(key, part)
        total += part
        start = end
    return total


cdef double seat_log_likelihood_c(
    uint64_t hidden, KObservation *obs, int start, int end, SeenPlays seen_plays
) noexcept nogil:
    """inference.seat_log_likelihood of observations[start:end], from the plays' hand-free
    parts. The best play's worth is a maximum: the card played is looked at first, then the
    plays of the other cards in hand by ``most``, greatest first, up to the first that cannot
    beat the best so far (the same maximum, from fewer worths)."""
    cdef double total = 0.0, chosen, best, g
    cdef uint64_t hand, unseen, played
    cdef int t, c, j, nunseen
    cdef int *first
    cdef int *order = seen_plays.order
    cdef KSeenPlay *plays = seen_plays.plays
    cdef KSeenPlay *play
    for t in range(start, end):
        hand = hidden | obs[t].later | ((<uint64_t>1) << obs[t].card)
        unseen = obs[t].live & ~hand
        nunseen = k_popcount(unseen)
        chosen = seen_worth(&seen_plays.chosen[t], &obs[t], hand, unseen, nunseen)
        first = &seen_plays.first[t * 41]
        c = obs[t].card
        best = -1e300
        for j in range(first[c], first[c + 1]):
            g = seen_worth(&plays[j], &obs[t], hand, unseen, nunseen)
            if g > best:
                best = g
        played = (<uint64_t>1) << c
        for j in range(first[0], first[40]):
            play = &plays[order[j]]
            if play.most <= best:
                break
            if hand & ~played & ((<uint64_t>1) << play.card):
                g = seen_worth(play, &obs[t], hand, unseen, nunseen)
                if g > best:
                    best = g
        total += BETA * (chosen - best)
    return total


def run_worlds(
    fr, setup, tally, KernelRandom rng, CompiledSolver solver, long long max_worlds, seconds,
    win, hard_seconds=None, LikelihoodMemo memo=None,
):
    """loop.run_worlds on the compiled kernel: the same worlds, values and tally."""
    cdef CompiledRules cr = compiled(fr)
    cdef KRules *kr = &cr.kr
    cdef int m = len(setup.moves), ncat = kr.ncat, sides = kr.sides
    cdef int side = setup.side, own = setup.seat, nunseen = len(setup.unseen)
    cdef int i, j, k, seat, at, c, cat, others = sides - 1, solve_cards = setup.solve_cards
    cdef int playout_solve = setup.playout_solve_cards if sides == 2 else 0, until, stop
    cdef long long done = 0, playouts, all_playouts = 0, before = tally.worlds
    cdef bint with_match = win is not None, has_cross = len(tally.cross) > 0
    cdef bint has_deadline = seconds is not None, has_hard = hard_seconds is not None
    cdef double deadline = now_seconds() + seconds if has_deadline else 0.0
    cdef double hard_deadline = now_seconds() + hard_seconds if has_hard else 0.0
    cdef Scratch scratch = Scratch()
    cdef double rest, v, w
    cdef int mine_total, rest_total
    cdef int totals[MAX_SEATS]
    cdef uint64_t own_hand = setup.hand
    cdef uint64_t world_stream, playout_stream
    cdef KPos base, pos, candidate, best_world
    cdef int nobs = len(setup.observations), tries
    cdef bint solved
    cdef KObservation obs[MAX_OBSERVATIONS]
    cdef SeenPlays seen_plays = SeenPlays()
    cdef CompiledLeaf leaf_model = (
        None if setup.leaf is None or with_match else compiled_leaf(setup.leaf, ncat)
    )
    cdef double features[NF]
    cdef double *weights
    cdef int leaf_left
    cdef double log_w, best_log
    cdef KLeaf leaf
    cdef int points[MAX_SEATS * MAX_CATS]
    cdef int sizes[MAX_SEATS]
    cdef uint64_t known[MAX_SEATS]
    cdef uint8_t unseen[40]
    cdef uint8_t deck[40]
    cdef uint8_t tmp
    # Doubles: sums, squares, wins, win squares, values, world wins (m each), the tally's and
    # the world's category values (m * ncat each), cross products (m * m).
    cdef _Buffers buf = _Buffers(6 * m + 2 * m * ncat + (m * m if has_cross else 0), 2 * m, 3 * m)
    cdef double *sums = buf.d
    cdef double *squares = sums + m
    cdef double *wins = squares + m
    cdef double *win_squares = wins + m
    cdef double *values = win_squares + m
    cdef double *world_wins = values + m
    cdef double *cats = world_wins + m
    cdef double *world_cats = cats + m * ncat
    cdef double *cross = world_cats + m * ncat
    cdef long long *sweeps = buf.n
    cdef long long *world_sweeps = sweeps + m
    cdef int *move_cards = buf.i
    cdef int *move_passes = move_cards + m
    cdef uint64_t *move_caps = <uint64_t *>malloc(max(m, 1) * sizeof(uint64_t))
    if move_caps == NULL:
        raise MemoryError()
    try:
        for i in range(m):
            card, capture, passes = setup.moves[i]
            move_cards[i] = card
            move_caps[i] = capture
            move_passes[i] = passes
            sums[i] = tally.sums[i]
            squares[i] = tally.squares[i]
            wins[i] = tally.wins[i]
            win_squares[i] = tally.win_squares[i]
            sweeps[i] = tally.sweeps[i]
        for i in range(m * ncat):
            cats[i] = tally.cats[i]
        if has_cross:
            for i in range(m * m):
                cross[i] = tally.cross[i]
        for i in range(nunseen):
            unseen[i] = setup.unseen[i]
        for i in range(kr.players):
            # The cards a seat is known to hold join its hand; the rest of it is drawn.
            known[i] = setup.known[i] if setup.known else 0
            sizes[i] = setup.sizes[i] - k_popcount(known[i])
        if nobs > MAX_OBSERVATIONS:
            raise ValueError("too many observations for the compiled kernel")
        for i in range(nobs):
            seen = setup.observations[i]
            obs[i].seat = seen.seat
            obs[i].card = seen.card
            obs[i].capture = seen.capture
            obs[i].table = seen.table
            obs[i].later = seen.later
            obs[i].live = seen.live
            obs[i].next_size = seen.next_size
            obs[i].next_partner = seen.next_partner
        seen_plays.build(kr, obs, nobs, &scratch.options)
        if memo is None:
            memo = LikelihoodMemo()
        memset(&base, 0, sizeof(KPos))
        set_table(&base, setup.table)
        for i in range(sides):
            base.piles[i] = setup.piles[i]
            base.scope[i] = setup.scope[i]
        base.dealer = setup.dealer
        base.deals_made = setup.deals_made
        base.to_move = setup.to_move
        base.last_capturer = setup.last_capturer
        start_plies(&base)
        candidate = base
        best_world = base
        while done < max_worlds:
            # sample_world: a world drawn (sample_into), kept as inference.py says.
            if nobs == 0:
                sample_into_c(kr, &rng.mt, unseen, nunseen, sizes, own, own_hand, known, &base)
            else:
                best_log = -1e300
                for tries in range(MAX_TRIES):
                    sample_into_c(
                        kr, &rng.mt, unseen, nunseen, sizes, own, own_hand, known, &candidate
                    )
                    log_w = log_likelihood_c(candidate.hands, obs, nobs, seen_plays, memo)
                    if k_mt_random(&rng.mt) < exp(log_w):
                        base = candidate
                        break
                    if log_w > best_log:
                        best_log = log_w
                        best_world = candidate
                else:
                    base = best_world
            # Common random numbers: every root move's playout starts from this one state.
            world_stream = mt_bits64(&rng.mt)
            playouts = 0
            for i in range(m):
                if has_deadline and before + done > 0 and now_seconds() >= deadline:
                    return done
                if has_hard and now_seconds() >= hard_deadline:
                    return done
                pos = base
                if move_passes[i]:
                    apply_pass_move(kr, &pos, move_cards[i])
                else:
                    apply_move(kr, &pos, move_cards[i], move_caps[i])
                world_sweeps[i] = opponent_can_sweep(kr, &pos, side, scratch)
                # loop's leaf: played out to the model's depth, each category from its weights.
                leaf_left = 0 if leaf_model is None else leaf_stop(leaf_model, &pos)
                if leaf_left:
                    playout_stream = world_stream
                    if play_out(kr, &pos, &playout_stream, scratch, hard_deadline, leaf_left):
                        return done
                    leaf_features(kr, &pos, features)
                    v = 0.0
                    for cat in range(ncat):
                        weights = leaf_model.w + (leaf_left * ncat + cat) * NF
                        w = 0.0
                        for k in range(NF):
                            w += weights[k] * features[k]
                        if side == 1:
                            w = -w
                        world_cats[i * ncat + cat] = w
                        v += w
                    values[i] = v
                    playouts += 1
                    continue
                # loop._end_of_hand: solved when small enough, else played out by the policy
                # up to the playout's solve, then solved (a solve past the node limit plays on).
                solved = False
                until = playout_solve
                if sides == 2 and pos.stock_at == pos.stock_end and pos.left <= solve_cards:
                    stop = solver.solve_by(&pos, &leaf, hard_deadline)
                    if stop == STOP_TIME:
                        return done
                    solved = stop == SOLVING
                    until = 0
                if not solved:
                    playout_stream = world_stream
                    if play_out(kr, &pos, &playout_stream, scratch, hard_deadline, until):
                        return done
                    if not finished(&pos):
                        stop = solver.solve_by(&pos, &leaf, hard_deadline)
                        if stop == STOP_TIME:
                            return done
                        solved = stop == SOLVING
                        if not solved and play_out(
                            kr, &pos, &playout_stream, scratch, hard_deadline
                        ):
                            return done
                    playouts += 1
                if solved:
                    pos.piles[0] = leaf.piles[0]
                    pos.piles[1] = leaf.piles[1]
                    pos.scope[0] = leaf.scope[0]
                    pos.scope[1] = leaf.scope[1]
                points_of(cr, pos.piles, pos.scope, points, totals)
                mine_total = 0
                rest_total = 0
                for cat in range(ncat):
                    rest = 0
                    for k in range(sides):
                        if k != side:
                            rest += points[k * MAX_CATS + cat]
                            rest_total += points[k * MAX_CATS + cat]
                    mine_total += points[side * MAX_CATS + cat]
                    world_cats[i * ncat + cat] = points[side * MAX_CATS + cat] - rest / others
                values[i] = mine_total - (<double>rest_total) / others
                if with_match:
                    world_wins[i] = win(
                        [
                            sum([points[k * MAX_CATS + cat] for cat in range(ncat)])
                            for k in range(sides)
                        ],
                        [pos.piles[k] for k in range(sides)],
                    )
            # _add_world
            for i in range(m):
                v = values[i]
                sums[i] += v
                squares[i] += v * v
                if with_match:
                    w = world_wins[i]
                    wins[i] += w
                    win_squares[i] += w * w
                sweeps[i] += world_sweeps[i]
            for k in range(m * ncat):
                cats[k] += world_cats[k]
            if has_cross:
                for i in range(m):
                    v = values[i]
                    for j in range(m):
                        cross[i * m + j] += v * values[j]
            all_playouts += playouts
            done += 1
        return done
    finally:
        tally.worlds = before + done
        tally.playouts += all_playouts
        for i in range(m):
            tally.sums[i] = sums[i]
            tally.squares[i] = squares[i]
            tally.wins[i] = wins[i]
            tally.win_squares[i] = win_squares[i]
            tally.sweeps[i] = sweeps[i]
        for i in range(m * ncat):
            tally.cats[i] = cats[i]
        if has_cross:
            for i in range(m * m):
                tally.cross[i] = cross[i]
        free(move_caps)


# ---------------------------------------------------------------- endgame solver

cdef struct KLeaf:
    uint64_t piles[2]
    int32_t scope[2]


cdef struct TTEntry:
    uint64_t k0
    uint64_t k1
    uint64_t k2
    int32_t value
    int32_t flag
    KLeaf leaf


cdef enum:
    EXACT = 0
    LOWER = 1
    UPPER = 2


cdef enum:
    # Why a solve stopped before its end (CompiledSolver.stop).
    SOLVING = 0
    STOP_NODES = 1
    STOP_TIME = 2


cdef class CompiledSolver:
    """solver.Solver on the compiled kernel: the same search, move order and table policy.

    The transposition table is a C hash table that, like the dict of the pure solver, is
    emptied at the start of every solve; keys pack the
    location of every card (3 bits each), pile 0, the scope counts, the seat to move and the
    side of the last capture, so two keys are equal exactly when the pure solver's tuples are.
    A solve that would visit more than ``node_limit`` nodes stops there (solver.SolveAborted), as
    the pure solver's does, storing nothing more; ``abandon_at`` (monotonic seconds, 0 for
    never) stops one at a deadline.
    """

    cdef CompiledRules cr
    cdef public object fr
    cdef public long long nodes
    cdef TTEntry *entries
    cdef int32_t *slots
    cdef long long count
    cdef long long capacity
    cdef long long slot_mask
    cdef KMoves depths[MAX_DEPTH]
    cdef KOptions options
    cdef long long limit_at
    cdef long long node_limit
    cdef double abandon_at
    cdef int stop

    def __cinit__(self, fr, long long node_limit=NODE_LIMIT):
        self.fr = fr
        self.node_limit = node_limit
        self.cr = compiled(fr)
        self.nodes = 0
        self.entries = NULL
        self.slots = NULL
        self.count = 0
        self.capacity = 0
        self.slot_mask = 0
        memset(self.depths, 0, sizeof(self.depths))
        memset(&self.options, 0, sizeof(KOptions))
        options_reserve(&self.options, MIN_BUFFER)
        self.limit_at = 0
        self.abandon_at = 0.0
        self.stop = SOLVING

    def __dealloc__(self):
        cdef int i
        free(self.entries)
        free(self.slots)
        for i in range(MAX_DEPTH):
            moves_free(&self.depths[i])
        options_free(&self.options)

    def applies(self, pos, int max_cards):
        """Whether the position is small enough and two-sided with nothing left to deal."""
        return self.cr.kr.sides == 2 and not pos.stock and pos.left <= max_cards

    @property
    def size(self):
        """Entries in the transposition table."""
        return self.count

    def solve(self, pos):
        """The minimax value for side 0 under perfect play, and the leaf's totals."""
        cdef KLeaf leaf
        cdef int totals[2]
        cdef int value = self.solve_into(pos, &leaf)
        leaf_totals(self.cr, &leaf, totals)
        return value, (totals[0], totals[1])

    def solve_leaf(self, pos):
        """The minimax value for side 0 under perfect play, and the end of the solved line:
        (pile 0, pile 1, scope 0, scope 1)."""
        cdef KLeaf leaf
        cdef int value = self.solve_into(pos, &leaf)
        return value, (leaf.piles[0], leaf.piles[1], leaf.scope[0], leaf.scope[1])

    cdef int solve_into(self, object pos, KLeaf *leaf) except? -999999:
        cdef KPos p
        cdef int value
        load_pos(&p, pos)
        self.abandon_at = 0.0
        value = self.solve_pos(&p, leaf)
        if self.stop:
            raise _solver.SolveAborted(self.nodes)
        return value

    cdef int solve_by(self, KPos *p, KLeaf *leaf, double abandon_at) except -1:
        """solve_pos stopped at ``abandon_at`` (monotonic seconds, 0 for never): how the solve
        ended, SOLVING when it has the leaf."""
        self.abandon_at = abandon_at
        self.solve_pos(p, leaf)
        return self.stop

    cdef int solve_pos(self, KPos *p, KLeaf *leaf) except? -999999:
        """solve() on a C position: the value, and the leaf in ``leaf``; ``stop`` says
        whether the solve ended early (no value then)."""
        if self.cr.kr.sides != 2:
            raise ValueError("the solver needs two sides")
        self.clear()
        self.limit_at = self.nodes + self.node_limit
        self.stop = SOLVING
        return self.search(p, -INF, INF, leaf, 0)

    cdef void clear(self) noexcept:
        """Empty the table: each entry's slot when they are few, else every slot."""
        cdef long long i, at
        cdef TTEntry *e
        if self.slots == NULL:
            self.count = 0
            return
        if self.count * 8 < self.slot_mask:
            for i in range(self.count):
                e = &self.entries[i]
                at = key_hash(e.k0, e.k1, e.k2) & self.slot_mask
                while self.slots[at] != i:
                    at = (at + 1) & self.slot_mask
                self.slots[at] = -1
        else:
            memset(self.slots, 0xFF, (self.slot_mask + 1) * sizeof(int32_t))
        self.count = 0

    cdef int grow(self) except -1:
        cdef long long n = 1 << 16 if self.slot_mask == 0 else 2 * (self.slot_mask + 1)
        cdef long long i, at
        cdef int32_t *slots = <int32_t *>malloc(n * sizeof(int32_t))
        cdef TTEntry *entries = <TTEntry *>malloc((n // 2) * sizeof(TTEntry))
        cdef TTEntry *e
        if slots == NULL or entries == NULL:
            free(slots)
            free(entries)
            raise MemoryError()
        memset(slots, 0xFF, n * sizeof(int32_t))
        for i in range(self.count):
            entries[i] = self.entries[i]
            e = &entries[i]
            at = key_hash(e.k0, e.k1, e.k2) & (n - 1)
            while slots[at] >= 0:
                at = (at + 1) & (n - 1)
            slots[at] = <int32_t>i
        free(self.slots)
        free(self.entries)
        self.slots = slots
        self.entries = entries
        self.slot_mask = n - 1
        self.capacity = n // 2
        return 0

    cdef long long find(self, uint64_t k0, uint64_t k1, uint64_t k2) noexcept:
        """The slot holding the key, or the empty slot where it would go."""
        cdef long long at = key_hash(k0, k1, k2) & self.slot_mask
        cdef int32_t i
        cdef TTEntry *e
        while True:
            i = self.slots[at]
            if i < 0:
                return at
            e = &self.entries[i]
            if e.k0 == k0 and e.k1 == k1 and e.k2 == k2:
                return at
            at = (at + 1) & self.slot_mask

    cdef int store(
        self, uint64_t k0, uint64_t k1, uint64_t k2, int flag, int value, KLeaf *leaf
    ) except -1:
        cdef long long at
        cdef int32_t i
        cdef TTEntry *e
        if self.count + 1 > self.capacity:
            self.grow()
        at = self.find(k0, k1, k2)
        i = self.slots[at]
        if i < 0:
            i = <int32_t>self.count
            self.slots[at] = i
            self.count += 1
        e = &self.entries[i]
        e.k0 = k0
        e.k1 = k1
        e.k2 = k2
        e.flag = flag
        e.value = value
        e.leaf = leaf[0]
        return 0

    cdef int search(self, KPos *p, int alpha, int beta, KLeaf *out, int depth) except? -999999:
        cdef KRules *kr = &self.cr.kr
        cdef KMoves *moves = &self.depths[depth]
        cdef int *cards
        cdef uint64_t *caps
        cdef int *order
        cdef KLeaf child_leaf
        cdef KLeaf best_leaf
        cdef int totals[2]
        cdef int n, i, j, m, value, best, a0 = alpha, b0 = beta, lc_side, flag, seat, c, lc
        cdef uint64_t k0 = 0, k1 = 0, k2, rest
        cdef long long at
        cdef int32_t slot
        cdef TTEntry *e
        cdef bint maximizing
        cdef KPos child
        self.nodes += 1
        if depth >= MAX_DEPTH:
            raise ValueError("a position too deep for the solver")
        if self.nodes > self.limit_at:
            self.stop = STOP_NODES
            return 0
        if self.abandon_at > 0.0 and (self.nodes & 4095) == 0 and now_seconds() >= self.abandon_at:
            self.stop = STOP_TIME
            return 0
        if p.left == 0:
            out.piles[0] = p.piles[0]
            out.piles[1] = p.piles[1]
            out.scope[0] = p.scope[0]
            out.scope[1] = p.scope[1]
            totals_of(self.cr, p, totals)
            return totals[0] - totals[1]
        lc = last_capturer_of(p, kr.players)
        lc_side = kr.side_of[lc] if lc >= 0 else -1
        if p.scope[0] > 255 or p.scope[1] > 255:
            raise OverflowError("scope count too large for the solver's key")
        for seat in range(kr.players + 1):
            rest = p.table if seat == kr.players else p.hands[seat]
            while rest:
                c = k_ctz(rest)
                rest &= rest - 1
                if c < 20:
                    k0 |= (<uint64_t>(seat + 1)) << (3 * c)
                else:
                    k1 |= (<uint64_t>(seat + 1)) << (3 * (c - 20))
        k2 = (
            p.piles[0] | (<uint64_t>p.scope[0] << 40) | (<uint64_t>p.scope[1] << 48)
            | (<uint64_t>p.to_move << 56) | (<uint64_t>(lc_side + 1) << 60)
        )
        if self.count:
            at = self.find(k0, k1, k2)
            slot = self.slots[at]
            if slot >= 0:
                e = &self.entries[slot]
                if (
                    e.flag == EXACT
                    or (e.flag == LOWER and e.value >= beta)
                    or (e.flag == UPPER and e.value <= alpha)
                ):
                    out[0] = e.leaf
                    return e.value
        maximizing = kr.side_of[p.to_move] == 0
        n = legal_moves(kr, p, moves, &self.options)
        cards = moves.cards
        caps = moves.caps
        order = moves.order
        for i in range(n):  # stable sort by captured cards, most first (as the pure solver)
            m = i
            j = i - 1
            while j >= 0 and k_popcount(caps[order[j]]) < k_popcount(caps[m]):
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = m
        best = -INF if maximizing else INF
        memset(&best_leaf, 0, sizeof(KLeaf))
        for i in range(n):
            m = order[i]
            child = p[0]
            apply_move(kr, &child, cards[m], caps[m])
            value = self.search(&child, alpha, beta, &child_leaf, depth + 1)
            if self.stop:
                return 0
            if maximizing:
                if value > best:
                    best = value
                    best_leaf = child_leaf
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                best_leaf = child_leaf
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.store(k0, k1, k2, flag, best, &best_leaf)
        out[0] = best_leaf
        return best


cdef int leaf_totals(CompiledRules cr, KLeaf *leaf, int *totals) except -1:
    """The hand totals of a solved line's end."""
    cdef KPos p
    memset(&p, 0, sizeof(KPos))
    p.piles[0] = leaf.piles[0]
    p.piles[1] = leaf.piles[1]
    p.scope[0] = leaf.scope[0]
    p.scope[1] = leaf.scope[1]
    return totals_of(cr, &p, totals)


cdef inline uint64_t key_hash(uint64_t k0, uint64_t k1, uint64_t k2) noexcept nogil:
    cdef uint64_t h = k0 * 0x9E3779B97F4A7C15ULL
    h ^= (h >> 29) ^ k1
    h *= 0xBF58476D1CE4E5B9ULL
    h ^= (h >> 32) ^ k2
    h *= 0x94D049BB133111EBULL
    return h ^ (h >> 31)


def uniform_hands(fr, long long hands, uint64_t seed):
    """uniform_generic_hands in the benchmark's tight loop: scopone scientifico rules only.

    Holds the table as its rank mask (the standard rule with an empty initial table never lets
    two cards of a rank lie together), so each play is a table lookup; scores with the kernel.
    """
    cdef CompiledRules cr = compiled(fr)
    cdef KRules *kr = &cr.kr
    cdef k_wy rng
    cdef uint8_t deck[40]
    cdef uint64_t piles[MAX_SEATS]
    cdef int scope[MAX_SEATS]
    cdef int totals[MAX_SEATS]
    cdef uint64_t T, x, cap, cbit, lay
    cdef uint32_t R, e, D, j
    cdef const uint16_t *o
    cdef int i, n, t, c, team, last, tmp, sc
    cdef uint8_t *h
    cdef long long g
    cdef int64_t s_scope = 0, q_scope = 0, s0 = 0, q0 = 0, s1 = 0, q1 = 0
    rules = fr.rules
    if not (
        kr.players == 4 and kr.sides == 2 and kr.capture_rule == STANDARD and kr.match_priority
        and kr.compulsory and not kr.ace_takes_all and kr.ndeals == 1 and kr.deal_sizes[0] == 10
        and rules.initial_table == 0 and kr.c_scoring and kr.pack_size == 40
    ):
        raise ValueError("uniform_hands plays scopone scientifico rules only")
    k_wy_seed(&rng, seed)
    for g in range(hands):
        for i in range(40):
            deck[i] = i
        # Only the partition into hands must be uniform: 30 swaps, two 32-bit draws each.
        i = 39
        while i >= 10:
            x = k_wy_next(&rng)
            j = k_below(<uint32_t>(x >> 32), i + 1)
            tmp = deck[i]; deck[i] = deck[j]; deck[j] = tmp
            j = k_below(<uint32_t>x, i)
            tmp = deck[i - 1]; deck[i - 1] = deck[j]; deck[j] = tmp
            i -= 2
        T = 0
        R = 0
        piles[0] = 0
        piles[1] = 0
        scope[0] = 0
        scope[1] = 0
        last = -1
        t = 0
        for n in range(10, 0, -1):
            x = k_wy_next(&rng)
            for i in range(4):
                h = &deck[10 * i]
                if i == 2:
                    x = k_wy_next(&rng)
                j = k_below(<uint32_t>(x >> 32) if (i & 1) == 0 else <uint32_t>x, n)
                c = h[j]
                h[j] = h[n - 1]
                e = SUM_TAB[c % 10][R]
                if e & MULTI:
                    o = &SUM_OVER[e & 0x3FFF]
                    e = o[1 + k_below(<uint32_t>k_wy_next(&rng), o[0])]
                D = e & 1023
                lay = e >> 14
                R ^= D
                cbit = (<uint64_t>1) << c
                cap = T & (D * SPREAD)
                T ^= cap ^ (cbit & (0 - lay))
                team = i & 1
                if not lay:
                    piles[team] |= cap | cbit
                    last = team
                    if R == 0 and t != 39:
                        scope[team] += 1
                t += 1
        if last >= 0:
            piles[last] |= T
        c_totals(kr, piles, scope, totals)
        sc = scope[0] + scope[1]
        s_scope += sc
        q_scope += sc * sc
        s0 += totals[0]
        q0 += totals[0] * totals[0]
        s1 += totals[1]
        q1 += totals[1] * totals[1]
    return (s_scope, q_scope), (s0, q0), (s1, q1)
