// The Anthropic and MCP downloads of an imported pack, and of its 7 tools too large for their pages. The site
// writes only the OpenAI file (the other two are its schemas in another envelope, 17 MB of the site), so a
// button[data-envelope] makes its file from that one in the browser (fromOpenAIExport) and saves it. The button
// sits inside an element with data-envelope-pack (and data-envelope-tool for one tool's files) whose first link
// to an openai.json is the OpenAI file. Without JavaScript the pages show exportCommand instead.
import { fromOpenAIExport, type EnvelopeForm, type OpenAIToolExport } from '../../sandbox/envelopes';

/**
 * The command that prints the same export without a browser (one tool's as a list of that one tool). --no: the
 * package is not on the registry yet, so npx runs the copy the project installed from its tarball and installs nothing.
 */
export function exportCommand(pack: string, form: EnvelopeForm, tool?: string): string {
  return `npx --no -- actionable-errors --pack ${pack}${tool ? ` --tool ${tool}` : ''} --export ${form}`;
}

/** The name a download is saved under: `stripe-v1.anthropic.json`, `google-docs-v1.documents_create.mcp.json`. */
export function envelopeFileName(pack: string, form: EnvelopeForm, tool?: string): string {
  return `${[pack, tool, form].filter(Boolean).join('.')}.json`;
}

/** The OpenAI export at `href`, parsed; an error that names the file (its `path`) and says how it failed. */
async function openaiExport(href: string, path: string): Promise<OpenAIToolExport | OpenAIToolExport[]> {
  let res: Response;
  try {
    res = await fetch(href);
  } catch (err) {
    throw new Error(`${path} did not load (${(err as Error).message})`);
  }
  if (!res.ok) throw new Error(`${path} did not load: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  try {
    return (await res.json()) as OpenAIToolExport | OpenAIToolExport[];
  } catch {
    throw new Error(`${path} is not JSON`);
  }
}

/** Hands the text to the browser as a download named `file`. */
function save(text: string, file: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  a.download = file;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its bytes by then; the URL would otherwise hold them for the page's life.
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The line under a button's list item (or paragraph) that says what its download is doing or why it failed. */
function statusLine(button: HTMLButtonElement, form: EnvelopeForm): HTMLElement {
  const host = button.closest('li, p') ?? button.parentElement!;
  let line = host.querySelector<HTMLElement>(`:scope > [data-envelope-status="${form}"]`);
  if (!line) {
    line = document.createElement('span');
    line.className = 'envelope-status';
    line.dataset.envelopeStatus = form;
    line.setAttribute('role', 'status');
    host.append(line);
  }
  return line;
}

/** Makes the file a button asks for and saves it, or says beside the button why it could not. */
async function download(button: HTMLButtonElement): Promise<void> {
  const host = button.closest<HTMLElement>('[data-envelope-pack]');
  const source = host?.querySelector<HTMLAnchorElement>('a[href$="/openai.json"]');
  if (!host || !source || button.getAttribute('aria-busy') === 'true') return;
  const form = button.dataset.envelope as EnvelopeForm;
  const pack = host.dataset.envelopePack!;
  const tool = host.dataset.envelopeTool;
  const file = envelopeFileName(pack, form, tool);
  const path = new URL(source.href).pathname;
  const line = statusLine(button, form);
  line.classList.remove('failed');
  line.textContent = `Making ${file} from the OpenAI export…`;
  button.setAttribute('aria-busy', 'true');
  try {
    const openai = await openaiExport(source.href, path);
    let made: unknown;
    try {
      made = fromOpenAIExport(form, openai);
    } catch (err) {
      throw new Error(`${path} is ${(err as Error).message}`);
    }
    // Unindented with a closing newline, as the site writes its exports.
    save(`${JSON.stringify(made)}\n`, file);
    line.remove();
  } catch (err) {
    line.classList.add('failed');
    const command = document.createElement('code');
    command.textContent = `${exportCommand(pack, form, tool)} > ${file}`;
    const use = document.createElement('a');
    // basePath() of docs/urls.ts, inlined: that module imports the share-link code, which this script has no use for.
    use.href = `${(import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/')}use/`;
    use.textContent = 'Use it';
    line.replaceChildren(
      `Could not make ${file}: ${(err as Error).message}. The command line prints it${tool ? ' (as a list of this one tool)' : ''}, with the package installed from its tarball as `,
      use,
      ' shows: ',
      command,
    );
  } finally {
    button.removeAttribute('aria-busy');
  }
}

/** One delegated listener for every download button on the page. */
export function listenForEnvelopeDownloads(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-envelope]');
    if (button) void download(button);
  });
}
