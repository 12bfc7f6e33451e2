import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportViolations, importsOf, longSourceFiles } from './import-rules.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

describe('import rules', () => {
  const temp: string[] = [];
  afterAll(() => Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('hold over the whole source tree', async () => {
    expect(await findImportViolations(REPO)).toEqual([]);
  });

  it('keep every production source file within 400 lines, and find one that is not', async () => {
    expect(await longSourceFiles(REPO, 400)).toEqual([]);
    const root = await mkdtemp(path.join(os.tmpdir(), 'waybill-lengths-'));
    temp.push(root);
    await mkdir(path.join(root, 'apps/server/src'), { recursive: true });
    await writeFile(path.join(root, 'apps/server/src/long.ts'), 'x;\n'.repeat(401));
    await writeFile(path.join(root, 'apps/server/src/long.test.ts'), 'x;\n'.repeat(401));
    await writeFile(path.join(root, 'apps/server/src/short.ts'), 'x;\n'.repeat(399));
    expect(await longSourceFiles(root, 400)).toEqual([{ file: 'apps/server/src/long.ts', lines: 401 }]);
  });

  it('reads static, type-only, re-exported, side-effect and dynamic imports', () => {
    const text = [
      "import type { A } from './a.ts';",
      'export * from "./b.ts";',
      "const c = await import('./c.tsx');",
      "import './d.css';",
      "import {\n  e,\n} from '@waybill/domain';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', './b.ts', './c.tsx', './d.css', '@waybill/domain']);
  });

  it('reports every kind of broken import, and none of the allowed ones', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'waybill-imports-'));
    temp.push(root);
    const files: Record<string, string> = {
      'packages/domain/src/rule.ts':
        "import { x } from '@waybill/server';\nimport { y } from '../../../apps/web/src/lib/y.ts';",
      'apps/server/src/route.ts':
        "import { page } from '@waybill/web';\nimport { app } from '../test/support/test-app.ts';",
      'apps/server/src/route.test.ts': "import { app } from '../test/support/test-app.ts';",
      'apps/web/src/lib/api.ts':
        "import { card } from '../features/tracking/card.tsx';\nimport { rule } from '@waybill/domain';",
      'apps/web/src/features/tracking/card.tsx':
        "import { plan } from '../console-plan/plan.ts';\nimport { Page } from '../../pages/public/home.tsx';\nimport { own } from './own.ts';\nimport { api } from '../../lib/api.ts';",
      'apps/web/src/pages/public/home.tsx':
        "import { card } from '../../features/tracking/card.tsx';\nimport Box from '../../islands/box.tsx';",
      'apps/web/src/islands/box.tsx':
        "import { card } from '../features/tracking/card.tsx';\nimport { Page } from '../pages/public/home.tsx';",
      'apps/web/src/components/shell.tsx': "const lazy = import('../app/router/routes.tsx');",
      // The server's layers: each rule broken once, beside imports it allows.
      'apps/server/src/modules/parcels/parcels.routes.ts':
        "import * as service from './parcels.service.ts';\nimport { find } from './parcels.repository.ts';",
      'apps/server/src/modules/parcels/parcels.service.ts':
        "import { find } from './parcels.repository.ts';\nimport { send } from '../letters/letters.service.ts';",
      'apps/server/src/modules/parcels/parcels.repository.ts': "import { db } from '../../db/client.ts';",
      'apps/server/src/modules/letters/letters.service.ts': "import { find } from '../parcels/parcels.repository.ts';",
      'apps/server/src/modules/letters/letters.test.ts': "import { find } from '../parcels/parcels.repository.ts';",
      'apps/server/src/plugins/sweep.ts':
        "import { errors } from '../errors.ts';\nimport { sweep } from '../modules/parcels/parcels.service.ts';",
      'apps/server/src/app.ts': "import sweep from './plugins/sweep.ts';\nimport { all } from './modules/index.ts';",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    const found = (await findImportViolations(root)).map(
      ({ file, specifier, rule }) => `${file} ${specifier}: ${rule}`,
    );
    expect(found.sort()).toEqual(
      [
        'packages/domain/src/rule.ts @waybill/server: the domain imports no workspace',
        'packages/domain/src/rule.ts ../../../apps/web/src/lib/y.ts: the domain imports nothing outside itself',
        'apps/server/src/route.ts @waybill/web: the server never imports the web',
        'apps/server/src/route.ts ../test/support/test-app.ts: production code imports test support',
        'apps/web/src/lib/api.ts ../features/tracking/card.tsx: lib never imports features',
        'apps/web/src/features/tracking/card.tsx ../console-plan/plan.ts: a feature never imports another feature',
        'apps/web/src/features/tracking/card.tsx ../../pages/public/home.tsx: features never imports pages',
        'apps/web/src/components/shell.tsx ../app/router/routes.tsx: components never imports app',
        'apps/web/src/islands/box.tsx ../pages/public/home.tsx: islands never imports pages',
        'apps/server/src/modules/parcels/parcels.routes.ts ./parcels.repository.ts: a route never imports a repository',
        "apps/server/src/modules/letters/letters.service.ts ../parcels/parcels.repository.ts: a module's repository is imported by its own module only",
        'apps/server/src/plugins/sweep.ts ../modules/parcels/parcels.service.ts: plugins import no module',
        'apps/server/src/modules/letters letters -> parcels -> letters: the modules never import each other in a circle',
      ].sort(),
    );
  });
});
