// A small static analyser for the regexes of the secret rules: it parses a pattern's source and
// reports the constructs that make a backtracking engine super-linear. A pattern it accepts costs
// O(length of text) to run with exec() in a loop:
//   nested:      no quantifier (other than `?`) over a group that holds a quantifier or an alternation;
//   overlapping: two variable-length atoms whose character sets overlap must be separated by a
//                mandatory atom that the first one cannot match;
//   rescanning:  an atom that may run longer than SHORT characters is entered at most a bounded number
//                of times per run: it follows (through fixed-length atoms only) a mandatory atom it
//                cannot match, or the pattern starts with a negative lookbehind covering its set and
//                everything before it is inside its set or short.
// Characters are tracked as ASCII codes plus one bucket for everything non-ASCII. Backreferences are
// rejected outright.

const SIZE = 129;
const NON_ASCII = 128;
const SHORT = 16;
const FIXED_GAP = 32;

type CharSet = boolean[];

interface Atom {
  readonly kind: 'atom';
  readonly set: CharSet;
  readonly min: number;
  readonly max: number;
}
interface Group {
  readonly kind: 'group';
  readonly look: 'ahead' | 'behind' | 'not-ahead' | 'not-behind' | null;
  readonly branches: Node[][];
  readonly min: number;
  readonly max: number;
}
interface Anchor {
  readonly kind: 'anchor';
}
type Node = Atom | Group | Anchor;

function emptySet(): CharSet {
  return new Array<boolean>(SIZE).fill(false);
}
function setOf(chars: string, ignoreCase: boolean): CharSet {
  const set = emptySet();
  for (const c of chars) addChar(set, c, ignoreCase);
  return set;
}
function addChar(set: CharSet, c: string, ignoreCase: boolean): void {
  const code = c.charCodeAt(0);
  if (code >= 128) {
    set[NON_ASCII] = true;
    return;
  }
  set[code] = true;
  if (ignoreCase) {
    set[c.toLowerCase().charCodeAt(0)] = true;
    set[c.toUpperCase().charCodeAt(0)] = true;
  }
}
function range(from: number, to: number): CharSet {
  const set = emptySet();
  for (let code = from; code <= to && code < 128; code++) set[code] = true;
  if (to >= 128) set[NON_ASCII] = true;
  return set;
}
function union(...sets: CharSet[]): CharSet {
  const out = emptySet();
  for (const set of sets)
    set.forEach((value, i) => {
      if (value) out[i] = true;
    });
  return out;
}
function complement(set: CharSet): CharSet {
  return set.map((value, i) => (i === NON_ASCII ? true : !value));
}
function overlaps(a: CharSet, b: CharSet): boolean {
  return a.some((value, i) => value && b[i]);
}
function subset(a: CharSet, b: CharSet): boolean {
  return a.every((value, i) => !value || b[i]);
}

const DIGIT = range(48, 57);
const WORD = union(DIGIT, range(65, 90), range(97, 122), setOf('_', false));
const SPACE = union(
  setOf(' \t\n\r\f\v', false),
  (() => {
    const s = emptySet();
    s[NON_ASCII] = true;
    return s;
  })(),
);
const DOT = complement(setOf('\n\r', false));

class Parser {
  private i = 0;
  constructor(
    private readonly source: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node[][] {
    const branches = this.alternatives();
    if (this.i < this.source.length) throw new Error(`unexpected ${this.source[this.i]} at ${this.i}`);
    return branches;
  }

  private alternatives(): Node[][] {
    const branches: Node[][] = [this.sequence()];
    while (this.source[this.i] === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    return branches;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    while (this.i < this.source.length && this.source[this.i] !== '|' && this.source[this.i] !== ')') {
      const node = this.atom();
      nodes.push(node.kind === 'anchor' ? node : this.quantified(node));
    }
    return nodes;
  }

  private quantified(node: Atom | Group): Atom | Group {
    const c = this.source[this.i];
    let min = 1;
    let max = 1;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.i));
      if (!match) return node;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      this.i += match[0].length - 1;
    } else return node;
    this.i++;
    if (this.source[this.i] === '?') this.i++; // lazy: same shape
    return { ...node, min: node.min * min, max: node.max * max };
  }

  private atom(): Atom | Group | Anchor {
    const c = this.source[this.i++] as string;
    switch (c) {
      case '^':
      case '$':
        return { kind: 'anchor' };
      case '.':
        return { kind: 'atom', set: DOT, min: 1, max: 1 };
      case '[':
        return { kind: 'atom', set: this.charClass(), min: 1, max: 1 };
      case '(':
        return this.group();
      case '\\': {
        const escaped = this.escape(false);
        return escaped === 'anchor' ? { kind: 'anchor' } : { kind: 'atom', set: escaped, min: 1, max: 1 };
      }
      default:
        return { kind: 'atom', set: setOf(c, this.ignoreCase), min: 1, max: 1 };
    }
  }

  private group(): Group {
    let look: Group['look'] = null;
    const rest = this.source.slice(this.i);
    if (rest.startsWith('?:')) this.i += 2;
    else if (rest.startsWith('?=')) [look, this.i] = ['ahead', this.i + 2];
    else if (rest.startsWith('?!')) [look, this.i] = ['not-ahead', this.i + 2];
    else if (rest.startsWith('?<=')) [look, this.i] = ['behind', this.i + 3];
    else if (rest.startsWith('?<!')) [look, this.i] = ['not-behind', this.i + 3];
    else if (rest.startsWith('?<')) this.i = this.source.indexOf('>', this.i) + 1;
    const branches = this.alternatives();
    if (this.source[this.i] !== ')') throw new Error('unclosed group');
    this.i++;
    return { kind: 'group', look, branches, min: 1, max: 1 };
  }

  private escape(inClass: boolean): CharSet | 'anchor' {
    const c = this.source[this.i++] as string;
    switch (c) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'n':
        return setOf('\n', false);
      case 'r':
        return setOf('\r', false);
      case 't':
        return setOf('\t', false);
      case 'f':
        return setOf('\f', false);
      case 'v':
        return setOf('\v', false);
      case 'b':
      case 'B':
        if (inClass) return setOf('\b', false);
        return 'anchor';
      case 'k':
        throw new Error('backreference');
      case 'x': {
        const code = parseInt(this.source.slice(this.i, this.i + 2), 16);
        this.i += 2;
        return setOf(String.fromCharCode(code), this.ignoreCase);
      }
      case 'u': {
        const code = parseInt(this.source.slice(this.i, this.i + 4), 16);
        this.i += 4;
        return setOf(String.fromCharCode(code), this.ignoreCase);
      }
      default:
        if (/[1-9]/.test(c)) throw new Error('backreference');
        return setOf(c, this.ignoreCase);
    }
  }

  private charClass(): CharSet {
    let negate = false;
    if (this.source[this.i] === '^') {
      negate = true;
      this.i++;
    }
    let set = emptySet();
    let first = true;
    while (this.i < this.source.length && (this.source[this.i] !== ']' || first)) {
      first = false;
      let item: CharSet;
      let from: string | null = null;
      if (this.source[this.i] === '\\') {
        this.i++;
        const before = this.source[this.i] as string;
        const escaped = this.escape(true);
        item = escaped as CharSet;
        if (!/[dDwWsS]/.test(before)) from = String.fromCharCode(item.indexOf(true));
      } else {
        from = this.source[this.i++] as string;
        item = setOf(from, this.ignoreCase);
      }
      if (
        from !== null &&
        this.source[this.i] === '-' &&
        this.source[this.i + 1] !== ']' &&
        this.i + 1 < this.source.length
      ) {
        this.i++;
        let to = this.source[this.i++] as string;
        if (to === '\\') to = this.source[this.i++] as string;
        item = range(from.charCodeAt(0), to.charCodeAt(0));
        if (this.ignoreCase)
          item = union(
            item,
            setOf(String.fromCharCode(...item.flatMap((v, code) => (v && code < 128 ? [code] : []))), true),
          );
      }
      set = union(set, item);
    }
    this.i++; // ]
    return negate ? complement(set) : set;
  }
}

/** A flat sequence: the pattern with its alternations and optional groups expanded. */
interface Flat {
  readonly guard: CharSet | null;
  readonly atoms: Atom[];
}

function hasQuantifierOrAlternation(branches: Node[][]): boolean {
  return (
    branches.length > 1 ||
    branches.some((nodes) =>
      nodes.some(
        (node) =>
          (node.kind !== 'anchor' && node.min !== node.max) ||
          (node.kind === 'group' && hasQuantifierOrAlternation(node.branches)),
      ),
    )
  );
}

function fixedAtoms(nodes: Node[]): Atom[] {
  return nodes.flatMap((node): Atom[] =>
    node.kind === 'atom' ? [node] : node.kind === 'group' && !node.look ? fixedAtoms(node.branches[0] ?? []) : [],
  );
}

function expand(nodes: readonly Node[], problems: string[], limit = 512): Atom[][] {
  let variants: Atom[][] = [[]];
  for (const node of nodes) {
    if (node.kind === 'anchor') continue;
    if (node.kind === 'atom') {
      variants = variants.map((atoms) => [...atoms, node]);
      continue;
    }
    if (node.look) {
      // Zero width; what it reads must itself be short.
      for (const branch of node.branches) {
        for (const atoms of expand(branch, problems)) {
          if (atoms.some((atom) => atom.max > SHORT)) problems.push('a lookaround reads an unbounded run');
        }
      }
      continue;
    }
    if (node.max > 1) {
      if (hasQuantifierOrAlternation(node.branches)) {
        problems.push('nested quantifier: a repeated group holds a quantifier or an alternation');
        continue;
      }
      const inner = fixedAtoms(node.branches[0] ?? []);
      const set = union(...inner.map((atom) => atom.set));
      variants = variants.map((atoms) => [
        ...atoms,
        { kind: 'atom', set, min: node.min * inner.length, max: node.max * inner.length },
      ]);
      continue;
    }
    const choices = node.branches.flatMap((branch) => expand(branch, problems, limit));
    if (node.min === 0) choices.push([]);
    variants = variants.flatMap((atoms) => choices.map((choice) => [...atoms, ...choice]));
    if (variants.length > limit) {
      problems.push('too many alternatives to check');
      return variants.slice(0, limit);
    }
  }
  return variants;
}

function flatten(branches: Node[][], problems: string[]): Flat[] {
  return branches.flatMap((nodes) => {
    const first = nodes[0];
    const guard =
      first &&
      first.kind === 'group' &&
      first.look === 'not-behind' &&
      first.branches.length === 1 &&
      first.branches[0]?.length === 1 &&
      first.branches[0][0]?.kind === 'atom'
        ? (first.branches[0][0] as Atom).set
        : null;
    return expand(guard ? nodes.slice(1) : nodes, problems).map((atoms) => ({ guard, atoms }));
  });
}

/** What makes `pattern` super-linear; empty when it is linear by construction. */
export function shapeProblems(pattern: RegExp): string[] {
  const problems: string[] = [];
  let branches: Node[][];
  try {
    branches = new Parser(pattern.source, pattern.flags.includes('i')).parse();
  } catch (error) {
    return [`cannot analyse: ${(error as Error).message}`];
  }
  for (const { guard, atoms } of flatten(branches, problems)) {
    atoms.forEach((a, i) => {
      // Overlapping quantifiers.
      if (a.min !== a.max) {
        for (let j = i + 1; j < atoms.length; j++) {
          const b = atoms[j] as Atom;
          if (b.min === b.max || !overlaps(a.set, b.set)) continue;
          const separated = atoms.slice(i + 1, j).some((m) => m.min >= 1 && !overlaps(m.set, a.set));
          if (!separated) problems.push(`overlapping quantifiers at atoms ${i} and ${j}`);
        }
      }
      // Rescanning of long runs.
      if (a.max <= SHORT) return;
      let gap = 0;
      let anchored = false;
      for (let k = i - 1; k >= 0; k--) {
        const m = atoms[k] as Atom;
        if (m.min >= 1 && !overlaps(m.set, a.set)) {
          anchored = true;
          break;
        }
        if (m.min !== m.max) break;
        gap += m.max;
        if (gap > FIXED_GAP) break;
      }
      if (anchored) return;
      const guarded =
        guard !== null &&
        subset(a.set, guard) &&
        atoms.slice(0, i).every((m) => subset(m.set, a.set) || m.max <= SHORT);
      if (!guarded)
        problems.push(`atom ${i} may run ${a.max === Infinity ? 'unbounded' : a.max} and is not anchored or guarded`);
    });
  }
  return [...new Set(problems)];
}
