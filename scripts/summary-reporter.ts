import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the end of the run lists. */
const SLOWEST = 25;

/**
 * Ends the run with each project's wall time (its first file's start to its last file's end: the
 * budgets of docs/TESTING.md), the slowest files (import, set-up and tests, so a slowdown shows at once)
 * and then one plain line, "N passed, N failed, N skipped", that any reader can parse.
 * @public Named by path in vitest.config.ts.
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: number }>();

  onTestModuleQueued(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (span) span.files += 1;
    else this.spans.set(module.project.name, { start: Date.now(), end: Date.now(), files: 1 });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (span) span.end = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === 'failed' && module.children.size === 0) failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const slowest = testModules
      .map((module) => ({ module, seconds: fileSeconds(module) }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    if (this.spans.size > 0) {
      const work = new Map<string, number>();
      for (const module of testModules) {
        work.set(module.project.name, (work.get(module.project.name) ?? 0) + fileSeconds(module));
      }
      const lines = [...this.spans].map(
        ([name, { start, end, files }]) =>
          `  ${((end - start) / 1000).toFixed(1).padStart(6)} s  ${name.padEnd(7)} ${files} files, ${(work.get(name) ?? 0).toFixed(0)} s of file time`,
      );
      process.stdout.write(
        `\nEach project, from its first file's start to its last file's end, and its files' times added up:\n${lines.join('\n')}\n`,
      );
    }
    if (slowest.length > 0) {
      const lines = slowest.map(
        ({ module, seconds }) =>
          `  ${seconds.toFixed(1).padStart(6)} s  ${module.project.name.padEnd(7)} ${path.relative(process.cwd(), module.moduleId)}`,
      );
      process.stdout.write(`\nThe ${slowest.length} slowest files (import, set-up and tests):\n${lines.join('\n')}\n`);
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** The file's own time: importing it, its set-up files and every test and hook it holds. */
function fileSeconds(module: TestModule): number {
  const { collectDuration, setupDuration, prepareDuration, duration } = module.diagnostic();
  return (collectDuration + setupDuration + prepareDuration + duration) / 1000;
}
