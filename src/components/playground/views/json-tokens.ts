// Splits a body's JSON text into tokens, so the page can colour it, let a line break only between tokens
// (never inside a key or a value such as "st|atus"), and tie each entry's `field` value to its source.
// Pure and unit-tested: joined back, the tokens are the text, byte for byte.

export type TokenKind = 'key' | 'str' | 'num' | 'lit' | 'punct' | 'space';

export interface JsonToken {
  kind: TokenKind;
  text: string;
  /**
   * On the string value of a body entry's `field` (the top-level one, or `errors[i].field`): the entry's
   * index, in the order faultEntries() lists them.
   */
  entry?: number;
}

type Frame = { type: 'object'; key: string | null; expectKey: boolean; entry?: number } | { type: 'array'; index: number; key: string | null };

/** Tokens of a JSON text. Text that is not JSON still comes back whole, in tokens of its own. */
export function tokenizeJson(text: string): JsonToken[] {
  const out: JsonToken[] = [];
  const stack: Frame[] = [];
  let i = 0;
  const top = () => stack[stack.length - 1];
  /** Which body entry an object about to open belongs to: the body itself (0), or errors[i]. */
  const entryOfNewObject = (): number | undefined => {
    if (stack.length === 0) return 0;
    const parent = top();
    if (stack.length === 2 && parent.type === 'array' && parent.key === 'errors') return parent.index;
    return undefined;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      let j = i + 1;
      while (j < text.length && /[ \n\r\t]/.test(text[j])) j++;
      out.push({ kind: 'space', text: text.slice(i, j) });
      i = j;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      j = Math.min(text.length, j + 1);
      const raw = text.slice(i, j);
      const frame = top();
      if (frame?.type === 'object' && frame.expectKey) {
        let key: string | null = null;
        try {
          key = JSON.parse(raw) as string;
        } catch {
          key = null;
        }
        frame.key = key;
        frame.expectKey = false;
        out.push({ kind: 'key', text: raw });
      } else {
        const token: JsonToken = { kind: 'str', text: raw };
        if (frame?.type === 'object' && frame.key === 'field' && frame.entry !== undefined) token.entry = frame.entry;
        out.push(token);
      }
      i = j;
      continue;
    }
    if (c === '{' || c === '[') {
      const entry = c === '{' ? entryOfNewObject() : undefined;
      const parent = top();
      const key = parent?.type === 'object' ? parent.key : null;
      stack.push(c === '{' ? { type: 'object', key: null, expectKey: true, entry } : { type: 'array', index: 0, key });
      out.push({ kind: 'punct', text: c });
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      out.push({ kind: 'punct', text: c });
      i++;
      continue;
    }
    if (c === ',') {
      const frame = top();
      if (frame?.type === 'object') frame.expectKey = true;
      else if (frame?.type === 'array') frame.index++;
      out.push({ kind: 'punct', text: c });
      i++;
      continue;
    }
    if (c === ':') {
      out.push({ kind: 'punct', text: c });
      i++;
      continue;
    }
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (m) {
      out.push({ kind: /^[-\d]/.test(m[0]) ? 'num' : 'lit', text: m[0] });
      i += m[0].length;
      continue;
    }
    // Not JSON: the rest as one token, so nothing is lost.
    out.push({ kind: 'str', text: text.slice(i) });
    break;
  }
  return out;
}
