"""Salience: a CLIPS-compatible rule engine, with clipspy's API.

``import salience as clips`` runs a program written for clipspy::

    import salience as clips
    env = clips.Environment()
    env.build("(defrule hi (greet ?x) => (printout t hi \\" \\" ?x crlf))")
    env.assert_string("(greet you)")
    env.run()

Extras: ``fact.as_dict()``, ``Environment.why``/``why_not``, ``max_firings`` and
``max_seconds``, ``salience.solve`` and ``salience.compare``, and a Jupyter
magic (``%load_ext salience``).
"""

__version__ = "0.1.0"

__all__ = (
    "CLIPSError",
    "LimitError",
    "Environment",
    "Router",
    "LoggingRouter",
    "ImpliedFact",
    "TemplateFact",
    "Template",
    "Class",
    "ClassSlot",
    "Instance",
    "MessageHandler",
    "Strategy",
    "SalienceEvaluation",
    "Verbosity",
    "ClassDefaultMode",
    "TemplateSlotDefaultType",
    "Symbol",
    "InstanceName",
    "SaveMode",
    "solve",
    "solve_all",
    "compare",
)

from salience.classes import Class, ClassSlot, Instance, MessageHandler
from salience.common import (
    ClassDefaultMode,
    CLIPSError,
    LimitError,
    SalienceEvaluation,
    SaveMode,
    Strategy,
    TemplateSlotDefaultType,
    Verbosity,
)
from salience.environment import Environment
from salience.facts import ImpliedFact, Template, TemplateFact
from salience.puzzles import compare, solve, solve_all
from salience.routers import LoggingRouter, Router
from salience.values import InstanceName, Symbol


def load_ipython_extension(ipython):
    """``%load_ext salience``: the ``%%clips`` and ``%clips_facts`` magics."""
    from salience.magic import load_ipython_extension as load

    load(ipython)
