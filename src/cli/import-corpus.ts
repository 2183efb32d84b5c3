// The vendor documents of ../shared/corpus/vendor/ and the pack each becomes (npm run import -- --all). Ids
// name the vendor and the API version, so they never meet a curated pack's id (google-calendar, stripe).
// Per-operation reference links come from the document where it has them (GitHub, Slack); for Google
// Calendar they follow the pattern the curated pack's links use. Other vendors' pages have no pattern
// that can be read off an operation, so their tools link to the API's reference only.
import type { OperationFacts } from '../importer/types';

export interface CorpusEntry {
  /** Path under the corpus's vendor/ folder. */
  file: string;
  id: string;
  title: string;
  vendor: string;
  reference: string;
  referenceFor?: (op: OperationFacts) => string | undefined;
}

/** Documents of the corpus that are not imported, and why. */
export const CORPUS_EXCLUSIONS: Record<string, string> = {
  'google-calendar-v3.discovery.json': 'the same document, byte for byte once parsed, as google/calendar__v3.json, which is imported as google-calendar-v3',
  'stripe-refunds-customers.requests.2023-09-12.json': "not a spec format: an extract of 11 operations' request sides from stripe/spec3.2023-09-12.json, which is imported whole as stripe-v1",
  'twilio/twilio_verify_v3.json': 'declares no operations: its one path item is empty',
  'twilio/twilio_iam_scim.json': 'declares no operations: its path items hold only servers',
};

const GOOGLE: [string, string, string, string][] = [
  ['calendar__v3.json', 'google-calendar-v3', 'Google Calendar API v3', 'https://developers.google.com/workspace/calendar/api/v3/reference'],
  ['gmail__v1.json', 'google-gmail-v1', 'Gmail API v1', 'https://developers.google.com/workspace/gmail/api/reference/rest'],
  ['drive__v3.json', 'google-drive-v3', 'Google Drive API v3', 'https://developers.google.com/workspace/drive/api/reference/rest/v3'],
  ['sheets__v4.json', 'google-sheets-v4', 'Google Sheets API v4', 'https://developers.google.com/workspace/sheets/api/reference/rest'],
  ['docs__v1.json', 'google-docs-v1', 'Google Docs API v1', 'https://developers.google.com/workspace/docs/api/reference/rest'],
  ['forms__v1.json', 'google-forms-v1', 'Google Forms API v1', 'https://developers.google.com/workspace/forms/api/reference/rest'],
  ['tasks__v1.json', 'google-tasks-v1', 'Google Tasks API v1', 'https://developers.google.com/workspace/tasks/reference/rest'],
  ['people__v1.json', 'google-people-v1', 'Google People API v1', 'https://developers.google.com/people/api/rest'],
  ['slides__v1.json', 'google-slides-v1', 'Google Slides API v1', 'https://developers.google.com/workspace/slides/api/reference/rest'],
];

/** Calendar's reference pages: .../v3/reference/<resource>/<method>, as the curated pack links them. */
function calendarReference(op: OperationFacts): string | undefined {
  const m = /^calendar\.(\w+)\.(\w+)$/.exec(op.id);
  return m ? `https://developers.google.com/workspace/calendar/api/v3/reference/${m[1]}/${m[2]}` : undefined;
}

/** Twilio product documents, one pack each: `twilio_messaging_v1.json` -> twilio-messaging-v1. */
const TWILIO_PRODUCTS = [
  'accounts_v1', 'api_v2010', 'assistants_v1', 'bulkexports_v1', 'chat_v1', 'chat_v2', 'chat_v3', 'content_v1', 'content_v2',
  'conversations_v1', 'events_v1', 'flex_v1', 'flex_v2', 'frontline_v1', 'iam_organizations', 'iam_v1', 'insights_v1',
  'insights_v2', 'intelligence_v2', 'ip_messaging_v1', 'ip_messaging_v2', 'knowledge_v1', 'lookups_v1', 'lookups_v2',
  'marketplace_v1', 'messaging_v1', 'messaging_v2', 'messaging_v3', 'monitor_v1', 'monitor_v2', 'notify_v1', 'numbers_v1',
  'numbers_v2', 'numbers_v3', 'oauth_v1', 'oauth_v2', 'preview', 'pricing_v1', 'pricing_v2', 'proxy_v1', 'routes_v2',
  'serverless_v1', 'studio_v1', 'studio_v2', 'supersim_v1', 'sync_v1', 'taskrouter_v1', 'trunking_v1', 'trusthub_v1',
  'verify_v2', 'video_v1', 'voice_v1', 'wireless_v1',
];

function twilioTitle(product: string): string {
  const [name, version] = /^(.*?)(?:_(v\d+))?$/.exec(product)!.slice(1);
  const words = name.split('_').map((w) => (w === 'api' ? 'REST API' : w === 'iam' ? 'IAM' : w === 'ip' ? 'IP' : w.charAt(0).toUpperCase() + w.slice(1)));
  return `Twilio ${words.join(' ')}${version ? ` ${version}` : ''}`;
}

export const CORPUS: CorpusEntry[] = [
  ...GOOGLE.map(([file, id, title, reference]) => ({
    file: `google/${file}`,
    id,
    title,
    vendor: 'Google LLC',
    reference,
    ...(id === 'google-calendar-v3' ? { referenceFor: calendarReference } : {}),
  })),
  { file: 'github/api.github.com.json', id: 'github-v3', title: 'GitHub REST API', vendor: 'GitHub, Inc.', reference: 'https://docs.github.com/rest' },
  { file: 'stripe/spec3.2023-09-12.json', id: 'stripe-v1', title: 'Stripe API (2023-08-16)', vendor: 'Stripe, Inc.', reference: 'https://docs.stripe.com/api' },
  { file: 'slack/slack_web_openapi_v2.json', id: 'slack-web', title: 'Slack Web API', vendor: 'Slack Technologies, LLC', reference: 'https://api.slack.com/web' },
  { file: 'notion/notion-openapi.json', id: 'notion-v1', title: 'Notion API (2025-09-03)', vendor: 'Notion Labs, Inc.', reference: 'https://developers.notion.com/reference' },
  { file: 'discord/openapi.json', id: 'discord-v10', title: 'Discord HTTP API v10', vendor: 'Discord Inc.', reference: 'https://discord.com/developers/docs' },
  { file: 'asana/asana_oas.json', id: 'asana-v1', title: 'Asana API', vendor: 'Asana, Inc.', reference: 'https://developers.asana.com/reference' },
  { file: 'jira/jira-platform-v3.json', id: 'jira-v3', title: 'Jira Cloud platform REST API v3', vendor: 'Atlassian', reference: 'https://developer.atlassian.com/cloud/jira/platform/rest/v3/' },
  ...TWILIO_PRODUCTS.map((p) => ({
    file: `twilio/twilio_${p}.json`,
    id: `twilio-${p.replace(/_/g, '-')}`,
    title: twilioTitle(p),
    vendor: 'Twilio Inc.',
    reference: 'https://www.twilio.com/docs/usage/api',
  })),
];
