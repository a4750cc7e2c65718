//! `Core`: one engine environment, the calls the `salience` package builds
//! clipspy's API from.

use crate::values::Types;
use crate::{EngineError, LimitError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use salience_engine::env::journal::Cause;
use salience_engine::env::RunError;
use salience_engine::{Environment, FactId, Value};
use std::io::Write;
use std::rc::Rc;
use std::time::Duration;

/// Output written to a logical name, handed to the package's router dispatcher
/// as `dispatch(name, text)`.
struct PyOutput {
    name: &'static str,
    dispatch: Py<PyAny>,
}

impl Write for PyOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        Python::attach(|py| {
            let text = String::from_utf8_lossy(buf);
            if let Err(e) = self.dispatch.call1(py, (self.name, text.as_ref())) {
                e.write_unraisable(py, None);
            }
        });
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A fact's slots as (name, value) pairs, for Python.
type SlotValues = Vec<(String, Py<PyAny>)>;

/// The environment, movable into a closure that runs without the GIL. `Core` is
/// `unsendable`: only the thread that made it uses it, and a closure given to
/// `Python::detach` runs on that same thread.
struct OnThisThread<'a>(&'a mut Environment);

// SAFETY: see `OnThisThread`: the environment never leaves its thread.
unsafe impl Send for OnThisThread<'_> {}

/// One CLIPS environment (the `salience.Environment` behind clipspy's API).
#[pyclass(unsendable, module = "salience._native")]
pub struct Core {
    env: Environment,
    types: Rc<Types>,
}

/// Slot values as the engine's calls take them.
fn by_name(slots: &[(String, Value)]) -> Vec<(&str, Value)> {
    (slots.iter())
        .map(|(n, v)| (n.as_str(), v.clone()))
        .collect()
}

/// The engine's error as the package's exception.
fn engine_error(message: impl Into<String>) -> PyErr {
    EngineError::new_err(message.into())
}

impl Core {
    /// Slot values given as a dict of names to Python values.
    fn slots(&self, slots: &Bound<'_, PyDict>) -> PyResult<Vec<(String, Value)>> {
        slots
            .iter()
            .map(|(k, v)| Ok((k.extract::<String>()?, self.types.value_of(&v)?)))
            .collect()
    }

    /// Writes `text` on the error router.
    fn report(&mut self, text: &str) {
        let _ = self
            .env
            .call("printout", &[Value::symbol("werror"), Value::string(text)]);
    }

    /// Why fact `id`, as it was before journal entry `before`, holds: a dict with
    /// `fact` (its index), `text`, and, when a rule asserted it, `rule`, `firing`
    /// and `because` (the same for each fact the rule matched).
    fn derivation(
        &self,
        py: Python<'_>,
        id: FactId,
        before: usize,
        depth: usize,
    ) -> PyResult<Py<PyAny>> {
        let journal = self.env.journal();
        let origin = journal[..before]
            .iter()
            .enumerate()
            .rev()
            .find_map(|(at, f)| f.asserted.iter().any(|a| a.id == id).then_some((at, f)));
        let node = PyDict::new(py);
        node.set_item("fact", id.0)?;
        node.set_item("text", self.env.fact_text(id))?;
        match origin {
            Some((at, firing)) => {
                if let Cause::Rule(rule) = firing.cause {
                    let (name, comment) = self.env.rule_label(rule).unwrap_or(("?", None));
                    node.set_item("rule", name)?;
                    node.set_item("comment", comment)?;
                } else {
                    node.set_item("rule", "hypothesis")?;
                }
                node.set_item("firing", firing.number)?;
                let because = PyList::empty(py);
                if depth > 0 {
                    for basis in firing.basis.iter().flatten() {
                        because.append(self.derivation(py, *basis, at, depth - 1)?)?;
                    }
                }
                node.set_item("because", because)?;
            }
            None => {
                node.set_item("rule", py.None())?;
                node.set_item("because", PyList::empty(py))?;
            }
        }
        Ok(node.into_any().unbind())
    }
}

#[pymethods]
impl Core {
    /// A new environment. `types` names the classes values convert to (see
    /// [`Types::from_dict`]); `dispatch(name, text)` receives all output;
    /// `python_function(name, *args)` runs the Python functions that
    /// `define_function` names.
    #[new]
    fn new(
        py: Python<'_>,
        types: &Bound<'_, PyDict>,
        dispatch: Py<PyAny>,
        python_function: Py<PyAny>,
    ) -> PyResult<Self> {
        let mut env = Environment::new();
        env.set_output(PyOutput {
            name: "stdout",
            dispatch: dispatch.clone_ref(py),
        });
        env.set_error_output(PyOutput {
            name: "stderr",
            dispatch,
        });
        let types = Rc::new(Types::from_dict(types)?);
        let udf_types = types.clone();
        env.define_udf(
            "python-function",
            1,
            None,
            Rc::new(move |args: &[Value]| {
                Python::attach(|py| {
                    let call = || -> PyResult<Value> {
                        let converted = (args.iter())
                            .map(|v| udf_types.to_py(py, v, None))
                            .collect::<PyResult<Vec<_>>>()?;
                        let result = python_function.call1(py, PyTuple::new(py, converted)?)?;
                        udf_types.value_of(result.bind(py))
                    };
                    call().map_err(|e| e.value(py).to_string())
                })
            }),
        );
        Ok(Core { env, types })
    }

    /// Calls the function, deffunction or command `name` with `args`.
    #[pyo3(signature = (name, *args))]
    fn call(
        &mut self,
        py: Python<'_>,
        name: &str,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<Py<PyAny>> {
        let values = (args.iter())
            .map(|a| self.types.value_of(&a))
            .collect::<PyResult<Vec<_>>>()?;
        let value = self
            .env
            .call(name, &values)
            .map_err(|e| engine_error(e.message))?;
        self.types.to_py(py, &value, Some(&self.env))
    }

    /// Reads and executes every construct and command of `text` as the CLIPS prompt
    /// does: constructs defined, commands run and their values printed, errors
    /// reported (the `%%clips` cell magic).
    fn execute(&mut self, text: &str) {
        self.env.execute_str(text, "cell");
    }

    /// `(reset)`.
    fn reset(&mut self) {
        self.env.reset();
    }

    /// `(clear)`: `False` when CLIPS refuses (while rules run).
    fn clear(&mut self) -> bool {
        self.env.clear()
    }

    /// Fires rules (at most `limit`) with the GIL released; returns how many fired.
    /// An error in a rule's actions is reported on the error router and ends the
    /// run, as in CLIPS; a limit raises `LimitError`.
    #[pyo3(signature = (limit=None))]
    fn run(&mut self, py: Python<'_>, limit: Option<u64>) -> PyResult<u64> {
        let env = OnThisThread(&mut self.env);
        let result = py.detach(move || {
            let env = env;
            let before = env.0.rt.fired;
            env.0.run(limit).map_err(|e| (e, env.0.rt.fired - before))
        });
        match result {
            Ok(fired) => Ok(fired),
            Err((RunError::Rule { clips, .. }, fired)) => {
                self.report(&format!("{clips}\n"));
                Ok(fired)
            }
            Err((e @ RunError::Limit { .. }, _)) => Err(LimitError::new_err(e.to_string())),
        }
    }

    /// The indices of the facts in working memory, in order.
    fn fact_indices(&self) -> Vec<u64> {
        self.env.facts().map(|f| f.id.0).collect()
    }

    /// Whether fact `index` is in working memory.
    fn fact_exists(&self, index: u64) -> bool {
        self.env.fact_text(FactId(index)).is_some()
    }

    /// Fact `index`'s template name and whether it is ordered (implied).
    fn fact_template(&self, index: u64) -> Option<(String, bool)> {
        (self.env.fact_template(FactId(index))).map(|(name, implied)| (name.to_string(), implied))
    }

    /// Fact `index` as CLIPS prints it.
    fn fact_text(&self, index: u64) -> Option<String> {
        self.env.fact_text(FactId(index))
    }

    /// Fact `index`'s slots as (name, value) pairs.
    fn fact_slots(&self, py: Python<'_>, index: u64) -> PyResult<Option<SlotValues>> {
        let Some(slots) = self.env.fact_slots(FactId(index)) else {
            return Ok(None);
        };
        let pairs = (slots.into_iter())
            .map(|(name, value)| {
                Ok((
                    name.to_string(),
                    self.types.to_py(py, value, Some(&self.env))?,
                ))
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some(pairs))
    }

    /// Asserts a fact of deftemplate `template` with the slots given; its index.
    fn assert_fact(&mut self, template: &str, slots: &Bound<'_, PyDict>) -> PyResult<u64> {
        let slots = self.slots(slots)?;
        let borrowed = by_name(&slots);
        (self.env.assert_fact(template, &borrowed))
            .map(|id| id.0)
            .map_err(|e| engine_error(e.to_string()))
    }

    /// Asserts the ordered fact `(relation fields...)`; its index.
    fn assert_ordered(&mut self, relation: &str, fields: &Bound<'_, PyTuple>) -> PyResult<u64> {
        let fields = (fields.iter())
            .map(|f| self.types.value_of(&f))
            .collect::<PyResult<Vec<_>>>()?;
        (self.env.assert_ordered(relation, fields))
            .map(|id| id.0)
            .map_err(|e| engine_error(e.to_string()))
    }

    /// Retracts fact `index`; `False` if it was not in working memory.
    fn retract(&mut self, index: u64) -> bool {
        self.env.retract_fact(FactId(index)).is_ok()
    }

    /// Changes slots of fact `index`; the index the fact then has (`None` if the
    /// change duplicated another fact).
    fn modify(&mut self, index: u64, slots: &Bound<'_, PyDict>) -> PyResult<Option<u64>> {
        let slots = self.slots(slots)?;
        let borrowed = by_name(&slots);
        (self.env.modify_fact(FactId(index), &borrowed))
            .map(|id| id.map(|id| id.0))
            .map_err(|e| engine_error(e.to_string()))
    }

    /// The current module's activations: (rule, salience, fact indices) each.
    fn activations(&self) -> Vec<(String, i32, Vec<Option<u64>>)> {
        (self.env.activations().into_iter())
            .map(|a| {
                (
                    a.rule,
                    a.salience,
                    a.facts.iter().map(|f| f.map(|f| f.0)).collect(),
                )
            })
            .collect()
    }

    /// The classes, as `(list-defclasses)` lists them.
    fn class_names(&self) -> Vec<String> {
        (self.env.class_names().iter())
            .map(|c| c.to_string())
            .collect()
    }

    /// Class `name`'s module and whether CLIPS predefines it (`None`: no class).
    fn class_info(&self, name: &str) -> Option<(String, bool)> {
        (self.env.class_view(name)).map(|c| (c.module.to_string(), c.system))
    }

    /// Slot `slot` of class `class`: (public, initializable, writable, multislot).
    fn class_slot_info(&self, class: &str, slot: &str) -> Option<(bool, bool, bool, bool)> {
        (self.env.class_slot_view(class, slot))
            .map(|s| (s.public, s.initializable, s.writable, s.multi))
    }

    /// The instances' names, in the order they were made.
    fn instance_names(&self) -> Vec<String> {
        (self.env.instance_views().iter())
            .map(|i| i.name.to_string())
            .collect()
    }

    /// Instance `name`'s class and its slots as (name, value) pairs (`None`: no
    /// such instance).
    fn instance_slots(&self, py: Python<'_>, name: &str) -> PyResult<Option<(String, SlotValues)>> {
        let Some(view) = self.env.instance_view(name) else {
            return Ok(None);
        };
        let slots = (view.slots.iter())
            .map(|(slot, value)| {
                Ok((
                    slot.to_string(),
                    self.types.to_py(py, value, Some(&self.env))?,
                ))
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some((view.class.to_string(), slots)))
    }

    /// Instance `name` as `(send [name] print)` prints it.
    fn instance_text(&mut self, name: &str) -> Option<String> {
        self.env.instance_text(name)
    }

    /// Makes an instance of `class` (named `name`, or by `(gensym*)`) with the
    /// slots given; its name.
    #[pyo3(signature = (class, name, slots))]
    fn make_instance(
        &mut self,
        class: &str,
        name: Option<&str>,
        slots: &Bound<'_, PyDict>,
    ) -> PyResult<String> {
        let slots = self.slots(slots)?;
        let borrowed = by_name(&slots);
        (self.env.make_instance_with(class, name, &borrowed))
            .map(|name| name.to_string())
            .map_err(|e| engine_error(e.message))
    }

    /// Writes slots of instance `name` directly (no messages).
    fn modify_instance(&mut self, name: &str, slots: &Bound<'_, PyDict>) -> PyResult<()> {
        let slots = self.slots(slots)?;
        let borrowed = by_name(&slots);
        (self.env.modify_instance_with(name, &borrowed)).map_err(|e| engine_error(e.message))
    }

    /// Sets the run limits (`None`: no limit).
    #[pyo3(signature = (max_firings=None, max_seconds=None))]
    fn set_limits(&mut self, max_firings: Option<u64>, max_seconds: Option<f64>) -> PyResult<()> {
        let max_time = match max_seconds {
            Some(s) => Some(
                Duration::try_from_secs_f64(s)
                    .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?,
            ),
            None => None,
        };
        let limits = self.env.limits_mut();
        limits.max_firings = max_firings;
        limits.max_time = max_time;
        Ok(())
    }

    /// The run limits: (max_firings, max_seconds).
    fn limits(&mut self) -> (Option<u64>, Option<f64>) {
        let limits = self.env.limits_mut();
        (limits.max_firings, limits.max_time.map(|t| t.as_secs_f64()))
    }

    /// The value of defglobal `name` (`None` if there is none).
    fn global_value(&self, py: Python<'_>, name: &str) -> PyResult<Option<Py<PyAny>>> {
        (self.env.global_value(name))
            .map(|v| self.types.to_py(py, &v, Some(&self.env)))
            .transpose()
    }

    /// Sets defglobal `name`; `False` if there is none.
    fn set_global_value(&mut self, name: &str, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        let value = self.types.value_of(value)?;
        Ok(self.env.set_global_value(name, value))
    }

    /// Switches provenance (the firing journal) on or off.
    fn set_provenance(&mut self, on: bool) {
        self.env.set_journal(on);
    }

    /// Why fact `index` holds, as nested dicts (see `Environment.why`).
    #[pyo3(signature = (index, depth=12))]
    fn why(&self, py: Python<'_>, index: u64, depth: usize) -> PyResult<Py<PyAny>> {
        if self.env.rt.journal.is_none() {
            return Err(engine_error(
                "provenance is off: set Environment.provenance = True before running",
            ));
        }
        if self.env.fact_text(FactId(index)).is_none() {
            return Err(engine_error(format!("fact f-{index} does not exist")));
        }
        self.derivation(py, FactId(index), self.env.journal().len(), depth)
    }

    /// `(why-not RULE)`'s explanation.
    fn why_not(&self, rule: &str) -> PyResult<String> {
        self.env.why_not(rule).map_err(engine_error)
    }
}
