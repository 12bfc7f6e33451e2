import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of their group, which wait on a browser or a child process much of their time
 * (the screens walks, about three minutes each; the regular-expression check): started first, so the
 * run never ends on them, and the other workers fill the cores they leave idle.
 */
const FIRST = /(\/e2e\/specs\/screens-[^/]+\.spec\.ts|\/regex-safety\.test\.ts)$/;

/**
 * Vitest's order (group by group; in a group, failed and then longer files first, from the last run's
 * times, else larger files first), except that a group's FIRST files go first and then each project's
 * files run back to back, in the order vitest.config.ts lists the projects. A worker of a project whose
 * files share it (isolate: false: the server's and the web components') is kept for the next file only
 * when the next file in the queue is of the same project: files of two projects taking turns made a new
 * worker, with its imports or its jsdom, for almost every file.
 * @public Named in vitest.config.ts.
 */
export default class TestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = sorted[0]?.project.vitest.projects ?? [];
    const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder ?? 0;
    const rank = (file: TestSpecification) => [
      groupOf(file),
      FIRST.test(file.moduleId) ? -1 : projects.indexOf(file.project),
    ];
    // A stable sort: within one group and project, vitest's own order stays.
    return sorted
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.index - b.index)
      .map(({ file }) => file);
  }
}
