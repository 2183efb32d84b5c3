// The short name packs are grouped by: the company a pack names, without its legal form. "Google" and
// "Google LLC" are one vendor, and so are the curated Stripe pack and the one imported from Stripe's spec.

const LEGAL_FORM = /,?\s+(?:Inc\.?|LLC|Ltd\.?|GmbH|Corp\.?|Corporation)$/i;
const TRAILING_WORD = /\s+(?:Technologies|Labs)$/;

/** `Stripe, Inc.` -> `Stripe`, `Slack Technologies, LLC` -> `Slack`, `Notion Labs, Inc.` -> `Notion`. */
export function vendorName(vendor: string): string {
  // A parenthesised note (`Actionable (reference ticket system)`) is not part of the name.
  const name = vendor.replace(/\s*\(.*\)\s*$/, '').trim();
  return name.replace(LEGAL_FORM, '').replace(TRAILING_WORD, '').trim() || vendor;
}
