// node:test loads reporters before `--import tsx` applies to them: the reporter is TypeScript
// (timingsReporter.ts), so it is loaded through tsx's own loader here.
import { register } from 'tsx/esm/api';

register();
const { default: fileTimings } = await import('./timingsReporter.ts');
export default fileTimings;
