//! CLIPS values to Python objects and back, as clipspy converts them: a symbol is a
//! `Symbol` (a `str`), a string a `str`, a multifield a `tuple`, a fact address the
//! fact's object, an instance address the instance's object, void `None`; from Python, `bool` is `TRUE`/`FALSE`, `None` is `nil`,
//! a `list` or `tuple` a multifield.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use salience_engine::{Environment, FactId, Value};

/// The Python classes values convert to, given by the `salience` package.
pub struct Types {
    /// `salience.Symbol`.
    pub symbol: Py<PyAny>,
    /// `salience.InstanceName`.
    pub instance_name: Py<PyAny>,
    /// The base class of facts (a fact object converts to its address).
    pub fact_class: Py<PyAny>,
    /// Makes the fact object of an index: `factory(index, implied)`, `implied`
    /// `None` when the environment cannot be asked (while rules run).
    pub fact_factory: Py<PyAny>,
    /// The class of instances (an instance object converts to its name).
    pub instance_class: Py<PyAny>,
    /// Makes the instance object of a name: `factory(name)`.
    pub instance_factory: Py<PyAny>,
}

impl Types {
    /// The classes given by the package as a dict: `symbol`, `instance_name`,
    /// `fact`, `fact_factory`, `instance`, `instance_factory`.
    pub fn from_dict(types: &Bound<'_, PyDict>) -> PyResult<Types> {
        let get = |key: &str| -> PyResult<Py<PyAny>> {
            (types.get_item(key)?)
                .map(Bound::unbind)
                .ok_or_else(|| PyTypeError::new_err(format!("no `{key}` among the types")))
        };
        Ok(Types {
            symbol: get("symbol")?,
            instance_name: get("instance_name")?,
            fact_class: get("fact")?,
            fact_factory: get("fact_factory")?,
            instance_class: get("instance")?,
            instance_factory: get("instance_factory")?,
        })
    }

    /// `value` as a Python object; `env` tells a fact's kind.
    pub fn to_py(
        &self,
        py: Python<'_>,
        value: &Value,
        env: Option<&Environment>,
    ) -> PyResult<Py<PyAny>> {
        Ok(match value {
            Value::Symbol(s) => self.symbol.call1(py, (s.as_str(),))?,
            Value::String(s) => PyString::new(py, s.as_str()).into_any().unbind(),
            Value::Integer(i) => i.into_pyobject(py)?.into_any().unbind(),
            Value::Float(f) => PyFloat::new(py, *f).into_any().unbind(),
            Value::Multifield(_) => {
                let items = (value.as_slice().iter())
                    .map(|v| self.to_py(py, v, env))
                    .collect::<PyResult<Vec<_>>>()?;
                PyTuple::new(py, items)?.into_any().unbind()
            }
            Value::Fact(id) => {
                let implied = env.and_then(|env| env.fact_template(*id)).map(|(_, i)| i);
                self.fact_factory.call1(py, (id.0, implied))?
            }
            Value::InstanceName(s) => self.instance_name.call1(py, (s.as_str(),))?,
            Value::Instance(id) => self.instance_factory.call1(py, (id.name().as_str(),))?,
            Value::Void => py.None(),
        })
    }

    /// The CLIPS value of `object`.
    pub fn value_of(&self, object: &Bound<'_, PyAny>) -> PyResult<Value> {
        let py = object.py();
        if object.is_instance_of::<PyBool>() {
            return Ok(Value::boolean(object.extract::<bool>()?));
        }
        if object.is_instance_of::<PyInt>() {
            return Ok(Value::Integer(object.extract::<i64>()?));
        }
        if object.is_instance_of::<PyFloat>() {
            return Ok(Value::Float(object.extract::<f64>()?));
        }
        if object.is_none() {
            return Ok(Value::symbol("nil"));
        }
        if object.is_instance(self.instance_name.bind(py))? {
            let text: String = object.extract()?;
            return Ok(Value::InstanceName(salience_engine::value::atom(&text)));
        }
        if object.is_instance(self.symbol.bind(py))? {
            return Ok(Value::symbol(&object.extract::<String>()?));
        }
        if object.is_instance_of::<PyString>() {
            return Ok(Value::string(&object.extract::<String>()?));
        }
        if object.is_instance_of::<PyList>() || object.is_instance_of::<PyTuple>() {
            let items = (object.try_iter()?)
                .map(|item| self.value_of(&item?))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(Value::multifield(items));
        }
        // An instance object designates its instance by name (every instance
        // function takes a name where it takes an address).
        if object.is_instance(self.instance_class.bind(py))? {
            let name: String = object.getattr("name")?.extract()?;
            return Ok(Value::InstanceName(salience_engine::value::atom(&name)));
        }
        if object.is_instance(self.fact_class.bind(py))? {
            return Ok(Value::Fact(FactId(object.getattr("index")?.extract()?)));
        }
        Err(PyTypeError::new_err(format!(
            "no CLIPS value for a Python {}",
            object.get_type().name()?
        )))
    }
}
