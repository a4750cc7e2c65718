"""Facts and templates, as clipspy models them, plus ``as_dict``."""

from itertools import chain

from salience.common import CLIPSError, engine_call
from salience.constructs import ModuleMember
from salience.values import Symbol


class Fact:
    """A CLIPS fact: ``index``, ``template``, ``exists``, ``retract()``."""

    __slots__ = ("_env", "_index")

    def __init__(self, env, index: int):
        self._env = env
        self._index = index

    def __hash__(self):
        return hash((id(self._env), self._index))

    def __eq__(self, fact):
        return isinstance(fact, Fact) and self._env is fact._env and self._index == fact._index

    def __str__(self):
        return " ".join(self._text().split())

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, " ".join(self._text().split()))

    def _text(self) -> str:
        text = self._env._core.fact_text(self._index)
        if text is None:
            raise CLIPSError("fact f-%d does not exist" % self._index)
        return text

    def _slots(self):
        slots = self._env._core.fact_slots(self._index)
        if slots is None:
            raise CLIPSError("fact f-%d does not exist" % self._index)
        return slots

    @property
    def index(self) -> int:
        """The fact index."""
        return self._index

    @property
    def exists(self) -> bool:
        """True if the fact is still in working memory."""
        return self._env._core.fact_exists(self._index)

    @property
    def template(self) -> "Template":
        """The template of the fact."""
        name, _ = self._env._core.fact_template(self._index) or (None, None)
        if name is None:
            raise CLIPSError("fact f-%d does not exist" % self._index)
        return Template(self._env, name)

    def retract(self):
        """Retract the fact from working memory (the CLIPS ``retract`` command)."""
        if not self._env._core.retract(self._index):
            raise CLIPSError("fact f-%d does not exist" % self._index)


class ImpliedFact(Fact):
    """An ordered fact: indexable and iterable over its fields."""

    __slots__ = ()

    def _fields(self) -> tuple:
        return self._slots()[0][1]

    def __iter__(self):
        return chain(self._fields())

    def __len__(self):
        return len(self._fields())

    def __getitem__(self, index):
        return self._fields()[index]

    def as_dict(self) -> dict:
        """The fact as a dict: ``{"relation": name, "fields": (values...)}``."""
        return {"relation": self.template.name, "fields": self._fields()}


class TemplateFact(Fact):
    """A deftemplate fact: ``fact['slot']``, iteration over (slot, value) pairs."""

    __slots__ = ()

    def __iter__(self):
        return chain(self._slots())

    def __len__(self):
        return len(self._slots())

    def __getitem__(self, key):
        for name, value in self._slots():
            if name == key:
                return value
        raise KeyError("'%s'" % key)

    def as_dict(self) -> dict:
        """The fact's slots as a dict of slot names to values."""
        return dict(self._slots())

    def modify_slots(self, **slots):
        """Modify the given slots (the CLIPS ``modify`` command); the index stays."""
        index = engine_call(self._env._core.modify, self._index, slots)
        if index is not None:
            self._index = index


def new_fact(env, index: int) -> Fact:
    """The fact object for the fact with this index."""
    _, implied = env._core.fact_template(index) or (None, False)
    return fact_of_kind(env, index, implied)


def fact_of_kind(env, index: int, implied) -> Fact:
    """An ``ImpliedFact`` or ``TemplateFact``; a plain ``Fact`` when ``implied`` is
    None: a fact given to a Python function while rules run, when the environment
    is busy (it has its index and can be returned to CLIPS; its slots can be read
    once the run is over, through ``Environment.facts()``)."""
    if implied is None:
        return Fact(env, index)
    return ImpliedFact(env, index) if implied else TemplateFact(env, index)


class Template(ModuleMember):
    """A deftemplate (or the implied template of an ordered fact's relation)."""

    __slots__ = ()

    _pp_command = "ppdeftemplate"
    _module_command = "deftemplate-module"

    def _pp(self) -> str:
        return "" if self.implied else super()._pp()

    @property
    def implied(self) -> bool:
        """True if the template is implied (ordered facts)."""
        names = self._env._call("deftemplate-slot-names", Symbol(self._name))
        return names == ("implied",)

    @property
    def deletable(self) -> bool:
        """True if the template can be undefined."""
        return not any(f.template == self for f in self._env.facts())

    @property
    def slots(self) -> tuple:
        """The slots of the template (none for an implied one)."""
        if self.implied:
            return ()
        names = self._env._call("deftemplate-slot-names", Symbol(self._name))
        return tuple(TemplateSlot(self._env, self._name, n) for n in names)

    def facts(self):
        """Iterate over the facts of this template."""
        return (f for f in self._env.facts() if f.template.name == self._name)

    def assert_fact(self, **slots) -> TemplateFact:
        """Assert a fact of this template, the slots given by keyword."""
        index = engine_call(self._env._core.assert_fact, self._name, slots)
        return TemplateFact(self._env, index)

    def undefine(self):
        """Undefine the template (the CLIPS ``undeftemplate`` command)."""
        self._env._call("undeftemplate", Symbol(self._name))


class TemplateSlot:
    """A slot of a template."""

    __slots__ = ("_env", "_template", "_name")

    def __init__(self, env, template: str, name: str):
        self._env = env
        self._template = template
        self._name = name

    def __hash__(self):
        return hash((id(self._env), self._template, self._name))

    def __eq__(self, slot):
        return isinstance(slot, TemplateSlot) and (self._template, self._name) == (slot._template, slot._name)

    def __str__(self):
        return self._name

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, self._name)

    def _ask(self, function: str):
        return self._env._call(function, Symbol(self._template), Symbol(self._name))

    @property
    def name(self) -> str:
        """The slot name."""
        return self._name

    @property
    def multifield(self) -> bool:
        """True if it is a multislot."""
        return self._ask("deftemplate-slot-multip") == "TRUE"

    @property
    def types(self) -> tuple:
        """The types the slot allows."""
        return self._ask("deftemplate-slot-types")

    @property
    def range(self) -> tuple:
        """The numeric range of the slot."""
        return self._ask("deftemplate-slot-range")

    @property
    def cardinality(self) -> tuple:
        """The cardinality of a multislot."""
        return self._ask("deftemplate-slot-cardinality")

    @property
    def default_value(self):
        """The slot's default value."""
        return self._ask("deftemplate-slot-default-value")

    @property
    def allowed_values(self) -> tuple:
        """The values the slot allows (FALSE when any)."""
        return self._ask("deftemplate-slot-allowed-values")
