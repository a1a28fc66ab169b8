import { currentLang, i18n, SOURCE_LANG, type Lang } from './i18n';

/**
 * The server's messages (error toasts, field errors) are zh-CN, as the seed's API defines them.
 * An English reader sees them through a table keyed by the zh-CN text (`{0}`, `{1}` stand for the
 * variable parts), loaded only when English is chosen. A message the table does not know stays as
 * the server sent it.
 */
type Table = { exact: Map<string, string>; patterns: { re: RegExp; en: string }[] };

let table: Table | null = null;
let loading: Promise<void> | null = null;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Builds the lookup from the zh-CN → English pairs. */
export function compile(pairs: Record<string, string>): Table {
  const exact = new Map<string, string>();
  const patterns: Table['patterns'] = [];
  for (const [zh, en] of Object.entries(pairs)) {
    if (!/\{\d\}/.test(zh)) {
      exact.set(zh, en);
      continue;
    }
    const parts = zh.split(/\{(\d)\}/);
    const order: number[] = [];
    let src = '^';
    parts.forEach((p, i) => {
      if (i % 2 === 0) src += escape(p);
      else {
        order.push(Number(p));
        src += '(.+?)';
      }
    });
    // Holes are renumbered in the order they appear in the zh-CN text.
    let enText = en;
    order.forEach((n, i) => (enText = enText.split(`{${n}}`).join(`\uE000${i}\uE000`)));
    patterns.push({ re: new RegExp(`${src}$`, 'su'), en: enText });
  }
  // The most specific pattern first: the one with the most fixed text.
  patterns.sort((a, b) => b.re.source.length - a.re.source.length);
  return { exact, patterns };
}

/** `msg` in English through `t`, or undefined when it has no translation. */
export function translate(t: Table, msg: string): string | undefined {
  const hit = t.exact.get(msg);
  if (hit !== undefined) return hit;
  for (const p of t.patterns) {
    const m = p.re.exec(msg);
    if (m) return p.en.replace(/\uE000(\d)\uE000/g, (_, i: string) => translate(t, m[Number(i) + 1] ?? '') ?? m[Number(i) + 1] ?? '');
  }
  // A field error: "path: message".
  const field = /^([\w.[\]]+): (.+)$/su.exec(msg);
  if (field) {
    const rest = translate(t, field[2]!);
    if (rest !== undefined) return `${field[1]}: ${rest}`;
  }
  return undefined;
}

/** Loads the English table (once) when `lang` needs it. */
export function loadServerMessages(lang: Lang): Promise<void> {
  if (lang === SOURCE_LANG || table) return Promise.resolve();
  loading ??= import('@app/locale/serverMessages.en.json').then(
    (m) => void (table = compile(m.default)),
    () => void (loading = null),
  );
  return loading;
}

/** A message from the server in the language shown. */
export function serverMessage(msg: string): string {
  if (!msg || currentLang() === SOURCE_LANG || !table) return msg;
  return translate(table, msg) ?? msg;
}

void loadServerMessages(currentLang());
i18n.on('languageChanged', (lng) => void loadServerMessages(lng === 'en' ? 'en' : SOURCE_LANG));
