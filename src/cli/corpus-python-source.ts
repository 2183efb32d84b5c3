// Just enough of Python's grammar to read tau-bench's source for the corpus's extracts (src/cli/corpus-tau-bench.ts):
// tokens, the nesting of statements by indentation, and literal expressions (dicts, lists, tuples, strings,
// numbers, True/False/None, and calls with keyword arguments such as `Action(name=…, kwargs={…})`). Anything
// else met where a literal is expected is an error: the extract must fail rather than come out different.
import { PyFloat, type PyValue } from './corpus-python-json';

export interface Token {
  type: 'name' | 'number' | 'string' | 'op' | 'newline' | 'indent' | 'dedent';
  text: string;
  start: number;
  end: number;
}

const STRING_START = /([rRbBuUfF]{0,2})('''|"""|'|")/y;
const NUMBER = /(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d[\d_]*)?[jJ]?)/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const OPS = ['**=', '//=', '>>=', '<<=', '->', ':=', '==', '!=', '<=', '>=', '**', '//', '<<', '>>', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@='];

/** Python's tokens, with NEWLINE, INDENT and DEDENT as its tokenizer makes them (no comments, no blank lines). */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  const indents = [0];
  let i = 0;
  let depth = 0;
  let lineStart = true;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at line ${src.slice(0, i).split('\n').length}`);
  };
  while (i < src.length) {
    if (lineStart && depth === 0) {
      let col = 0;
      while (src[i] === ' ' || src[i] === '\t') col = src[i++] === '\t' ? (col + 8) & ~7 : col + 1;
      // A blank or comment-only line is no statement and changes no indentation.
      if (src[i] === '\n' || src[i] === '#' || src[i] === '\r' || i >= src.length) {
        while (i < src.length && src[i] !== '\n') i++;
        i++;
        continue;
      }
      lineStart = false;
      if (col > indents[indents.length - 1]) {
        indents.push(col);
        out.push({ type: 'indent', text: '', start: i, end: i });
      }
      while (col < indents[indents.length - 1]) {
        indents.pop();
        out.push({ type: 'dedent', text: '', start: i, end: i });
      }
      if (col !== indents[indents.length - 1]) fail('inconsistent indentation');
    }
    const c = src[i];
    if (c === '\n') {
      if (depth === 0) {
        out.push({ type: 'newline', text: '\n', start: i, end: i + 1 });
        lineStart = true;
      }
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && (src[i + 1] === '\n' || (src[i + 1] === '\r' && src[i + 2] === '\n'))) {
      i += src[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    STRING_START.lastIndex = i;
    const s = STRING_START.exec(src);
    if (s) {
      const quote = s[2];
      let j = i + s[0].length;
      for (;;) {
        if (j >= src.length) fail('unterminated string');
        if (src[j] === '\\') j += 2;
        else if (src.startsWith(quote, j)) break;
        else if (src[j] === '\n' && quote.length === 1) fail('unterminated string');
        else j++;
      }
      out.push({ type: 'string', text: src.slice(i, j + quote.length), start: i, end: j + quote.length });
      i = j + quote.length;
      continue;
    }
    NUMBER.lastIndex = i;
    const n = /[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? '')) ? NUMBER.exec(src) : null;
    if (n) {
      out.push({ type: 'number', text: n[0], start: i, end: i + n[0].length });
      i += n[0].length;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(src);
    if (name) {
      out.push({ type: 'name', text: name[0], start: i, end: i + name[0].length });
      i += name[0].length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i)) ?? c;
    if ('([{'.includes(op)) depth++;
    if (')]}'.includes(op)) depth--;
    out.push({ type: 'op', text: op, start: i, end: i + op.length });
    i += op.length;
  }
  if (!lineStart) out.push({ type: 'newline', text: '', start: i, end: i });
  for (let k = 1; k < indents.length; k++) out.push({ type: 'dedent', text: '', start: i, end: i });
  return out;
}

/** A statement: its tokens (without NEWLINE), and the statements of its block when it is a compound one's header. */
export interface Statement {
  tokens: Token[];
  body: Statement[];
}

/** Where a compound statement's header ends: its colon at bracket depth 0, or -1 for a simple statement. */
function headerColon(tokens: Token[]): number {
  if (!/^(if|elif|else|for|while|try|except|finally|with|def|class|async|match|case)$/.test(tokens[0]?.text ?? '')) return -1;
  let depth = 0;
  let lambdas = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k].text;
    if (tokens[k].type === 'op' && '([{'.includes(t)) depth++;
    else if (tokens[k].type === 'op' && ')]}'.includes(t)) depth--;
    else if (t === 'lambda' && tokens[k].type === 'name') lambdas++;
    else if (t === ':' && tokens[k].type === 'op' && depth === 0) {
      if (lambdas > 0) lambdas--;
      else return k;
    }
  }
  return -1;
}

/** The statements of a token list, nested by their blocks. */
export function statements(tokens: Token[]): Statement[] {
  let k = 0;
  const block = (): Statement[] => {
    const list: Statement[] = [];
    while (k < tokens.length && tokens[k].type !== 'dedent') {
      const line: Token[] = [];
      while (k < tokens.length && tokens[k].type !== 'newline') line.push(tokens[k++]);
      k++;
      // `a; b` on one line: each part is a statement; `if x: return y` keeps its simple body on the line.
      const colon = headerColon(line);
      if (colon >= 0 && colon < line.length - 1) {
        list.push({ tokens: line.slice(0, colon + 1), body: splitSimple(line.slice(colon + 1)) });
      } else if (colon >= 0) {
        if (tokens[k]?.type !== 'indent') throw new SyntaxError(`a block expected after "${line.map((t) => t.text).join(' ')}"`);
        k++;
        list.push({ tokens: line, body: block() });
        k++;
      } else list.push(...splitSimple(line));
    }
    return list;
  };
  return block();
}

function splitSimple(line: Token[]): Statement[] {
  const parts: Statement[] = [{ tokens: [], body: [] }];
  for (const t of line) {
    if (t.type === 'op' && t.text === ';') parts.push({ tokens: [], body: [] });
    else parts[parts.length - 1].tokens.push(t);
  }
  return parts.filter((p) => p.tokens.length > 0);
}

/** A node of the syntax tree as deep as Python's ast nests statements: what `ast.walk`'s breadth-first order follows. */
export interface AstNode {
  statement?: Statement;
  children: AstNode[];
}

/**
 * A block's statements as Python's ast holds them: `elif` is an If inside the previous If's orelse (a level
 * deeper), `else` and `finally` add to the statement they close, `except` and `case` are a level of their own.
 */
export function astOf(block: Statement[]): AstNode[] {
  const nodes: AstNode[] = [];
  let chainTail: AstNode | undefined;
  let last: AstNode | undefined;
  for (const s of block) {
    const head = s.tokens[0]?.text;
    if (head === 'elif' && chainTail) {
      const node = { statement: s, children: astOf(s.body) };
      chainTail.children.push(node);
      chainTail = node;
    } else if (head === 'else' && last) {
      (chainTail ?? last).children.push(...astOf(s.body));
      chainTail = undefined;
    } else if (head === 'finally' && last) last.children.push(...astOf(s.body));
    else if (head === 'except' && last) last.children.push({ statement: s, children: astOf(s.body) });
    else {
      const node: AstNode = { statement: s, children: head === 'match' ? s.body.map((c) => ({ statement: c, children: astOf(c.body) })) : astOf(s.body) };
      nodes.push(node);
      last = node;
      chainTail = head === 'if' ? node : undefined;
    }
  }
  return nodes;
}

/** The statements under a node in the order `ast.walk` yields them: breadth first. */
export function walk(root: AstNode): Statement[] {
  const out: Statement[] = [];
  const queue = [...root.children];
  for (let k = 0; k < queue.length; k++) {
    out.push(queue[k].statement!);
    queue.push(...queue[k].children);
  }
  return out;
}

/** A call of a name with keyword arguments (`Action(name="x", kwargs={})`), as a literal reader sees it. */
export class PyCall {
  constructor(
    readonly name: string,
    readonly kwargs: Map<string, PyLiteral>,
  ) {}
}
export type PyLiteral = PyValue | PyCall | PyLiteral[] | Map<string, PyLiteral>;

const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\n': '' };

/** A str literal's value (no f-string, no bytes). */
export function stringValue(token: string): string {
  const m = /^([rRuU]?)('''|"""|'|")([\s\S]*)\2$/.exec(token);
  if (!m) throw new SyntaxError(`not a str literal: ${token.slice(0, 40)}`);
  if (m[1].toLowerCase() === 'r') return m[3];
  return m[3].replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|N\{[^}]*\}|[\s\S])/g, (all, e: string) => {
    if (/^[xuU]/.test(e)) return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCodePoint(parseInt(e, 8));
    if (e.startsWith('N{')) throw new SyntaxError(`named escapes are not read: ${all}`);
    return ESCAPES[e] ?? all;
  });
}

export const isFString = (t: Token) => t.type === 'string' && /^[rRuU]?[fF]|^[fF][rR]/.test(t.text);

/** Reads the literal expression that fills `tokens` (ast.literal_eval's language, plus keyword calls). */
export function literal(tokens: Token[]): PyLiteral {
  let k = 0;
  const peek = () => tokens[k];
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} in a literal, near "${tokens[k]?.text ?? 'the end'}"`);
  };
  const expect = (text: string) => {
    if (peek()?.text !== text) fail(`"${text}" expected`);
    k++;
  };
  // Items up to the closing bracket, commas between, a trailing comma allowed.
  const items = (close: string, item: () => void) => {
    while (peek()?.text !== close) {
      item();
      if (peek()?.text === ',') k++;
      else if (peek()?.text !== close) fail(`"," or "${close}" expected`);
    }
    k++;
  };
  const value = (): PyLiteral => {
    const t = peek() ?? fail('a value expected');
    if (t.type === 'op' && t.text === '{') {
      k++;
      const dict = new Map<string, PyLiteral>();
      items('}', () => {
        const key = value();
        if (typeof key !== 'string') fail('a str key expected');
        expect(':');
        dict.set(key as string, value());
      });
      return dict;
    }
    if (t.type === 'op' && (t.text === '[' || t.text === '(')) {
      k++;
      const list: PyLiteral[] = [];
      const close = t.text === '[' ? ']' : ')';
      let commas = 0;
      items(close, () => {
        list.push(value());
        if (peek()?.text === ',') commas++;
      });
      // `(x)` is x; `(x,)` and `()` are tuples, which JSON writes as arrays.
      return close === ')' && list.length === 1 && commas === 0 ? list[0] : list;
    }
    if (t.type === 'string') {
      let s = '';
      while (peek()?.type === 'string') {
        if (isFString(peek()) || /^[rR]?[bB]|^[bB]/.test(peek().text)) fail('an f-string or bytes');
        s += stringValue(peek().text);
        k++;
      }
      return s;
    }
    if (t.type === 'op' && (t.text === '-' || t.text === '+')) {
      k++;
      const n = value();
      if (typeof n === 'number') return t.text === '-' ? -n : n;
      if (n instanceof PyFloat) return new PyFloat(t.text === '-' ? -n.value : n.value);
      return fail('a number expected after a sign');
    }
    if (t.type === 'number') {
      k++;
      const text = t.text.replace(/_/g, '');
      if (/[jJ]$/.test(text)) fail('a complex number');
      if (/^0[xXoObB]/.test(text)) return Number(text);
      if (/[.eE]/.test(text)) return new PyFloat(Number(text));
      const n = BigInt(text);
      return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
    }
    if (t.type === 'name') {
      k++;
      if (t.text === 'True') return true;
      if (t.text === 'False') return false;
      if (t.text === 'None') return null;
      if (peek()?.text !== '(') fail(`the name ${t.text}`);
      k++;
      const kwargs = new Map<string, PyLiteral>();
      items(')', () => {
        const key = peek();
        if (key?.type !== 'name' || tokens[k + 1]?.text !== '=') fail('a keyword argument expected');
        k += 2;
        kwargs.set(key.text, value());
      });
      return new PyCall(t.text, kwargs);
    }
    return fail(`unexpected "${t.text}"`);
  };
  const v = value();
  if (k < tokens.length) fail('text after the value');
  return v;
}
