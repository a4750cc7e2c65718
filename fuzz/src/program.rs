//! A generator of well-formed CLIPS programs from the fuzzer's bytes, beside the byte
//! mutator: random bytes rarely make a program that parses, still less one that
//! re-enters the engine. Every program here is made of a few fixed names (templates
//! `t0` `t1`, rules `r0`..`r2`, deffunctions `f0` `f1`, globals `?*g0*` `?*g1*`,
//! deffacts `d0` `d1`, files `c0.clp` `c1.clp` `b0.bat` `b1.bat` `s0.fct` `i0.bin`),
//! so that the commands it calls find what they name; and the commands that change the
//! environment (`reset`, `clear`, `load`, `batch`, `build`, `eval`, `run`, `undef*`,
//! `save*`, `bload`, ...) are called from every place an expression may stand: rule
//! actions, pattern constraints (`:(...)`, `=(...)`, `test`), deffunctions, deffacts
//! values, defglobal values and template defaults. Deffunctions recurse as deep as the
//! bytes say, `eval` and `build` nest strings in strings, and an expression may nest
//! thousands deep.

use arbitrary::{Result, Unstructured};

/// A generated program: the files it may load or read, its constructs, its commands.
/// `cargo fuzz fmt generated FILE` prints the program a fuzzer input makes.
#[derive(Default)]
pub struct Program {
    /// Files written to the working folder before it runs: (name, text).
    pub files: Vec<(&'static str, String)>,
    /// Constructs, loaded as a program file.
    pub constructs: String,
    /// Commands, executed as a batch file after the load.
    pub commands: String,
}

impl<'a> arbitrary::Arbitrary<'a> for Program {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        generate(u)
    }
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, text) in &self.files {
            writeln!(f, ";;; file {name}\n{text}")?;
        }
        writeln!(f, ";;; loaded\n{}", self.constructs)?;
        write!(f, ";;; batch\n{}", self.commands)
    }
}

const TEMPLATES: &[&str] = &["t0", "t1"];
const RULES: &[&str] = &["r0", "r1", "r2"];
const FUNCTIONS: &[&str] = &["f0", "f1"];
const GLOBALS: &[&str] = &["g0", "g1"];
const DEFFACTS: &[&str] = &["d0", "d1"];
const CONSTRUCT_FILES: &[&str] = &["c0.clp", "c1.clp"];
const BATCH_FILES: &[&str] = &["b0.bat", "b1.bat"];
const SYMBOLS: &[&str] = &["a", "b", "nil", "TRUE", "FALSE", "1e3", "-0", "+", "=>"];
const STRATEGIES: &[&str] = &["depth", "breadth", "lex", "mea", "random", "simplicity"];
/// How deep generated expressions nest (before the deep-nesting production).
const MAX_DEPTH: u32 = 5;

/// Makes a program from the fuzzer's bytes.
pub fn generate(u: &mut Unstructured) -> Result<Program> {
    let mut g = Gen {
        u,
        depth: 0,
        vars: Vec::new(),
    };
    let mut program = Program::default();
    for name in CONSTRUCT_FILES {
        let text = g.constructs(3)?;
        program.files.push((name, text));
    }
    for name in BATCH_FILES {
        let text = g.commands(3)?;
        program.files.push((name, text));
    }
    program.constructs = g.constructs(8)?;
    program.commands = g.commands(6)?;
    Ok(program)
}

/// The generator's state: the bytes, how deep the expression being made is, and the
/// variables bound where it stands.
struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    depth: u32,
    vars: Vec<String>,
}

impl Gen<'_, '_> {
    fn pick<'s>(&mut self, from: &[&'s str]) -> Result<&'s str> {
        Ok(*self.u.choose(from)?)
    }

    fn count(&mut self, most: u32) -> Result<u32> {
        self.u.int_in_range(0..=most)
    }

    /// Up to `most` constructs, one a line.
    fn constructs(&mut self, most: u32) -> Result<String> {
        let mut text = String::new();
        for _ in 0..self.count(most)? {
            text.push_str(&self.construct()?);
            text.push('\n');
        }
        Ok(text)
    }

    /// Up to `most` top-level commands (or constructs, as a batch file may hold).
    fn commands(&mut self, most: u32) -> Result<String> {
        let mut text = String::new();
        for _ in 0..self.count(most)? {
            let item = if self.u.ratio(1, 5)? {
                self.construct()?
            } else {
                self.expr()?
            };
            text.push_str(&item);
            text.push('\n');
        }
        Ok(text)
    }

    fn construct(&mut self) -> Result<String> {
        self.vars.clear();
        self.depth = 0;
        Ok(match self.u.int_in_range(0..=5)? {
            0 => self.deftemplate()?,
            1 => self.deffacts()?,
            2 => self.defglobal()?,
            3 => self.deffunction()?,
            _ => self.defrule()?,
        })
    }

    fn deftemplate(&mut self) -> Result<String> {
        let name = self.pick(TEMPLATES)?;
        let default = match self.u.int_in_range(0..=2)? {
            0 => String::new(),
            1 => format!(" (default {})", self.expr()?),
            _ => format!(" (default-dynamic {})", self.expr()?),
        };
        Ok(format!(
            "(deftemplate {name} (slot a{default}) (slot b) (multislot m))"
        ))
    }

    fn deffacts(&mut self) -> Result<String> {
        let name = self.pick(DEFFACTS)?;
        let mut facts = String::new();
        for _ in 0..=self.count(2)? {
            let fact = self.fact_pattern()?;
            facts.push(' ');
            facts.push_str(&fact);
        }
        Ok(format!("(deffacts {name}{facts})"))
    }

    /// A fact to assert: ordered or of a template, its fields values or `=(...)`.
    fn fact_pattern(&mut self) -> Result<String> {
        let field = |g: &mut Self| -> Result<String> {
            Ok(if g.u.ratio(1, 3)? {
                format!("={}", g.call()?)
            } else {
                g.expr()?
            })
        };
        if self.u.arbitrary()? {
            let a = field(self)?;
            let b = field(self)?;
            Ok(format!("(o {a} {b})"))
        } else {
            let name = self.pick(TEMPLATES)?;
            let a = field(self)?;
            let m = field(self)?;
            Ok(format!("({name} (a {a}) (m {m}))"))
        }
    }

    fn defglobal(&mut self) -> Result<String> {
        let name = self.pick(GLOBALS)?;
        let value = self.expr()?;
        Ok(format!("(defglobal ?*{name}* = {value})"))
    }

    fn deffunction(&mut self) -> Result<String> {
        let name = self.pick(FUNCTIONS)?;
        self.vars = vec!["?n".into()];
        // A recursion the bytes can make deep: (fN (- ?n 1)) until ?n reaches 0.
        let other = self.pick(FUNCTIONS)?;
        let mut body = format!("(if (> ?n 0) then ({other} (- ?n 1)))");
        for _ in 0..self.count(2)? {
            body.push(' ');
            body.push_str(&self.expr()?);
        }
        Ok(format!("(deffunction {name} (?n) {body})"))
    }

    fn defrule(&mut self) -> Result<String> {
        let name = self.pick(RULES)?;
        let mut lhs = String::new();
        if self.u.ratio(1, 4)? {
            lhs.push_str(&format!("(declare (salience {}))", self.expr()?));
        }
        for _ in 0..self.count(3)? {
            lhs.push(' ');
            lhs.push_str(&self.condition()?);
        }
        let mut rhs = String::new();
        for _ in 0..self.count(3)? {
            rhs.push(' ');
            rhs.push_str(&self.action()?);
        }
        Ok(format!("(defrule {name} {lhs} =>{rhs})"))
    }

    /// A conditional element; the variables it binds are added to `vars`.
    fn condition(&mut self) -> Result<String> {
        let n = self.vars.len();
        Ok(match self.u.int_in_range(0..=6)? {
            0 => format!("(test {})", self.expr()?),
            1 => {
                let pattern = self.pattern(n)?;
                format!("(not {pattern})")
            }
            2 => {
                self.vars.push(format!("?f{n}"));
                format!("?f{n} <- {}", self.pattern(n)?)
            }
            3 => {
                self.vars.push(format!("$?m{n}"));
                format!("(o $?m{n})")
            }
            _ => self.pattern(n)?,
        })
    }

    /// A pattern binding `?xN` with a constraint that calls a function.
    fn pattern(&mut self, n: usize) -> Result<String> {
        let var = format!("?x{n}");
        let constraint = match self.u.int_in_range(0..=2)? {
            0 => String::new(),
            1 => format!("&:{}", self.call()?),
            _ => format!("&={}", self.call()?),
        };
        self.vars.push(var.clone());
        Ok(if self.u.arbitrary()? {
            format!("(o {var}{constraint} $?)")
        } else {
            let name = self.pick(TEMPLATES)?;
            format!("({name} (a {var}{constraint}))")
        })
    }

    /// A rule action: an expression, or a change of a fact the rule bound.
    fn action(&mut self) -> Result<String> {
        let facts: Vec<String> = self
            .vars
            .iter()
            .filter(|v| v.starts_with("?f"))
            .cloned()
            .collect();
        if facts.is_empty() || self.u.ratio(2, 3)? {
            return self.expr();
        }
        let fact = self.u.choose(&facts)?.clone();
        let value = self.expr()?;
        Ok(match self.u.int_in_range(0..=2)? {
            0 => format!("(modify {fact} (a {value}))"),
            1 => format!("(duplicate {fact} (a {value}))"),
            _ => format!("(retract {fact})"),
        })
    }

    /// A function call (a constraint's or a deffacts field's `=(...)`).
    fn call(&mut self) -> Result<String> {
        let expr = self.expr()?;
        Ok(if expr.starts_with('(') {
            expr
        } else {
            format!("(progn {expr})")
        })
    }

    fn expr(&mut self) -> Result<String> {
        if self.depth >= MAX_DEPTH || self.u.is_empty() {
            return self.atom();
        }
        self.depth += 1;
        let expr = self.compound();
        self.depth -= 1;
        expr
    }

    fn compound(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=19)? {
            0..=2 => self.atom()?,
            3..=6 => self.command()?,
            7 => format!(
                "({} {} {})",
                self.pick(&["+", "-", "*", "/", "<", "eq"])?,
                self.expr()?,
                self.expr()?
            ),
            8 => format!("({} {})", self.pick(FUNCTIONS)?, self.expr()?),
            9 => format!("(eval {})", quote(&self.expr()?)),
            10 => format!("(build {})", quote(&self.construct_inside()?)),
            11 => format!(
                "(if {} then {} else {})",
                self.expr()?,
                self.expr()?,
                self.expr()?
            ),
            12 => format!("(bind ?*{}* {})", self.pick(GLOBALS)?, self.expr()?),
            13 => format!("(assert {})", self.fact_pattern()?),
            14 => self.deep()?,
            15 => format!(
                "(loop-for-count (?i 1 {}) do {})",
                self.u.int_in_range(0..=50)?,
                self.expr()?
            ),
            16 => format!("(str-cat {} {})", self.expr()?, self.expr()?),
            17 => format!("(create$ {} {})", self.expr()?, self.expr()?),
            18 => format!(
                "(do-for-all-facts ((?q {})) TRUE {})",
                self.pick(TEMPLATES)?,
                self.expr()?
            ),
            _ => format!("(funcall {} {})", self.pick(FUNCTIONS)?, self.expr()?),
        })
    }

    /// A construct built from inside an expression: its variables are its own.
    fn construct_inside(&mut self) -> Result<String> {
        let (vars, depth) = (std::mem::take(&mut self.vars), self.depth);
        let construct = self.construct();
        (self.vars, self.depth) = (vars, depth);
        construct
    }

    /// A command that changes the environment.
    fn command(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=22)? {
            0..=2 => "(reset)".into(),
            3 | 4 => "(clear)".into(),
            5 => format!("(load {})", quote(self.pick(CONSTRUCT_FILES)?)),
            6 => format!("(load* {})", quote(self.pick(CONSTRUCT_FILES)?)),
            7 => format!("(batch {})", quote(self.pick(BATCH_FILES)?)),
            8 => format!("(batch* {})", quote(self.pick(BATCH_FILES)?)),
            9 => "(run)".into(),
            10 => format!("(run {})", self.u.int_in_range(-1..=5)?),
            11 => format!("(undefrule {})", self.pick(&["r0", "r1", "r2", "*"])?),
            12 => format!("(undeffunction {})", self.pick(FUNCTIONS)?),
            13 => format!("(undefglobal {})", self.pick(GLOBALS)?),
            14 => format!("(undeftemplate {})", self.pick(TEMPLATES)?),
            15 => format!("(undeffacts {})", self.pick(DEFFACTS)?),
            16 => format!("(save {})", quote(self.pick(CONSTRUCT_FILES)?)),
            17 => "(save-facts \"s0.fct\")".into(),
            18 => "(load-facts \"s0.fct\")".into(),
            19 => format!("(set-strategy {})", self.pick(STRATEGIES)?),
            20 => self
                .pick(&["(bsave \"i0.bin\")", "(bload \"i0.bin\")", "(halt)"])?
                .into(),
            21 => self
                .pick(&["(retract *)", "(refresh r0)", "(focus MAIN)", "(agenda)"])?
                .into(),
            _ => format!("(f0 {})", self.u.int_in_range(0..=100_000)?),
        })
    }

    /// An expression nested thousands deep, or an `eval` of one.
    fn deep(&mut self) -> Result<String> {
        let depth = self.u.int_in_range(1..=5_000)? as usize;
        let inner = format!("{}1{}", "(+ 1 ".repeat(depth), ")".repeat(depth));
        Ok(if self.u.arbitrary()? {
            format!("(eval {})", quote(&inner))
        } else {
            inner
        })
    }

    fn atom(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=6)? {
            0 => self.u.int_in_range(-3i64..=3)?.to_string(),
            1 => self.u.arbitrary::<i64>()?.to_string(),
            2 => format!("{:?}", self.u.arbitrary::<f64>()?)
                .replace("inf", "1e400")
                .replace("NaN", "0.0"),
            3 => quote(&self.u.arbitrary::<String>()?),
            4 if !self.vars.is_empty() => self.u.choose(&self.vars)?.clone(),
            5 => format!("?*{}*", self.pick(GLOBALS)?),
            _ => self.pick(SYMBOLS)?.into(),
        })
    }
}

/// `text` as a CLIPS string literal.
pub fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}
