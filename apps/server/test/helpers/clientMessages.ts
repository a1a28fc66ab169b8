import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const HAN = /\p{Script=Han}/u;

/**
 * Folders and files whose Chinese words never reach the member app as a message: migrations and
 * seed and demo content (data, translated through `names`), the operator console and command line,
 * the games' own pages, the payment provider's stand-in checkout page, the settings' documentation
 * for operators (`*.config.ts` under src/), the column names of WeChat Pay's and Alipay's trade bills
 * (their data) and the WeChat JSAPI payment page (its own Chinese and English texts).
 */
const NOT_CLIENT = [
  /\/db\/migrations\//,
  /\/apps\/server\/src\/demo\//,
  /\/modules\/admin\//,
  /\/calls\/admin\w*\.ts$/,
  /\/cli\//,
  /\/games\/play\//,
  /checkoutPage\.ts$/,
  /\/apps\/server\/src\/.*\.config\.ts$/,
  /\/wechatBill\.ts$/,
  /\/alipayBill\.ts$/,
  /\/wechatJsapiPage\.ts$/,
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return files(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** A literal's text as the client's table keys it: template holes become {0}, {1}, … in order. */
function textOf(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((s, i) => `{${i}}${s.literal.text}`).join('');
}

/** An argument of a schema's `.describe(…)`: documentation of the API, not a message. */
function isSchemaDoc(node: ts.Node): boolean {
  const call = node.parent;
  return ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === 'describe';
}

/** Every Chinese string the server's source can send to a member (error messages, field errors), with where it is. */
export function clientMessages(srcDirs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of srcDirs.flatMap(files)) {
    if (NOT_CLIENT.some((re) => re.test(file))) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const text = textOf(node);
        if (HAN.test(text) && !isSchemaDoc(node)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          out.set(text, `${path.relative(process.cwd(), file)}:${line + 1}`);
        }
        if (ts.isTemplateExpression(node)) node.templateSpans.forEach((s) => visit(s.expression));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}
