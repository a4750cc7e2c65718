"""The GIL is released while rules run, and memory stays flat under churn."""

import threading

import salience

LOOP = "(defrule count ?f <- (n ?x&:(< ?x 300000)) => (retract ?f) (assert (n (+ ?x 1))))"


def test_other_threads_run_while_rules_run(env):
    env.build(LOOP)
    env.assert_string("(n 0)")
    ticks = [0]
    done = threading.Event()

    def spin():
        while not done.is_set():
            ticks[0] += 1

    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        before = ticks[0]
        fired = env.run()
        during = ticks[0] - before
    finally:
        done.set()
        spinner.join()
    assert fired == 300000
    # With the GIL held for the whole run, the spinner could not count at all
    # (Python switches threads only between bytecodes of Python code).
    assert during > 1000


def test_a_callback_from_another_thread_run(env):
    seen = []
    env.define_function(lambda x: seen.append(x) or x * 2, name="twice")
    env.build("(defrule r (n ?x) => (assert (m (twice ?x))))")
    env.assert_string("(n 21)")
    worker = threading.Thread(target=lambda: None)
    worker.start()
    worker.join()
    assert env.run() == 1
    assert seen == [21]
    assert [str(f) for f in env.facts()] == ["(n 21)", "(m 42)"]


def resident_kib():
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * 4


def churn(env, template, count):
    for i in range(count):
        template.assert_fact(x=i, name="item").retract()


def test_no_memory_growth_over_100000_assert_retract(env):
    env.build("(deftemplate item (slot x) (slot name))")
    env.build("(defrule seen (item (x ?x)) =>)")
    template = env.find_template("item")
    churn(env, template, 10000)
    before = resident_kib()
    churn(env, template, 100000)
    grown = resident_kib() - before
    assert list(env.facts()) == []
    # 100,000 facts kept would take tens of megabytes.
    assert grown < 2048, "resident memory grew by %d KiB" % grown
