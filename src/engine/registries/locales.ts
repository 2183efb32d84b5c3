// BCP 47 language tags (`bcp-47-locale`), for fields such as Stripe's preferred_locales: the locales CLDR
// has data for (cldr-core's available locales and default content, so en-US is in), plus language-region
// where CLDR's likely subtags imply the script (zh-TW for zh-Hant-TW). Case and separators are forgiven
// (en_US -> en-US), and English and native language names point at their tag (english -> en, Deutsch -> de).
import type { ValueSet } from '../shared/value-sets';
import members from './data/locales.values.json';
import { defineValueSet } from './define';
import { Lookup, RegistryNames } from './lookup';

/** The names load apart from the members (see RegistryNames). */
export const names = new RegistryNames(members.values, () => import('./data/locales.json'));

export const locales = defineValueSet(
  { name: 'bcp-47-locale', rule: 'a BCP 47 language tag', example: 'en-US', code: 'unknown_locale' },
  new Lookup('bcp-47-locale', names, { fuzzyValues: true }),
);

const sets: ValueSet[] = [locales];
export default sets;
