"""COOL classes, instances and message-handlers, as clipspy models them."""

from salience.common import CLIPSError, engine_call
from salience.constructs import Construct
from salience.values import InstanceName, Symbol


class Instance:
    """An instance of a class: ``instance['slot']``, iteration over the (slot,
    value) pairs of its class's own slots (as clipspy), ``send``, ``delete``."""

    __slots__ = ("_env", "_name")

    def __init__(self, env, name: str):
        self._env = env
        self._name = str(name)

    def __hash__(self):
        return hash((id(self._env), self._name))

    def __eq__(self, instance):
        return isinstance(instance, Instance) and self._env is instance._env and self._name == instance._name

    def __str__(self):
        return " ".join(self._text().split())

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, str(self))

    def _state(self):
        state = self._env._core.instance_slots(self._name)
        if state is None:
            raise CLIPSError("instance [%s] does not exist" % self._name)
        return state

    def _text(self) -> str:
        text = self._env._core.instance_text(self._name)
        if text is None:
            raise CLIPSError("instance [%s] does not exist" % self._name)
        return text

    def __iter__(self):
        names = [s.name for s in self.instance_class.slots()]
        values = dict(self._state()[1])
        return ((n, values[n]) for n in names)

    def __getitem__(self, slot):
        for name, value in self._state()[1]:
            if name == slot:
                return value
        raise CLIPSError("[INSFUN3] No such slot %s in function get-slot." % slot)

    @property
    def name(self) -> str:
        """Instance name."""
        return self._name

    @property
    def instance_class(self) -> "Class":
        """Instance class."""
        return Class(self._env, self._state()[0])

    def as_dict(self) -> dict:
        """Every slot of the instance (inherited ones too) as a dict."""
        return dict(self._state()[1])

    def modify_slots(self, **slots):
        """Write slots directly, without messages (CLIPS's ``direct-modify``)."""
        self.instance_class._check_slots(slots)
        engine_call(self._env._core.modify_instance, self._name, slots)

    def send(self, message: str, arguments: str = None):
        """Send a message (arguments as CLIPS text); the handler's value."""
        text = "(send [%s] %s %s)" % (self._name, message, arguments or "")
        return self._env.eval(text)

    def delete(self):
        """Delete the instance (through its ``delete`` handler, as ``unmake``)."""
        self.unmake()

    def unmake(self):
        """Delete the instance by sending it ``delete`` (``unmake-instance``)."""
        self._state()
        if self._env._call("unmake-instance", InstanceName(self._name)) != "TRUE":
            raise self._env._error("could not delete instance [%s]" % self._name)


class Class(Construct):
    """A defclass (or one of CLIPS's predefined classes)."""

    __slots__ = ()

    _pp_command = "ppdefclass"

    def _pp(self) -> str:
        return "" if self._info()[1] else super()._pp()

    def _info(self):
        info = self._env._core.class_info(self._name)
        if info is None:
            raise CLIPSError("Class <%s> not defined" % self._name)
        return info

    def _ask(self, function: str, *args):
        return self._env._call(function, Symbol(self._name), *args)

    def _check_slots(self, slots: dict):
        names = set(self._ask("class-slots", Symbol("inherit")))
        for slot in slots:
            if slot not in names:
                raise KeyError("slot '%s' does not exist" % slot)

    @property
    def abstract(self) -> bool:
        """True if the class is abstract."""
        return self._ask("class-abstractp") == "TRUE"

    @property
    def reactive(self) -> bool:
        """True if the class is reactive."""
        return self._ask("class-reactivep") == "TRUE"

    @property
    def module(self):
        """The module in which the class is defined."""
        from salience.modules import Module

        return Module(self._env, self._info()[0])

    @property
    def deletable(self) -> bool:
        """True if the class can be undefined: a user class with no instances of
        it or of a subclass."""
        if self._info()[1]:
            return False
        return not any(i.instance_class.subclass(self) or i.instance_class == self for i in self._env.instances())

    def make_instance(self, instance_name: str = None, **slots) -> Instance:
        """Make an instance of the class (``make-instance``), named
        ``instance_name`` or by ``gensym*``, the slots given by keyword."""
        self._check_slots(slots)
        name = engine_call(self._env._core.make_instance, self._name, instance_name, slots)
        return Instance(self._env, name)

    def subclass(self, defclass: "Class") -> bool:
        """True if the class is a subclass of the given one."""
        return self._ask("subclassp", Symbol(defclass.name)) == "TRUE"

    def superclass(self, defclass: "Class") -> bool:
        """True if the class is a superclass of the given one."""
        return self._ask("superclassp", Symbol(defclass.name)) == "TRUE"

    def slots(self, inherited: bool = False):
        """Iterate over the class's slots (its own, or with the inherited ones)."""
        names = self._ask("class-slots", *([Symbol("inherit")] if inherited else []))
        return (ClassSlot(self._env, self._name, n) for n in names)

    def instances(self):
        """Iterate over the instances of this class (not of its subclasses)."""
        return (i for i in self._env.instances() if i.instance_class == self)

    def subclasses(self, inherited: bool = False):
        """Iterate over the subclasses (``class-subclasses``)."""
        names = self._ask("class-subclasses", *([Symbol("inherit")] if inherited else []))
        return (Class(self._env, n) for n in names)

    def superclasses(self, inherited: bool = False):
        """Iterate over the superclasses (``class-superclasses``)."""
        names = self._ask("class-superclasses", *([Symbol("inherit")] if inherited else []))
        return (Class(self._env, n) for n in names)

    def message_handlers(self):
        """Iterate over the class's own message-handlers."""
        listed = self._ask("get-defmessage-handler-list")
        return (MessageHandler(self._env, self._name, listed[i + 1], listed[i + 2]) for i in range(0, len(listed), 3))

    def find_message_handler(self, name: str, handler_type: str = "primary") -> "MessageHandler":
        """The handler of the class with this name and type."""
        for handler in self.message_handlers():
            if handler.name == name and handler.type == handler_type:
                return handler
        raise CLIPSError("Message handler %s %s not found in class %s" % (name, handler_type, self._name))

    def undefine(self):
        """Undefine the class (``undefclass``)."""
        self._ask("undefclass")
        if self._env._core.class_info(self._name) is not None:
            raise self._env._error("class %s could not be undefined" % self._name)


class ClassSlot:
    """A slot of a class: its name and access facets."""

    __slots__ = ("_env", "_class", "_name")

    def __init__(self, env, cls: str, name: str):
        self._env = env
        self._class = str(cls)
        self._name = str(name)

    def __hash__(self):
        return hash((id(self._env), self._class, self._name))

    def __eq__(self, slot):
        return isinstance(slot, ClassSlot) and (self._class, self._name) == (slot._class, slot._name)

    def __str__(self):
        return self._name

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, self._name)

    def _facets(self):
        facets = self._env._core.class_slot_info(self._class, self._name)
        if facets is None:
            raise CLIPSError("Slot %s not found in class %s" % (self._name, self._class))
        return facets

    @property
    def name(self) -> str:
        """The slot name."""
        return self._name

    @property
    def public(self) -> bool:
        """True if handlers of subclasses may read it directly."""
        return self._facets()[0]

    @property
    def initializable(self) -> bool:
        """True if it is not read-only."""
        return self._facets()[1]

    @property
    def writable(self) -> bool:
        """True if it is read-write."""
        return self._facets()[2]

    @property
    def multifield(self) -> bool:
        """True if it is a multislot."""
        return self._facets()[3]


class MessageHandler:
    """A message-handler of a class."""

    __slots__ = ("_env", "_class", "_name", "_type")

    def __init__(self, env, cls: str, name: str, handler_type: str):
        self._env = env
        self._class = str(cls)
        self._name = str(name)
        self._type = str(handler_type)

    def __hash__(self):
        return hash((id(self._env), self._class, self._name, self._type))

    def __eq__(self, handler):
        return isinstance(handler, MessageHandler) and (self._class, self._name, self._type) == (
            handler._class,
            handler._name,
            handler._type,
        )

    def __str__(self):
        return " ".join(self._pp().split())

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, str(self))

    def _args(self):
        return Symbol(self._class), Symbol(self._name), Symbol(self._type)

    def _pp(self) -> str:
        return self._env._call("ppdefmessage-handler", *self._args(), Symbol("nil")) or ""

    @property
    def name(self) -> str:
        """The message name."""
        return self._name

    @property
    def type(self) -> str:
        """The handler type: primary, around, before or after."""
        return self._type

    @property
    def deletable(self) -> bool:
        """True if the handler can be undefined."""
        return True

    def undefine(self):
        """Undefine the handler (``undefmessage-handler``)."""
        self._env._call("undefmessage-handler", *self._args())
