"""A program written against clipspy's API; only its import names salience.

Run it with `python examples/clipspy_program.py`; with `import clips` instead of
the line below it runs on clipspy (CLIPS's C engine) and prints the same.
"""

import salience as clips

RULES = """
(deftemplate order (slot id) (slot item) (slot quantity (type INTEGER)))
(deftemplate stock (slot item) (slot level (type INTEGER)))
(defrule ship
  ?o <- (order (id ?id) (item ?i) (quantity ?q))
  ?s <- (stock (item ?i) (level ?l&:(>= ?l ?q)))
  =>
  (retract ?o)
  (modify ?s (level (- ?l ?q)))
  (printout t "ship order " ?id ": " ?q " x " ?i " (" (price ?i ?q) ")" crlf))
(defrule backorder
  (order (id ?id) (item ?i) (quantity ?q))
  (stock (item ?i) (level ?l&:(< ?l ?q)))
  =>
  (printout t "backorder " ?id ": only " ?l " " ?i " left" crlf))
"""

PRICES = {"apple": 0.5, "pear": 0.75}


class Transcript(clips.Router):
    """Collects what the rules print."""

    def __init__(self):
        super().__init__("transcript", 20)
        self.lines = []

    def query(self, name):
        return name == "stdout"

    def write(self, name, message):
        self.lines.append(message)


def price(item, quantity):
    return "%.2f EUR" % (PRICES[item] * quantity)


env = clips.Environment()
transcript = Transcript()
env.add_router(transcript)
env.define_function(price)
for construct in RULES.strip().split("\n(def"):
    env.build(construct if construct.startswith("(") else "(def" + construct)

stock = env.find_template("stock")
order = env.find_template("order")
stock.assert_fact(item=clips.Symbol("apple"), level=10)
stock.assert_fact(item=clips.Symbol("pear"), level=2)
for number, (item, quantity) in enumerate([("apple", 4), ("pear", 3), ("apple", 5)], 1):
    order.assert_fact(id=number, item=clips.Symbol(item), quantity=quantity)

print("agenda:", [a.name for a in env.activations()])
print("fired:", env.run())
print("".join(transcript.lines), end="")
for fact in env.facts():
    if fact.template.name == "stock":
        print(fact["item"], "left:", fact["level"])
print("total apples:", env.eval("(+ 4 5)"))
try:
    env.build("(defrule broken (order) => (no-such-function))")
except clips.CLIPSError as error:
    print("error:", error)
