// The stable error codes, in one place. A code never changes meaning once published: agents and
// dashboards key on it. Enum faults use `invalid_<field>` (or a pack's `x-code`), listed per pack by
// `enumCodes()` in pack-compiler.ts.

export type Stage = 'parse' | 'absorb' | 'validate' | 'checks' | 'body';

export interface CodeInfo {
  code: string;
  stage: Stage;
  retryable: boolean;
  meaning: string;
}

export const CODES = {
  invalid_json: {
    stage: 'parse',
    retryable: false,
    meaning: 'The call or its arguments are not valid JSON. The body gives the line and column and what was expected there.',
  },
  invalid_call: {
    stage: 'parse',
    retryable: false,
    meaning: 'The input is not a tool call the engine can read: it names no tool, or its arguments are not an object.',
  },
  unknown_tool: {
    stage: 'parse',
    retryable: false,
    meaning: 'The call names a tool the pack does not declare. `did_you_mean` offers the closest declared tool names; when none is close, the message lists the tools to choose from: those on the same thing, else all of them up to 30, else the first 30 and how many there are.',
  },
  duplicate_argument: {
    stage: 'absorb',
    retryable: false,
    meaning: 'Two keys of the call name the same field (say `dateTime` and `date_time`). The engine will not guess which one was meant.',
  },
  id_expected: {
    stage: 'absorb',
    retryable: false,
    meaning: 'A name (`#general`, `@jane`), or a URL that holds no id the field takes (another repository’s issue, a spreadsheet where a document goes), was sent where the field takes an id. `next_call` names the call that lists the ids, when the pack has one; otherwise the message gives an example id.',
  },
  unknown_argument: {
    stage: 'validate',
    retryable: false,
    meaning: 'The call sends an argument the tool does not declare. It is refused, never dropped, because dropping it would run a call that does not do what was asked.',
  },
  missing_required: {
    stage: 'validate',
    retryable: false,
    meaning: 'A required field is absent. The message says what to send, with the permitted set or an example.',
  },
  invalid_type: {
    stage: 'validate',
    retryable: false,
    meaning: 'A value has the wrong JSON type, such as a number sent as a string.',
  },
  invalid_format: {
    stage: 'validate',
    retryable: false,
    meaning: 'A string breaks its format or pattern. The message states the rule and one example.',
  },
  out_of_range: {
    stage: 'validate',
    retryable: false,
    meaning: 'A number is outside its bounds. The message states the bounds.',
  },
  invalid_length: {
    stage: 'validate',
    retryable: false,
    meaning: 'A string, array or object is too short or too long.',
  },
  invalid_value: {
    stage: 'validate',
    retryable: false,
    meaning: 'A value breaks a rule other than type, format, bounds or enum: a constant, a multiple, a required choice between fields, or a combination of schemas.',
  },
  duplicate_items: {
    stage: 'validate',
    retryable: false,
    meaning: 'An array that must hold distinct items repeats one.',
  },
  conflicting_arguments: {
    stage: 'validate',
    retryable: false,
    meaning: 'Arguments that cannot be combined were sent together. One entry names every offender, the reason, and what to drop.',
  },
  not_found: {
    stage: 'checks',
    retryable: false,
    meaning: 'An id names no record this caller can see. A record that exists but is hidden from the caller gets the same bytes, so the body never discloses it; the message names the call that finds valid ids, and the id is only under `received`.',
  },
  forbidden: {
    stage: 'checks',
    retryable: false,
    meaning: 'The caller lacks what the tool needs, such as a scope or a role. The message says what is needed and nothing about the record; the same call fails until the caller changes.',
  },
  internal_error: {
    stage: 'body',
    retryable: false,
    meaning: 'The checker itself failed on this input. This is a bug in Actionable, not in the call; the log record carries the reason.',
  },
  validation_failed: {
    stage: 'body',
    retryable: false,
    meaning: 'Several independent faults, listed together under `errors` (at most 10) so that one corrected call fixes them all.',
  },
} as const satisfies Record<string, Omit<CodeInfo, 'code'>>;

export type GenericCode = keyof typeof CODES;

/** The family of enum codes: `invalid_<field in snake_case>` (`invalid_<field>_value` where that is a generic code), unless the field sets `x-code`. */
export const ENUM_CODE_FAMILY: Omit<CodeInfo, 'code'> = {
  stage: 'validate',
  retryable: false,
  meaning: 'A value outside the field’s permitted set. The message lists the set when it is small, and otherwise states the rule, with `did_you_mean` from the pack’s alias table and edit distance.',
};

/** The family of a pack's business-rule codes: each rule declares its code, message, next call and retryability. */
export const RULE_CODE_FAMILY: Omit<CodeInfo, 'code' | 'retryable'> = {
  stage: 'checks',
  meaning: 'A business rule of the pack refused a well-formed call against the current state. The code is the rule’s own; the message says what to do instead, `next_call` names the call to make first or instead, and `retryable` (with `retry_after` in seconds) says whether the same call can succeed later.',
};

/** Whether `code` is one of the generic codes (not an enum or a rule's own). */
export function isGenericCode(code: string): code is GenericCode {
  return Object.prototype.hasOwnProperty.call(CODES, code);
}

export function codeInfo(code: string): CodeInfo {
  const known = (CODES as Record<string, Omit<CodeInfo, 'code'>>)[code];
  return { code, ...(known ?? ENUM_CODE_FAMILY) };
}

/** codeInfo(code).retryable, without the copy: every body asks it of each fault it lists. */
export function codeRetryable(code: string): boolean {
  const known = (CODES as Record<string, Omit<CodeInfo, 'code'>>)[code];
  return (known ?? ENUM_CODE_FAMILY).retryable;
}

export function allGenericCodes(): CodeInfo[] {
  return Object.entries(CODES).map(([code, info]) => ({ code, ...info }));
}

/** `dateTime` -> `date_time`, `responseStatus` -> `response_status`. */
function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

export function enumCodeFor(fieldName: string): string {
  // Accents folded first: `Ünit` is invalid_unit, not invalid_nit. A name with no letters left is the generic invalid_value.
  const name = snakeCase(fieldName.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''));
  if (!name) return 'invalid_value';
  const code = `invalid_${name}`;
  // A field named `type` or `format` would take a generic code's name and not its meaning (a wrong JSON
  // type, a malformed string): such a field's code says it is about the field's value.
  return isGenericCode(code) ? `${code}_value` : code;
}
