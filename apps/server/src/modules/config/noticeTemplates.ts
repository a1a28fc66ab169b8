import { templatedNotice, type AdminNoticeTemplate, type TemplatedNotice } from '@app/contract';
import { catalogs, type Lang } from '@app/locale';
import { jsonObject } from '../../db/names.js';

/** The settings row holding operators' rewording of notice templates: `{lang: {kind: {title, content}}}`. */
export const NOTICE_TEMPLATES_KEY = 'notice_templates';

type Texts = { title: string; content: string };
export type TemplateOverrides = Partial<Record<Lang, Partial<Record<TemplatedNotice, Texts>>>>;

const isTexts = (v: unknown): v is Texts => !!v && typeof v === 'object' && typeof (v as Texts).title === 'string' && typeof (v as Texts).content === 'string';

/** The overrides stored in settings; anything malformed reads as none. */
export function parseOverrides(raw: string | undefined): TemplateOverrides {
  const out: TemplateOverrides = {};
  for (const [lang, byKind] of Object.entries(jsonObject(raw))) {
    if (!(lang in catalogs) || !byKind || typeof byKind !== 'object') continue;
    const kinds: Partial<Record<TemplatedNotice, Texts>> = {};
    for (const [kind, texts] of Object.entries(byKind as Record<string, unknown>)) {
      if (templatedNotice.safeParse(kind).success && isTexts(texts)) kinds[kind as TemplatedNotice] = texts;
    }
    out[lang as Lang] = kinds;
  }
  return out;
}

/** The shipped text of a template in a language (the language pack's `notices.<kind>`). */
export const shippedTemplate = (lang: Lang, kind: TemplatedNotice): Texts => (catalogs[lang] as { notices: Record<TemplatedNotice, Texts> }).notices[kind];

/** Every template in every language, as readers see it. */
export function templateList(overrides: TemplateOverrides): AdminNoticeTemplate[] {
  return (Object.keys(catalogs) as Lang[]).flatMap((lang) =>
    templatedNotice.options.map((kind) => {
      const own = overrides[lang]?.[kind];
      return { kind, lang, ...(own ?? shippedTemplate(lang, kind)), edited: own !== undefined };
    }),
  );
}

/** A language pack with the operators' rewording of the notice templates laid over it. */
export function withTemplates(lang: Lang, overrides: TemplateOverrides): Record<string, unknown> {
  const base = catalogs[lang] as Record<string, unknown> & { notices: Record<string, unknown> };
  const own = overrides[lang];
  if (!own || Object.keys(own).length === 0) return base;
  const notices = { ...base.notices };
  for (const [kind, texts] of Object.entries(own)) notices[kind] = { ...(notices[kind] as object), ...texts };
  return { ...base, notices };
}
