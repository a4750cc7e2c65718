"""Bench (not a test): assert 100,000 facts from Python and run a join rule over
them, on clipspy and on salience, side by side.

    python python/bench/assert_and_join.py [--facts N] [--repeat R]

Prints the best of R runs for each engine and their ratio (BENCHMARKS.md).
"""

import argparse
import importlib
import time

RULES = [
    "(deftemplate order (slot id) (slot customer))",
    "(deftemplate customer (slot id) (slot vip))",
    "(defrule vip-order (order (id ?o) (customer ?c)) (customer (id ?c) (vip yes)) => (bind ?*n* (+ ?*n* 1)))",
    "(defglobal ?*n* = 0)",
]


def once(module, facts):
    env = module.Environment()
    env.build(RULES[3])
    for construct in RULES[:3]:
        env.build(construct)
    customers = env.find_template("customer")
    orders = env.find_template("order")
    yes, no = module.Symbol("yes"), module.Symbol("no")
    started = time.perf_counter()
    for c in range(facts // 10):
        customers.assert_fact(id=c, vip=yes if c % 2 else no)
    for o in range(facts - facts // 10):
        orders.assert_fact(id=o, customer=o % (facts // 10))
    asserted = time.perf_counter()
    fired = env.run()
    finished = time.perf_counter()
    return asserted - started, finished - asserted, fired


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=100000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    results = {}
    for name in ("clips", "salience"):
        module = importlib.import_module(name)
        runs = [once(module, args.facts) for _ in range(args.repeat)]
        best = min(runs, key=lambda r: r[0] + r[1])
        results[name] = best
        print("%-9s assert %.3f s  run %.3f s  total %.3f s  (%d firings)" % (name, best[0], best[1], best[0] + best[1], best[2]))
    ratio = sum(results["salience"][:2]) / sum(results["clips"][:2])
    print("salience / clipspy: %.2f" % ratio)


if __name__ == "__main__":
    main()
