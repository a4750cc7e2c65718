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
  const lines = $('editor').value.split('\n').length;
  const g = $('gutter');
  g.replaceChildren();
  for (let n = 1; n <= lines; n++) {
    const d = document.createElement('div');
    d.textContent = String(n);
    d.id = `line-${n}`;
    if (problemLines.has(n)) {
      d.className = 'bad';
      d.title = problemLines.get(n);
    }
    g.appendChild(d);
  }
  g.scrollTop = $('editor').scrollTop;
}

function jumpTo(line) {
  const editor = $('editor');
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

async function init() {
  catalog = await (await fetch('/api/catalog')).json();
  catalog.kinds.forEach((k, i) => option($('kind'), i, k.name));
  $('kind').addEventListener('change', () => { fillKind(); loadRules(); });
  $('puzzle').addEventListener('change', () => { shown.firingsAt = {}; go(0); });
  $('level').addEventListener('change', loadRules);
  $('editor').addEventListener('input', edited);
  $('editor').addEventListener('scroll', () => { $('gutter').scrollTop = $('editor').scrollTop; });
  $('run').addEventListener('click', () => go(null));
  $('step').addEventListener('click', () => go(shown.step + 1));
  $('back').addEventListener('click', () => go(Math.max(0, shown.step - 1)));
  $('start').addEventListener('click', () => go(0));
  $('restore').addEventListener('click', loadRules);
  fillKind();
  await loadRules();
  body.dataset.ready = 'yes';
}

window.addEventListener('error', () => { body.dataset.errors = String(Number(body.dataset.errors || 0) + 1); });
init();
