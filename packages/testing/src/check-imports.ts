// `npm run lint:deps`: prints every import that breaks the rules of import-rules.ts and exits 1 if any.
import path from 'node:path';
import { findImportViolations } from './import-rules.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const violations = await findImportViolations(root);
for (const { file, specifier, rule } of violations) console.error(`${file}: '${specifier}': ${rule}`);
console.log(violations.length === 0 ? 'imports: every rule holds' : `imports: ${violations.length} broken`);
process.exitCode = violations.length === 0 ? 0 : 1;
