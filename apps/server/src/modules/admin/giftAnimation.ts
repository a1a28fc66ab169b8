import { validationError } from '../../http/errors.js';

/** Largest gift animation accepted: a phone downloads each once, but over a mobile network. */
export const MAX_ANIMATION_BYTES = 100 * 1024;

/**
 * Checks that bytes are a Lottie animation a player can run: JSON with a frame rate, in and out
 * points, a size and layers. Answers the compact JSON to store; throws a field error naming `file`.
 */
export function checkLottie(bytes: Buffer | undefined): Buffer {
  const bad = (message: string) => validationError([{ path: 'file', message }]);
  if (!bytes || bytes.length === 0) throw bad('请选择动画文件（Lottie JSON）');
  if (bytes.length > MAX_ANIMATION_BYTES) throw bad('动画文件不能超过 100 KB');
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw bad('动画文件不是有效的 JSON');
  }
  const d = doc as Record<string, unknown> | null;
  const num = (k: string) => typeof d?.[k] === 'number' && Number.isFinite(d[k]);
  if (!d || typeof d !== 'object' || !num('fr') || !num('ip') || !num('op') || !num('w') || !num('h') || !Array.isArray(d.layers)) {
    throw bad('不是 Lottie 动画（需要 fr、ip、op、w、h 与 layers）');
  }
  if ((d.op as number) <= (d.ip as number) || (d.fr as number) <= 0) throw bad('动画的帧范围无效');
  return Buffer.from(JSON.stringify(d));
}
