// The playground page: pick a puzzle and a rule file, edit it, run or step it.
// Everything comes from this server (/api/...); nothing is fetched from elsewhere.
'use strict';

const $ = (id) => document.getElementById(id);
const body = document.body;
let catalog = null;
// What is shown: the step (deductions made) and, per step, the firings it took, which
// the server uses as a starting point for the next step's search.
const shown = { step: 0, steps: 0, firingsAt: {} };
let problemLines = new Map();
// A puzzle the user pasted (null: the bundled puzzle picked).
let puzzleText = null;

function kind() { return catalog.kinds[Number($('kind').value)]; }

function option(select, value, text) {
  const o = document.createElement('option');
  o.value = String(value);
  o.textContent = text;
  select.appendChild(o);
}

function fillKind() {
  const k = kind();
  $('puzzle').replaceChildren();
  k.puzzles.forEach((name, i) => option($('puzzle'), i, name));
  $('level').replaceChildren();
  k.levels.forEach((l, i) => option($('level'), i, l.file));
}

async function loadRules() {
  const k = kind();
  const level = Number($('level').value);
  const reply = await fetch(`/api/rules?kind=${k.name}&level=${level}`);
  $('editor').value = await reply.text();
  const before = ['templates'].concat(k.levels.slice(0, level).map((l) => l.name));
  $('loaded-with').textContent = `Loaded before this file: ${before.join(', ')}.`;
  edited();
  await go(0);
}

// The edit invalidates what the server told about firings; the line numbers follow.
function edited() {
  shown.firingsAt = {};
  gutter();
}

function gutter() {
  lineNumbers($('editor'), $('gutter'), problemLines, new Set());
}

// Line numbers beside an editor: `bad` maps a line to its problem, `marked` holds the
// lines with a breakpoint.
function lineNumbers(editor, g, bad, marked) {
  const lines = editor.value.split('\n').length;
  g.replaceChildren();
  for (let n = 1; n <= lines; n++) {
    const d = document.createElement('div');
    d.textContent = String(n);
    d.id = `${g.id}-line-${n}`;
    if (bad.has(n)) {
      d.className = 'bad';
      d.title = bad.get(n);
    } else if (marked.has(n)) {
      d.className = 'break';
      d.title = 'Breakpoint';
    }
    g.appendChild(d);
  }
  g.scrollTop = editor.scrollTop;
}

function jumpTo(line, editor = $('editor')) {
  const lines = editor.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  editor.focus();
  editor.setSelectionRange(start, start + (lines[line - 1] || '').length);
  const height = editor.scrollHeight / Math.max(lines.length, 1);
  editor.scrollTop = Math.max(0, (line - 4) * height);
}

// Asks the server for a step (a number) or for the end of the run (null).
async function go(step) {
  const request = {
    kind: kind().name,
    puzzle: Number($('puzzle').value),
    level: Number($('level').value),
    rules: $('editor').value,
    puzzle_text: puzzleText,
    step: step,
    after: step !== null && step > 0 ? shown.firingsAt[step - 1] ?? null : null,
  };
  body.dataset.busy = 'yes';
  $('status').textContent = 'Running…';
  try {
    const reply = await fetch('/api/run', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const result = await reply.json();
    if (result.ok) {
      showRun(result);
    } else if (result.problems) {
      showProblems(result);
    } else {
      $('status').textContent = `Error: ${result.message}`;
    }
  } catch (e) {
    $('status').textContent = `The server did not answer: ${e}`;
  }
  body.dataset.busy = 'no';
}

function split(line) {
  const at = line.indexOf(': ');
  return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 2)];
}

function showRun(r) {
  problemLines = new Map();
  gutter();
  $('problems').hidden = true;
  shown.step = r.step;
  shown.steps = r.steps;
  shown.firingsAt[r.step] = r.firings;
  $('grid').innerHTML = r.svg;
  const detail = r.detail ? ` (${r.detail})` : '';
  const level = r.level ? `, level ${r.level}` : '';
  $('status').textContent = `Step ${r.step} of ${r.steps} · ${r.firings} of ${r.total_firings} firings · ` +
    `the whole run: ${r.status}${detail}${level}`;
  $('status').dataset.status = r.status;
  const list = $('path');
  list.replaceChildren();
  r.path.forEach((line, i) => {
    const li = document.createElement('li');
    const [change, why] = split(line);
    const c = document.createElement('span');
    c.className = 'change';
    c.textContent = change;
    const w = document.createElement('span');
    w.className = 'why';
    w.textContent = why;
    li.append(c, w);
    li.className = i + 1 < r.step ? 'done' : i + 1 === r.step ? 'current' : 'later';
    li.addEventListener('click', () => go(i + 1));
    list.appendChild(li);
  });
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  if (r.step === 0) {
    $('change').replaceChildren('The puzzle as given: Step makes the first deduction.');
  } else {
    const [change, why] = split(r.path[r.step - 1]);
    const strong = document.createElement('strong');
    strong.textContent = change;
    $('change').replaceChildren(`Step ${r.step}: `, strong, ` by ${why}`);
  }
  $('back').disabled = r.step === 0;
  $('step').disabled = r.step >= r.steps;
}

function showProblems(r) {
  problemLines = new Map(r.problems.map((p) => [p.line, p.message]));
  gutter();
  const list = $('problem-list');
  list.replaceChildren();
  for (const p of r.problems) {
    const li = document.createElement('li');
    li.textContent = `Line ${p.line}, column ${p.column}: ${p.message}` + (p.label ? ` (${p.label})` : '');
    li.addEventListener('click', () => jumpTo(p.line));
    list.appendChild(li);
  }
  $('rendered').textContent = r.rendered;
  $('problems').hidden = false;
  $('status').textContent = 'The rule file does not load: fix the lines marked in red.';
  $('status').dataset.status = 'problems';
  if (r.problems.length > 0) jumpTo(r.problems[0].line);
}

async function initPuzzles() {
  catalog.kinds.forEach((k, i) => option($('kind'), i, k.name));
  $('kind').addEventListener('change', () => { puzzleText = null; fillKind(); loadRules(); });
  $('puzzle').addEventListener('change', () => { puzzleText = null; shown.firingsAt = {}; go(0); });
  $('use-puzzle').addEventListener('click', () => {
    puzzleText = $('puzzle-text').value;
    shown.firingsAt = {};
    go(0);
  });
  $('level').addEventListener('change', loadRules);
  $('editor').addEventListener('input', edited);
  $('editor').addEventListener('scroll', () => { $('gutter').scrollTop = $('editor').scrollTop; });
  $('run').addEventListener('click', () => go(null));
  $('step').addEventListener('click', () => go(shown.step + 1));
  $('back').addEventListener('click', () => go(Math.max(0, shown.step - 1)));
  $('start').addEventListener('click', () => go(0));
  $('restore').addEventListener('click', loadRules);
  fillKind();
}

// ---- Program mode ----

// The program: its files, the file shown, the answers given to (read), the breakpoints.
const prog = { files: [], current: 0, input: [], breaks: new Set(), shown: null, last: null };

function currentText() { return prog.files[prog.current].text; }

function tabs() {
  const bar = $('tabs');
  bar.replaceChildren();
  prog.files.forEach((f, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = f.name;
    b.className = i === prog.current ? 'tab current' : 'tab';
    b.addEventListener('click', () => { prog.current = i; showFile(); });
    bar.appendChild(b);
  });
  const add = document.createElement('button');
  add.type = 'button';
  add.className = 'tab add';
  add.textContent = '+ file';
  add.title = 'Add a file (loaded after the others)';
  add.addEventListener('click', () => {
    const name = window.prompt('File name', `file${prog.files.length + 1}.clp`);
    if (!name) return;
    prog.files.push({ name, text: '' });
    prog.current = prog.files.length - 1;
    showFile();
  });
  bar.appendChild(add);
  if (prog.files.length > 1) {
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'tab remove';
    remove.textContent = '× file';
    remove.title = 'Remove the file shown';
    remove.addEventListener('click', () => {
      prog.files.splice(prog.current, 1);
      prog.current = 0;
      showFile();
    });
    bar.appendChild(remove);
  }
}

// The rule defined at or above `line` of `text`, if any.
function ruleAt(text, line) {
  const lines = text.split('\n').slice(0, line);
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /\(\s*defrule\s+([^\s()";]+)/.exec(lines[i]);
    if (m) return { name: m[1], line: i + 1 };
  }
  return null;
}

// Lines of the file shown that start a rule with a breakpoint.
function breakLines() {
  const marked = new Set();
  currentText().split('\n').forEach((l, i) => {
    const m = /\(\s*defrule\s+([^\s()";]+)/.exec(l);
    if (m && prog.breaks.has(m[1])) marked.add(i + 1);
  });
  return marked;
}

let progProblems = new Map();

function progGutter() {
  lineNumbers($('p-editor'), $('p-gutter'), progProblems, breakLines());
}

function showFile() {
  tabs();
  $('p-editor').value = currentText();
  $('p-editor').scrollTop = 0;
  progGutter();
}

function setProgram(files) {
  prog.files = files.map((f) => ({ name: f.name, text: f.text }));
  prog.current = 0;
  prog.input = [];
  prog.breaks = new Set();
  showFile();
}

// A table of facts of one template or instances of one class: a caption, a header
// of `first` and the slot names, a row per element (its `key` in the row's dataset,
// its `label` first, then its values; `click` when it has one).
function slotTable(className, caption, first, slots, rows) {
  const table = document.createElement('table');
  table.className = className;
  const title = document.createElement('caption');
  title.textContent = caption;
  table.appendChild(title);
  const head = document.createElement('tr');
  cell(head, first, 'th');
  slots.forEach((s) => cell(head, s, 'th'));
  table.appendChild(head);
  for (const { key, label, values, click } of rows) {
    const row = document.createElement('tr');
    row.className = first;
    row.dataset[key[0]] = key[1];
    cell(row, label);
    values.forEach((v) => cell(row, v));
    if (click) row.addEventListener('click', click);
    table.appendChild(row);
  }
  return table;
}

function cell(row, text, tag = 'td') {
  const c = document.createElement(tag);
  c.textContent = text;
  row.appendChild(c);
  return c;
}

// Asks the server to replay the program: `target` says how far.
async function program(target, extra = {}) {
  prog.last = target;
  const request = {
    files: prog.files,
    firings: target.firings,
    to_break: Boolean(target.toBreak),
    breaks: [...prog.breaks],
    input: prog.input,
    ...extra,
  };
  body.dataset.busy = 'yes';
  $('p-status').textContent = 'Running…';
  try {
    const reply = await fetch('/api/program', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const result = await reply.json();
    if (result.ok) {
      showState(result);
    } else {
      $('p-status').textContent = `Error: ${result.message}`;
    }
  } catch (e) {
    $('p-status').textContent = `The server did not answer: ${e}`;
  }
  body.dataset.busy = 'no';
}

const STOPS = {
  end: 'no rule left to fire',
  count: 'stopped after the step',
  breakpoint: 'stopped at a breakpoint',
  input: 'waiting for your answer',
  halt: 'halted',
  error: 'stopped by an error',
  limit: 'stopped at a limit',
};

function showState(r) {
  prog.shown = r;
  showProgramProblems(r);
  $('p-status').textContent = `${r.firings} rule firing${r.firings === 1 ? '' : 's'} · ${STOPS[r.stop]}` +
    (r.message ? `: ${r.message}` : '') +
    (r.problems.length > 0 ? ' · constructs in error left out (marked in red)' : '');
  $('p-status').dataset.stop = r.stop;
  $('p-output').textContent = r.output + (r.output_cut ? '\n[output cut: too long]' : '');
  $('p-output').scrollTop = $('p-output').scrollHeight;
  $('ask').hidden = r.stop !== 'input';
  if (r.stop === 'input') $('ask-input').focus();
  // Facts: a table per template, ordered facts as lines.
  const facts = $('p-facts');
  facts.replaceChildren();
  for (const t of r.templates) {
    const rows = t.facts.map(([id, values]) => ({
      key: ['id', String(id)], label: `f-${id}`, values, click: () => why(id),
    }));
    facts.appendChild(slotTable('facts', t.template, 'fact', t.slots, rows));
  }
  if (r.ordered.length > 0) {
    const list = document.createElement('ul');
    list.className = 'ordered';
    for (const f of r.ordered) {
      const li = document.createElement('li');
      li.className = 'fact';
      li.dataset.id = String(f.id);
      li.textContent = `f-${f.id}  ${f.text}`;
      li.addEventListener('click', () => why(f.id));
      list.appendChild(li);
    }
    facts.appendChild(list);
  }
  if (r.facts.length === 0) facts.textContent = '(no facts)';
  // Instances: a table per class.
  const instances = $('p-instances');
  instances.replaceChildren();
  for (const c of r.instances) {
    const rows = c.instances.map(([name, values]) => ({
      key: ['name', name], label: `[${name}]`, values,
    }));
    instances.appendChild(slotTable('instances', c.class, 'instance', c.slots, rows));
  }
  if (r.instances.length === 0) instances.textContent = '(no instances)';
  // Agenda, strategy, focus.
  $('p-strategy').textContent = `(strategy: ${r.strategy})`;
  const agenda = $('p-agenda');
  agenda.replaceChildren();
  const head = document.createElement('tr');
  ['salience', 'rule', 'facts', 'module'].forEach((h) => cell(head, h, 'th'));
  agenda.appendChild(head);
  for (const a of r.agenda) {
    const row = document.createElement('tr');
    row.className = 'activation';
    [String(a.salience), a.rule, a.facts, a.module].forEach((v) => cell(row, v));
    row.addEventListener('click', () => whyNot(a.module === 'MAIN' ? a.rule : `${a.module}::${a.rule}`));
    agenda.appendChild(row);
  }
  if (r.agenda.length === 0) cell(agenda.appendChild(document.createElement('tr')), '(empty)').colSpan = 4;
  $('p-focus').textContent = r.focus.join(' › ') || '(empty)';
  const rules = $('p-rules');
  rules.replaceChildren();
  for (const name of r.rules) {
    const li = document.createElement('li');
    li.className = 'rule';
    li.dataset.rule = name;
    li.textContent = name + (prog.breaks.has(name) || prog.breaks.has(name.split('::').pop()) ? ' ●' : '');
    li.addEventListener('click', () => whyNot(name));
    rules.appendChild(li);
  }
  if (r.why !== null && r.why !== undefined) explain(`Why does f-${prog.asked} hold?`, r.why);
  else if (r.why_not !== null && r.why_not !== undefined) explain(`Why not ${prog.asked}?`, r.why_not);
  $('p-back').disabled = r.firings === 0;
  $('p-step').disabled = r.stop === 'end' || r.stop === 'error' || r.stop === 'limit';
}

function explain(title, text) {
  $('explain-title').textContent = title;
  $('explain-text').textContent = text;
  $('explain').hidden = false;
}

// The same firing, with an explanation.
function why(id) {
  prog.asked = id;
  return program({ firings: prog.shown.firings }, { why: id });
}

function whyNot(rule) {
  prog.asked = rule;
  return program({ firings: prog.shown.firings }, { why_not: rule });
}

// The constructs left out: marked in the gutter, listed with CLIPS's messages.
function showProgramProblems(r) {
  const here = prog.files[prog.current].name;
  progProblems = new Map(r.problems.filter((p) => p.file === here).map((p) => [p.line, p.message]));
  progGutter();
  const list = $('p-problem-list');
  list.replaceChildren();
  for (const p of r.problems) {
    const li = document.createElement('li');
    li.textContent = `${p.file} line ${p.line}, column ${p.column}: ${p.clips || p.message}`;
    li.addEventListener('click', () => {
      prog.current = Math.max(0, prog.files.findIndex((f) => f.name === p.file));
      showFile();
      jumpTo(p.line, $('p-editor'));
    });
    list.appendChild(li);
  }
  $('p-rendered').textContent = r.rendered;
  $('p-problems').hidden = r.problems.length === 0 && r.rendered === '';
}

function programEdited() {
  prog.files[prog.current].text = $('p-editor').value;
  prog.input = [];
  progGutter();
}

function firingsShown() { return prog.shown ? prog.shown.firings : 0; }

function initProgram() {
  catalog.examples.forEach((e, i) => option($('example'), i, e.title));
  option($('example'), 'own', 'Your own program');
  $('example').addEventListener('change', () => {
    const v = $('example').value;
    if (v === 'own') {
      setProgram([{ name: 'program.clp', text: ';;; Your rules here.\n' }]);
    } else {
      const e = catalog.examples[Number(v)];
      setProgram([{ name: e.file, text: e.text }]);
    }
    program({ firings: 0 });
  });
  $('p-editor').addEventListener('input', programEdited);
  $('p-editor').addEventListener('scroll', () => { $('p-gutter').scrollTop = $('p-editor').scrollTop; });
  $('p-gutter').addEventListener('click', (event) => {
    const n = Number((event.target.id || '').split('-').pop());
    const rule = n ? ruleAt(currentText(), n) : null;
    if (!rule) return;
    if (prog.breaks.has(rule.name)) prog.breaks.delete(rule.name); else prog.breaks.add(rule.name);
    progGutter();
    if (prog.shown) showState(prog.shown);
  });
  $('p-reset').addEventListener('click', () => program({ firings: 0 }));
  $('p-step').addEventListener('click', () => program({ firings: firingsShown() + 1 }));
  $('p-back').addEventListener('click', () => program({ firings: Math.max(0, firingsShown() - 1) }));
  $('p-run').addEventListener('click', () => program({ firings: null }));
  $('p-break').addEventListener('click', () => program({ firings: firingsShown(), toBreak: true }));
  $('ask').addEventListener('submit', (event) => {
    event.preventDefault();
    prog.input.push($('ask-input').value);
    $('ask-input').value = '';
    program(prog.last);
  });
}

// ---- Modes, share links, download ----

function setMode(mode) {
  body.dataset.mode = mode;
  $('program-mode').hidden = mode !== 'program';
  $('puzzle-mode').hidden = mode !== 'puzzle';
  $('mode-program').className = mode === 'program' ? 'current' : '';
  $('mode-puzzle').className = mode === 'puzzle' ? 'current' : '';
}

// What a share link carries: the program, or the puzzle and its edited rule file.
function shared() {
  if (body.dataset.mode === 'program') return { mode: 'program', files: prog.files };
  return {
    mode: 'puzzle', kind: kind().name, puzzle: Number($('puzzle').value),
    level: Number($('level').value), rules: $('editor').value, puzzle_text: puzzleText,
  };
}

function toBase64Url(bytes) {
  let text = '';
  bytes.forEach((b) => { text += String.fromCharCode(b); });
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

// Deflate (z=) where the browser can, plain UTF-8 (u=) where it cannot.
async function encodeShare(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  if (typeof CompressionStream === 'undefined') return `u=${toBase64Url(bytes)}`;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return `z=${toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
}

async function decodeShare(fragment) {
  const [how, data] = [fragment.slice(0, 2), fragment.slice(2)];
  let bytes = fromBase64Url(data);
  if (how === 'z=') {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  } else if (how !== 'u=') {
    return null;
  }
  return JSON.parse(new TextDecoder().decode(bytes));
}

async function share() {
  const link = `${location.origin}${location.pathname}#${await encodeShare(shared())}`;
  $('share-link').value = link;
  $('share-link').hidden = false;
  $('share-link').select();
  history.replaceState(null, '', link);
}

function download() {
  const files = body.dataset.mode === 'program'
    ? prog.files
    : [{ name: kind().levels[Number($('level').value)].file.split('/').pop(), text: $('editor').value }];
  files.forEach((f, i) => setTimeout(() => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([f.text], { type: 'text/plain' }));
    a.download = f.name;
    a.click();
    URL.revokeObjectURL(a.href);
  }, i * 300));
}

// Opens what a share link carries; false when the page's address carries nothing.
async function openShared() {
  if (location.hash.length < 4) return false;
  let value = null;
  try { value = await decodeShare(location.hash.slice(1)); } catch (e) { value = null; }
  if (!value) return false;
  if (value.mode === 'program' && Array.isArray(value.files) && value.files.length > 0) {
    setMode('program');
    $('example').value = 'own';
    setProgram(value.files);
    await program({ firings: 0 });
    return true;
  }
  if (value.mode === 'puzzle') {
    const k = catalog.kinds.findIndex((x) => x.name === value.kind);
    if (k < 0) return false;
    setMode('puzzle');
    $('kind').value = String(k);
    fillKind();
    $('puzzle').value = String(value.puzzle || 0);
    $('level').value = String(value.level || 0);
    await loadRules();
    $('editor').value = value.rules;
    puzzleText = value.puzzle_text || null;
    if (puzzleText) $('puzzle-text').value = puzzleText;
    edited();
    await go(0);
    return true;
  }
  return false;
}

async function init() {
  catalog = await (await fetch('/api/catalog')).json();
  await initPuzzles();
  initProgram();
  $('mode-program').addEventListener('click', () => setMode('program'));
  $('mode-puzzle').addEventListener('click', async () => {
    setMode('puzzle');
    if (!$('editor').value) await loadRules();
  });
  $('share').addEventListener('click', share);
  $('download').addEventListener('click', download);
  if (!(await openShared())) {
    setMode('program');
    setProgram([{ name: catalog.examples[0].file, text: catalog.examples[0].text }]);
    await program({ firings: 0 });
  }
  body.dataset.ready = 'yes';
}

window.addEventListener('error', () => { body.dataset.errors = String(Number(body.dataset.errors || 0) + 1); });
init();
