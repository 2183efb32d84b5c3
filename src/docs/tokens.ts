// Token counts with o200k_base (the GPT-4o family's encoding), computed at build time in page frontmatter.
// Only Astro frontmatter imports this module, so no tokenizer reaches the browser.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

export function countTokens(text: string): number {
  return encode(text).length;
}
