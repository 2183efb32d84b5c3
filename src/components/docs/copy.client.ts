// The copy buttons' behaviour (CodeBlock's `copy`): one delegated listener per page, loaded with the docs pages'
// other behaviour by DocsScript.astro.
import { codeText } from './export-load';
import { copyText } from '../clipboard';
import { fromOpenAIExport, type EnvelopeForm } from '../../sandbox/envelopes';

function announce(text: string) {
  let live = document.getElementById('copy-status');
  if (!live) {
    live = document.createElement('p');
    live.id = 'copy-status';
    live.className = 'visually-hidden';
    live.setAttribute('role', 'status');
    document.body.append(live);
  }
  live.textContent = text;
}

document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-copy]');
  if (!button) return;
  const pre = button.closest('.code-block')?.querySelector<HTMLElement>('pre');
  if (!pre) return;
  const form = button.dataset.copyExport as EnvelopeForm | undefined;
  const openai = form ? button.closest('[data-tabs]')?.querySelector<HTMLElement>('[data-role="export-openai"] pre') : undefined;
  try {
    // An export the page loads from its file is copied once it is loaded; an Anthropic or MCP export is made
    // from the OpenAI one beside it, as the same schema in another envelope.
    const copied = await copyText(form && openai ? JSON.stringify(fromOpenAIExport(form, JSON.parse(await codeText(openai))), null, 2) : await codeText(pre));
    if (!copied) throw new Error('the browser refused to copy');
    button.dataset.state = 'copied';
    button.textContent = 'Copied';
    announce('Copied to the clipboard.');
  } catch {
    button.dataset.state = 'failed';
    button.textContent = 'Copy failed';
    announce('Copying failed: select the text and copy it by hand.');
  }
  window.setTimeout(() => {
    delete button.dataset.state;
    button.textContent = 'Copy';
  }, 2000);
});
