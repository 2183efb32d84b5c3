// What an imported operation does, and what its ids are, in our own words, from facts only: the HTTP method,
// the path's structure, the operation's name (operationId, Discovery method id) and its required arguments.
// `POST /repos/{owner}/{repo}/issues` named `issues/create` reads "Create an issue in a repository.";
// `{issue_number}` in `/repos/{owner}/{repo}/issues/{issue_number}` reads "The number of the issue", with the
// tool that lists issues when the pack has one. The vendor's summaries and descriptions are never read here.

/** Verbs an operation name may start its action with; any other word is part of a noun. */
const VERBS = new Set(
  (
    'list get fetch retrieve read show create insert add new update patch modify edit set replace put delete remove destroy ' +
    'search query find lookup send post merge copy move export import archive unarchive join leave invite kick rename open close ' +
    'upload download watch stop start cancel check test approve deny reject accept review enable disable pin unpin lock unlock ' +
    'star unstar follow unfollow block unblock mark publish unpublish revoke rotate verify validate generate sync reset restore ' +
    'trigger run rerun execute dispatch redeliver transfer assign unassign mute unmute subscribe unsubscribe reply react ' +
    'schedule complete finalize void pay capture confirm refund resume pause reopen submit clear count undelete empty trash ' +
    'untrash preview render convert attach detach link unlink share unshare request respond apply evaluate estimate analyze ' +
    'translate match install uninstall suspend unsuspend activate deactivate register unregister deregister authorize grant ' +
    'answer end hide unhide kill decline dismiss acknowledge mint issue sign download abort snooze unsnooze upsert stream ' +
    'compare toggle bulk batch'
  ).split(' '),
);
/** Words that are verbs only in front of another word of the name (`issue` is a resource far more often). */
const NOUN_FIRST = new Set(['issue', 'request', 'review', 'match', 'link', 'post', 'share', 'block', 'end', 'test', 'count', 'batch', 'bulk', 'set', 'check', 'run', 'star']);

/** Our own verb for a vendor's synonym. */
const VERB_AS: Record<string, string> = {
  fetch: 'get',
  retrieve: 'get',
  read: 'get',
  show: 'get',
  insert: 'create',
  new: 'create',
  patch: 'update',
  modify: 'update',
  edit: 'update',
  put: 'replace',
  destroy: 'delete',
  find: 'search',
  upsert: 'create or update',
};

const PREPOSITIONS = new Set(['by', 'for', 'in', 'on', 'from', 'to', 'with', 'of', 'at', 'as', 'into', 'within', 'using', 'via', 'across', 'under', 'about']);
const ARTICLES = new Set(['a', 'an', 'the']);

/** Short forms in names and paths, and the word a reader knows. */
const LONG_FORM: Record<string, string> = {
  repo: 'repository',
  org: 'organization',
  pull: 'pull request',
  pr: 'pull request',
  env: 'environment',
  config: 'configuration',
  perm: 'permission',
  ent: 'enterprise',
  sid: 'SID',
  gid: 'id',
  ts: 'timestamp',
  msg: 'message',
  dm: 'direct message',
  im: 'direct message',
  mpim: 'group direct message',
  usergroup: 'user group',
  teamdrive: 'shared drive',
  addon: 'add-on',
};

const IRREGULAR_SINGULAR: Record<string, string> = { people: 'person', children: 'child', data: 'data', media: 'media', men: 'man', women: 'woman', indices: 'index', criteria: 'criterion', analyses: 'analysis', series: 'series', news: 'news', statuses: 'status', aliases: 'alias', addresses: 'address', businesses: 'business', processes: 'process', accesses: 'access', responses: 'response', licenses: 'license', policies: 'policy', caches: 'cache', schemas: 'schema', bases: 'base', cases: 'case', databases: 'database', phases: 'phase', releases: 'release', purchases: 'purchase', courses: 'course', invoices: 'invoice', devices: 'device', services: 'service', sources: 'source', resources: 'resource', prices: 'price', places: 'place', spaces: 'space', voices: 'voice', choices: 'choice', pages: 'page', images: 'image', messages: 'message', packages: 'package', usages: 'usage', changes: 'change', ranges: 'range', badges: 'badge', bridges: 'bridge', challenges: 'challenge', exchanges: 'exchange', edges: 'edge', languages: 'language', stages: 'stage', ages: 'age', types: 'type', notes: 'note', files: 'file', issues: 'issue', values: 'value', rules: 'rule', roles: 'role', profiles: 'profile', templates: 'template', sites: 'site', invites: 'invite', quotes: 'quote', sizes: 'size', schedules: 'schedule', modules: 'module' };
const IRREGULAR_PLURAL: Record<string, string> = Object.fromEntries(Object.entries(IRREGULAR_SINGULAR).filter(([p, s]) => p !== s).map(([p, s]) => [s, p]));

/** `postMessage`, `issue_number`, `create-for-authenticated-user`, `PhoneNumbers` -> lower-case words. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/AddOn/g, 'Addon')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export function singular(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR_SINGULAR[w]) return IRREGULAR_SINGULAR[w];
  if (/[^aeiou]ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (/(ss|us|is|ics)$/.test(w)) return w;
  if (/s$/.test(w) && w.length > 3) return w.slice(0, -1);
  return w;
}

export function plural(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR_PLURAL[w]) return IRREGULAR_PLURAL[w];
  if (singular(w) !== w) return w;
  if (/[^aeiou]y$/.test(w)) return w.slice(0, -1) + 'ies';
  if (/(s|sh|ch|x|z)$/.test(w)) return w + 'es';
  return w + 's';
}

function isPlural(word: string): boolean {
  return singular(word) !== word.toLowerCase();
}

/** Words of a noun in their long forms, the last one in the number asked for. */
function nounPhrase(words: string[], number: 'one' | 'many' | 'as-is'): string {
  if (!words.length) return '';
  const out = words.map((w) => w.toLowerCase());
  const last = out.length - 1;
  if (number === 'one') out[last] = singular(out[last]);
  if (number === 'many') out[last] = plural(out[last]);
  return out
    .map((w, i) => {
      const base = singular(w);
      const long = LONG_FORM[base] ?? LONG_FORM[w];
      if (!long) return w;
      // The plural of a long form built from two words pluralises its last word.
      if (i === last && base !== w && long !== 'SID') {
        const parts = long.split(' ');
        parts[parts.length - 1] = plural(parts[parts.length - 1]);
        return parts.join(' ');
      }
      return long;
    })
    .join(' ');
}

export function article(phrase: string): string {
  if (/^(uni|use|usa|one|eu|ur)/i.test(phrase)) return `a ${phrase}`;
  if (/^(sid|sms|mms|url|api|ssh|ssl|rsa|faq|html|http|ip|id)\b/i.test(phrase)) return `an ${phrase}`;
  return /^[aeiou]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/**
 * Our verb as a command, as the curated packs word their summaries ("Create an event on a calendar."):
 * `list` -> `List`, `lookup` -> `Look up`, `create or update` -> `Create or update`.
 */
function imperative(verb: string): string {
  return verb.split(' or ').map((v) => (v === 'lookup' ? 'look up' : v)).join(' or ');
}

/** A path's parts: each literal segment with the parameters that follow it. `.json` suffixes are Twilio's, not names. */
interface Group {
  literal: string;
  params: string[];
}

const VERSION_SEGMENT = /^(v\d+(\.\d+)?(beta\d*|alpha\d*)?|\d{4}-\d{2}-\d{2}|api|rest)$/i;

function routeGroups(path: string, skip: readonly string[] = []): Group[] {
  const groups: Group[] = [];
  for (const raw of path.split('/')) {
    // Twilio's `.json`, and Google's custom methods (`people:batchGet`, `{name}:cancel`) which the name's verb says.
    const seg = raw.replace(/\.json$/i, '').replace(/(?<=[}\w]):[A-Za-z]+$/, '');
    if (!seg) continue;
    const param = /^\{([^}]+)\}$/.exec(seg);
    if (param) {
      if (!groups.length) groups.push({ literal: '', params: [] });
      groups[groups.length - 1].params.push(param[1]);
    } else if (!VERSION_SEGMENT.test(seg) && !skip.includes(seg) && !seg.startsWith('@')) {
      groups.push({ literal: seg, params: [] });
    } else if (seg.startsWith('@') && groups.length) {
      // Google's `users/@me`: the caller's own record, as good as a parameter for the shape of the route.
      groups[groups.length - 1].params.push(seg);
    }
  }
  return groups;
}

/** A literal such as `chat.postMessage` makes a route a method call, not a REST resource. */
function isMethodCall(groups: Group[]): boolean {
  const last = groups[groups.length - 1];
  return !!last && /\.[a-z]/.test(last.literal);
}

export interface OperationWordsFacts {
  method: string;
  path: string;
  /** operationId or Discovery method id. */
  vendorName?: string;
  /** Discovery: the segments of the service path (`drive/v3/`), which name the API rather than a resource. */
  servicePath?: string;
  deprecated: boolean;
  /** Names of the required arguments, for where a method-call API's operation acts (Slack's `channel`). */
  required?: readonly string[];
}

/** Arguments that name where a method-call API's operation acts, by their name. */
const CONTAINER_ARGUMENT = /^(channel|conversation|team|workspace|space|project|board|folder|drive|calendar|document|spreadsheet|thread|guild|account|user)(_?id)?$/i;

/** Objects that say nothing without the resource they belong to. */
const GENERIC_OBJECT = new Set(['info', 'details', 'status', 'settings', 'prefs', 'presence', 'profile', 'permissions', 'history', 'replies', 'members', 'photo']);

interface NameParts {
  verb?: string;
  /** Words before the verb that change its number (`batch`, `bulk`). */
  several: boolean;
  object: string[];
  /** Words from the first preposition on (`for authenticated user`). */
  tail: string[];
}

function readName(vendorName: string | undefined): NameParts {
  const none: NameParts = { several: false, object: [], tail: [] };
  if (!vendorName) return none;
  const last = vendorName.split(/[./]/).filter(Boolean).pop() ?? '';
  // Twilio's `AddOn` is one noun, not a verb and a preposition.
  const all = identifierWords(last).filter((w) => !ARTICLES.has(w));
  // `batchGet`, `bulk_update`: the verb acts on several things at once.
  const several = all.some((w) => w === 'batch' || w === 'bulk');
  const words = all.filter((w) => w !== 'batch' && w !== 'bulk');
  const at = words.findIndex((w, i) => VERBS.has(w) && !(NOUN_FIRST.has(w) && i === words.length - 1 && i > 0));
  if (at < 0) {
    // GitHub's `search/labels`: the verb is the group the operation is filed under.
    const group = vendorName.split(/[./]/).filter(Boolean).slice(0, -1).flatMap(identifierWords).find((w) => VERBS.has(w) && !NOUN_FIRST.has(w));
    if (group) return { ...none, verb: VERB_AS[group] ?? group, several, object: words };
    const prep = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
    return { ...none, several, object: prep < 0 ? words : words.slice(0, prep), tail: prep < 0 ? [] : words.slice(prep) };
  }
  let verb = VERB_AS[words[at]] ?? words[at];
  let rest = words.slice(at + 1).filter((w, i, a) => !(i === 0 && a.length === 1 && (VERB_AS[w] ?? w) === verb));
  if (rest[0] === 'or' && rest[1] && VERBS.has(rest[1])) {
    verb = `${verb} or ${VERB_AS[rest[1]] ?? rest[1]}`;
    rest = rest.slice(2);
  }
  const prep = rest.findIndex((w) => PREPOSITIONS.has(w));
  const object = prep < 0 ? rest : rest.slice(0, prep);
  const tail = prep < 0 ? [] : rest.slice(prep);
  return { verb, several, object, tail };
}

/** `for authenticated user` -> `for the authenticated user`; `for repo` -> `for a repository`. */
function tailWords(tail: string[]): string {
  if (!tail.length) return '';
  const out: string[] = [];
  for (let i = 0; i < tail.length; ) {
    const prep = tail[i];
    let j = i + 1;
    while (j < tail.length && !PREPOSITIONS.has(tail[j])) j++;
    const noun = tail.slice(i + 1, j);
    if (!noun.length) out.push(prep);
    else if (noun[0] === 'all') out.push(`${prep} ${nounPhrase(noun, 'as-is')}`);
    else if (noun[0] === 'authenticated' || noun[0] === 'current') out.push(`${prep} the ${nounPhrase(noun, 'as-is')}`);
    else if (['by', 'with', 'using', 'via', 'as'].includes(prep) || isPlural(noun[noun.length - 1])) out.push(`${prep} ${nounPhrase(noun, 'as-is')}`);
    else out.push(`${prep} ${article(nounPhrase(noun, 'as-is'))}`);
    i = j;
  }
  return out.join(' ');
}

const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'replace', 'update', 'create']);

/**
 * What an operation does, as one sentence: "Create an issue in a repository.", "Get one pull request of a
 * repository.", "List files.". The verb is the operation name's own when it has one, else the HTTP method's
 * meaning for the route's shape; the noun is the name's object, or the route's last resource; the place is
 * the name's own preposition (`for-authenticated-user`), else the nearest resource of the route the
 * operation sits under, else (method-call APIs such as Slack's) a required argument that names a container.
 */
export function operationSummary(facts: OperationWordsFacts): string {
  const sentence = summaryWords(facts);
  return facts.deprecated ? `Deprecated. ${sentence}` : sentence;
}

function summaryWords(facts: OperationWordsFacts): string {
  const method = facts.method.toLowerCase();
  const skip = (facts.servicePath ?? '').split('/').filter(Boolean);
  const groups = routeGroups(facts.path, skip);
  const methodCall = isMethodCall(groups);
  // A method-call route is the method's own name (`chat.postMessage`), with its resource in front.
  const vendorName = methodCall ? groups[groups.length - 1].literal : facts.vendorName;
  const name = readName(vendorName);

  // The resource the route ends on, and whether it ends on one item of it.
  let targetAt = groups.length - 1;
  let action: string | undefined;
  const lastGroup = groups[targetAt];
  if (!methodCall && lastGroup && !lastGroup.params.length && targetAt > 0 && groups[targetAt - 1].params.length) {
    const words = identifierWords(lastGroup.literal);
    const verbWord = words.find((w) => VERBS.has(w));
    if (verbWord && (words.length === 1 || words[0] === verbWord || (name.verb && words.includes(name.verb)))) {
      // `/pulls/{pull_number}/merge`: the last segment is the action on the item before it.
      action = VERB_AS[verbWord] ?? verbWord;
      targetAt--;
    }
  } else if (!methodCall && lastGroup && !lastGroup.params.length && targetAt > 0 && name.verb && identifierWords(lastGroup.literal).join(' ') === name.verb) {
    // `/channels/stop` named `channels.stop`: the action on the resource before it.
    action = name.verb;
    targetAt--;
  }
  const target = methodCall ? undefined : groups[targetAt];
  const onItem = !!target && target.params.length > 0;
  const targetWords = target ? identifierWords(target.literal) : [];

  // A name whose verb is only the HTTP method and whose other words are the path's (Stripe's
  // `GetCustomersCustomer`) says no more than the route: the route's shape is read instead.
  const pathWords = new Set(groups.flatMap((g) => [...identifierWords(g.literal), ...g.params.flatMap(identifierWords)]).map(singular));
  const nameIsRoute = !methodCall && !!name.verb && name.object.length > 0 && HTTP_VERBS.has(name.verb) && (name.verb === method || (method === 'get' && name.verb === 'get')) && name.object.every((w) => pathWords.has(singular(w))) && !name.tail.length;

  let verb = nameIsRoute ? undefined : name.verb;
  // Asana's `getProjects` on `/projects`, Jira's `getFields` on `/field`, Calendar's `colors.get` on `/colors`:
  // a get of a plural object from a collection lists.
  const object = name.object.length ? name.object : targetWords;
  const last = object[object.length - 1] ?? '';
  if (name.verb === 'get' && !name.several && !onItem && !action && target && isPlural(last) && !GENERIC_OBJECT.has(last)) verb = 'list';
  if (!verb) verb = action;
  if (!verb) {
    if (method === 'get') verb = onItem || !target || !isPlural(targetWords[targetWords.length - 1] ?? '') ? 'get' : 'list';
    else if (method === 'post') verb = onItem ? 'update' : 'create';
    else if (method === 'put') verb = onItem ? 'replace' : 'set';
    else if (method === 'patch') verb = 'update';
    else if (method === 'delete') verb = 'delete';
    else verb = method;
  }

  // The noun: the name's object, unless the route's last resource says the same in fewer words (Twilio's
  // `FetchRoomParticipantSubscribedTrack` under `/Participants/{ParticipantSid}/SubscribedTracks/{Sid}`).
  let noun = nameIsRoute ? [] : name.object;
  let fromRoute = false;
  const suffixOf = (whole: string[], part: string[]) => part.length > 0 && part.length <= whole.length && part.every((w, i) => singular(w) === singular(whole[whole.length - part.length + i]));
  if (targetWords.length && (!noun.length || suffixOf(noun, targetWords))) {
    // Words of the name that name the resources above (`Room`, `Participant`) go; a qualifier (`review`) stays.
    const above = new Set(groups.slice(0, targetAt).flatMap((g) => identifierWords(g.literal)).map(singular));
    let from = 0;
    while (from < noun.length - targetWords.length && above.has(singular(noun[from]))) from++;
    noun = noun.length ? noun.slice(from) : targetWords;
    fromRoute = true;
  }
  if (noun.length && /ed$/.test(noun[noun.length - 1]) && targetWords.length && !fromRoute) noun = [...noun, ...targetWords];
  // Discovery and SDK names carry the resource in front of the method (`drive.files.list`, `chat.postMessage`).
  const segments = (vendorName ?? '').split(/[./]/).filter(Boolean);
  const owner = segments.length >= 2 ? identifierWords(segments[segments.length - 2]) : [];
  let fromOwner = false;
  if (!noun.length && owner.length) {
    noun = owner;
    fromOwner = true;
  }
  const many = verb === 'list' || verb === 'search' || name.several;
  const single = many ? 'many' : (action && fromRoute) || fromOwner ? 'one' : fromRoute ? (onItem || verb === 'create' ? 'one' : 'as-is') : 'as-is';
  // `denied` is no noun to count.
  let thing = nounPhrase(noun, many && /ed$/.test(noun[noun.length - 1] ?? '') ? 'as-is' : single);
  // `bots.info`, `users.getPresence`: a detail of the resource the name is filed under.
  if (!fromOwner && !fromRoute && noun.length === 1 && GENERIC_OBJECT.has(noun[0]) && owner.length) thing = `${thing} of ${article(nounPhrase(owner, 'one'))}`;
  const writtenPlural = noun.length > 0 && isPlural(noun[noun.length - 1]);
  if (thing) {
    if (name.several) thing = `several ${thing}`;
    else if (single === 'many' || (single === 'as-is' && writtenPlural)) {
      // Already plural as written: kept as it is.
    }
    else if (verb === 'get') thing = onItem ? `one ${thing}` : `the ${thing}`;
    else if (single === 'as-is' && !onItem && !fromRoute && ['set', 'replace', 'update', 'delete', 'check', 'reset', 'enable', 'disable'].includes(verb)) thing = `the ${thing}`;
    else thing = article(thing);
  }

  // Where: the name's own words, else the nearest resource above the target, else a container argument.
  let where = tailWords(name.tail);
  if (!where) {
    // The nearest resource above whose name the noun does not already hold (`workflow run logs` of a run).
    const held = new Set(noun.map(singular));
    let parent: Group | undefined;
    for (let i = targetAt - (target && target.literal ? 1 : 0); i >= 0 && !methodCall; i--) {
      const g = groups[i];
      if (g && g.params.length && g !== target && g.literal && !held.has(singular(identifierWords(g.literal).pop() ?? ''))) {
        parent = g;
        break;
      }
    }
    const parentNoun = parent ? nounPhrase(identifierWords(parent.literal), 'one') : '';
    let prep = /^(create|add|post|insert)/.test(verb) ? (verb.startsWith('create') ? 'in' : 'to') : 'of';
    // Things made under a person are made for them: "Create a delegate for a user."
    if (prep === 'in' && /(user|person|member|customer|contact|owner)$/.test(parentNoun)) prep = 'for';
    if (parent) where = `${prep} ${article(parentNoun)}`;
    else if (methodCall || !target) {
      const container = (facts.required ?? []).find((r) => CONTAINER_ARGUMENT.test(r) && !held.has(singular(r.replace(/_?id$/i, '').toLowerCase())));
      if (container) where = `${prep === 'of' ? 'in' : prep} ${article(nounPhrase(identifierWords(container.replace(/_?id$/i, '')), 'one'))}`;
    }
  }
  const text = [imperative(verb), thing, where].filter(Boolean).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

// ---------------------------------------------------------------------------------------------------------
// Ids: what a field names, and which tool lists the things it names.

/** What a field holds, when its name or place says it identifies something. */
export interface FieldRole {
  /** `id`, `number`, `SID`, `key`, `name`…; undefined when the field is the thing itself (`{repo}`). */
  kind?: string;
  /** The resource, singular, in words (`issue`, `pull request`, `phone number`). */
  resource: string;
  /** Several ids (`label_ids`). */
  many?: boolean;
  /** The tool of the pack that lists these resources. */
  listedBy?: string;
}

const KIND_SUFFIX: [RegExp, string, boolean][] = [
  [/^(.+?)(_ids|Ids|IDs)$/, 'ids', true],
  [/^(.+?)(_id_or_key|IdOrKey)$/, 'id or key', false],
  [/^(.+?)(Sid|_sid)$/, 'SID', false],
  [/^(.+?)(_gid|Gid)$/, 'id', false],
  [/^(.+?)(_id|Id|ID)$/, 'id', false],
  [/^(.+?)(_number|Number)$/, 'number', false],
  [/^(.+?)(_key|Key)$/, 'key', false],
  [/^(.+?)(_slug|Slug)$/, 'slug', false],
];
const RANGE_WORDS = new Set(['min', 'max', 'before', 'after', 'since', 'until', 'last', 'first', 'start', 'end', 'from', 'to', 'next', 'prev', 'previous', 'latest', 'oldest', 'newest', 'around', 'cursor', 'page', 'offset']);
const PLAIN_KINDS: Record<string, string> = { id: 'id', sid: 'SID', gid: 'id', key: 'key', name: 'name', slug: 'slug', number: 'number', uuid: 'id' };

/** The words of a resource named by a path literal or a name prefix, singular. */
function resourceOf(words: string[]): string {
  return nounPhrase(words, 'one');
}

/** A collection path with its parameters blanked and `.json` dropped: the key that matches a list route to an item route. */
function collectionKey(groups: Group[]): string {
  return groups.map((g) => `${g.literal.toLowerCase()}${g.params.map(() => '/{}').join('')}`).join('/');
}

export interface ListIndex {
  /** Collection key -> the tool that lists it. */
  byCollection: Map<string, string>;
  /** Resource in words (singular) -> the tools that list it, with the path parameters each needs. */
  byResource: Map<string, { tool: string; params: string[] }[]>;
}

/**
 * The pack's list tools, by what they list: GET operations whose route ends on a collection (a literal
 * after which nothing follows) and whose name, if it has a verb, is a list or search.
 */
export function listIndex(ops: readonly (OperationWordsFacts & { tool: string })[]): ListIndex {
  const byCollection = new Map<string, string>();
  const byResource = new Map<string, { tool: string; params: string[] }[]>();
  for (const op of ops) {
    if (op.method.toUpperCase() !== 'GET') continue;
    const groups = routeGroups(op.path, (op.servicePath ?? '').split('/').filter(Boolean));
    const last = groups[groups.length - 1];
    if (!last || last.params.length || !last.literal || isMethodCall(groups)) continue;
    const name = readName(op.vendorName);
    const words = identifierWords(last.literal);
    // What the summary calls a list is one: the two never disagree.
    if (!/^(Deprecated\. )?(List|Search) /.test(operationSummary(op)) || name.several) continue;
    // A list restricted by a preposition (`list-for-authenticated-user`) is not the list of every such thing.
    const key = collectionKey(groups);
    if (!byCollection.has(key)) byCollection.set(key, op.tool);
    if (name.tail.length) continue;
    const resource = resourceOf(words);
    const list = byResource.get(resource) ?? [];
    list.push({ tool: op.tool, params: groups.flatMap((g) => g.params) });
    byResource.set(resource, list);
  }
  return { byCollection, byResource };
}

/**
 * The role of a top-level argument of an operation: a path parameter names the resource its segment lists
 * (`{pull_number}` after `pulls`), or by its own name (`AccountSid`); another argument only by its name
 * (`driveId`, `label_ids`). The tool that lists those resources is named when the pack has it: by the
 * same route without the parameter, else by the resource when one list tool, needing only parameters the
 * operation also takes, lists it.
 */
export function fieldRole(name: string, location: string, facts: OperationWordsFacts, index: ListIndex | undefined, self?: string): FieldRole | undefined {
  const groups = routeGroups(facts.path, (facts.servicePath ?? '').split('/').filter(Boolean));
  const at = location === 'path' ? groups.findIndex((g) => g.params.includes(name)) : -1;
  const words = identifierWords(name);
  let role: FieldRole | undefined;
  if (at >= 0) {
    const group = groups[at];
    const collection = identifierWords(group.literal);
    const own = resourceOf(collection);
    // `{repo}` under `repos`, `{org}` under `organizations`, `{enterprise-team}` under `teams`: the resource itself.
    if (collection.length && resourceOf(words) === own) role = { resource: own };
    else if (collection.length && singular(words[words.length - 1]) === singular(collection[collection.length - 1])) role = { resource: resourceOf(words) };
    else if (words.length === 1 && PLAIN_KINDS[words[0]] && collection.length) role = { kind: PLAIN_KINDS[words[0]], resource: own };
    else {
      role = byName(name);
      if (!role && collection.length) role = { kind: nounPhrase(words, 'as-is'), resource: own };
    }
    if (role && group.params.indexOf(name) === group.params.length - 1 && role.kind !== undefined && role.resource === own) {
      const key = collectionKey([...groups.slice(0, at), { literal: group.literal, params: group.params.slice(0, -1) }]);
      const lister = index?.byCollection.get(key);
      if (lister && lister !== self) role.listedBy = lister;
    }
  } else {
    role = byName(name);
  }
  if (role && !role.listedBy && role.kind !== undefined && index) {
    const args = new Set(groups.flatMap((g) => g.params));
    const candidates = (index.byResource.get(role.resource) ?? []).filter((c) => c.tool !== self && c.params.every((p) => args.has(p) || p.startsWith('@')));
    if (candidates.length === 1) role.listedBy = candidates[0].tool;
  }
  return role;
}

/** `issue_number` -> the number of an issue; `fileId` -> the id of a file; `label_ids` -> the ids of labels. */
function byName(name: string): FieldRole | undefined {
  for (const [re, kind, many] of KIND_SUFFIX) {
    const m = re.exec(name);
    if (!m || !m[1]) continue;
    const words = identifierWords(m[1]);
    if (!words.length || (words.length === 1 && words[0].length < 3 && !LONG_FORM[words[0]])) continue;
    // `min_id`, `before_id`, `last_key`: a bound of a range of ids, not the id of a `min`.
    if (words.length === 1 && RANGE_WORDS.has(words[0])) continue;
    // `phone_number`, `page_number`, `api_key` hold a thing, not an id of one.
    if ((kind === 'number' || kind === 'key') && !/^[a-z]+$/i.test(m[1].replace(/_/g, ''))) continue;
    if ((kind === 'number' || kind === 'key') && ['phone', 'page', 'api', 'fax', 'tax', 'account', 'public', 'private', 'secret', 'idempotency', 'sort', 'partition', 'line', 'card'].includes(words[words.length - 1])) continue;
    return { kind, resource: resourceOf(words), ...(many ? { many: true } : {}) };
  }
  return undefined;
}

/** The words of a role: "The number of the issue", "The ids of the labels", "The repository". */
export function roleHead(role: FieldRole): string {
  if (role.kind === undefined) return `The ${role.resource}`;
  return `The ${role.kind} of the ${role.many ? role.resource.replace(/(\S+)$/, (w) => plural(w)) : role.resource}`;
}
