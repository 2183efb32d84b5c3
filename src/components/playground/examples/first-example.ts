// What the playground opens on before any menu is touched: the default call, the "Your tools" sample and
// the first replay. Apart from examples.ts (the whole catalogue, which the menus load when opened), so the
// page's first JavaScript holds these three only.

export interface Example {
  id: string;
  title: string;
  /** What to look at, in one line. */
  note: string;
  pack: string;
  call: string;
  /** Cases the ordered checks decide against the pack's own state (the menu lists them apart). */
  group?: 'checks';
  /** The body's error code, or "accepted": what the case is there to show (tests hold it to check()). */
  expect?: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** The essay's first case, as a transcript shows it: what the page opens on. */
export const DEFAULT_EXAMPLE: Example = {
  id: 'open-status',
  title: 'OPEN for the status open',
  note: 'Python-style, as a transcript shows it. The body lists the permitted values.',
  pack: 'helpdesk',
  call: 'update_ticket(ticket_id="T-8841", status="OPEN")',
};

/** The starting point of the "Your tools" tab: one OpenAI-shaped definition and a call with a fault. */
export const CUSTOM_SAMPLE = {
  tools: json([
    {
      type: 'function',
      function: {
        name: 'get_forecast',
        description: 'Weather forecast for a city.',
        parameters: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name, e.g. Zurich.' },
            days: { type: 'integer', minimum: 1, maximum: 7, description: 'How many days ahead.' },
            units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          },
          required: ['city', 'units'],
          additionalProperties: false,
        },
      },
    },
  ]),
  call: json({ name: 'get_forecast', arguments: { city: 'Zurich', days: 10, units: 'Celsius' } }),
};

/** A transcript for the Replay tab, with the pack it is checked against. */
export interface ReplayExample {
  id: string;
  title: string;
  pack: string;
  text: string;
}

/** The essay's support agent, turns 4 to 8, with the results exactly as the model got them. */
const ESSAY_LOOP = [
  '[turn 4] update_ticket(ticket_id="T-8841", status="OPEN")',
  '      -> {"error": "Invalid status"}',
  '[turn 5] update_ticket(ticket_id="T-8841", status="Open")',
  '      -> {"error": "Invalid status"}',
  '[turn 6] update_ticket(ticket_id="T-8841", status="ACTIVE")',
  '      -> {"error": "Invalid status"}',
  '[turn 7] get_ticket(ticket_id="T-8841")',
  '      -> {"ticket_id": "T-8841", "status": "open", "assignee": "eng-3", ...}',
  '[turn 8] update_ticket(ticket_id="T-8841", status="open")',
  '      -> {"ticket_id": "T-8841", "status": "open", "updated_at": "2026-03-11T09:14:02Z"}',
].join('\n');

/** The first transcript of the Replay tab. */
export const FIRST_REPLAY_EXAMPLE: ReplayExample = { id: 'essay-loop', title: 'OPEN, Open, ACTIVE: the loop from the design notes', pack: 'helpdesk', text: ESSAY_LOOP };
