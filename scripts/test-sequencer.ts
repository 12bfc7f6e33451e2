import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest browser files (about three minutes each): started first, so the run never ends on them. */
const LONGEST = /\/e2e\/specs\/screens-[^/]+\.spec\.ts$/;

/**
 * Vitest's order (group by group; in a group, failed and then longer files first, from the last run's
 * times, else larger files first), except that the projects of one group take turns instead of
 * running one after the other: the server's files, which wait on child processes, databases and
 * timers, then fill the cores the browser files leave idle, and the reverse.
 * @public Named in vitest.config.ts.
 */
export default class TestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<number, Map<string, TestSpecification[]>>();
    for (const file of sorted) {
      const order = file.project.config.sequence.groupOrder ?? 0;
      const projects = groups.get(order) ?? new Map<string, TestSpecification[]>();
      groups.set(order, projects);
      const list = projects.get(file.project.name) ?? [];
      projects.set(file.project.name, list);
      list.push(file);
    }
    const result: TestSpecification[] = [];
    for (const order of [...groups.keys()].sort((a, b) => a - b)) {
      const lists = [...groups.get(order)!.values()].map((list) => [
        ...list.filter((file) => LONGEST.test(file.moduleId)),
        ...list.filter((file) => !LONGEST.test(file.moduleId)),
      ]);
      for (let index = 0; lists.some((list) => index < list.length); index++) {
        for (const list of lists) if (index < list.length) result.push(list[index]!);
      }
    }
    return result;
  }
}
