import {
  createRunSchema,
  DRIVER_NOT_FOUND,
  deletedRunSchema,
  driverRunSchema,
  idParamsSchema,
  RUN_EXISTS,
  RUN_NOT_FOUND,
  RUN_STOPS_REFUSED,
  RUNS_CHANGED_MEANWHILE,
  runDriverSchema,
  runPackageSchema,
  runSchema,
  runStopsInputSchema,
  runsQuerySchema,
  unassignedQuerySchema,
  updateRunSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { consoleScope, driverScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { listActiveDrivers } from '../team/team.service.ts';
import {
  createRun,
  deleteRun,
  getRun,
  listRuns,
  listUnassigned,
  setRunStops,
  todaysRun,
  updateRun,
} from './runs.service.ts';

const tags = ['Runs'];
const unknownRun = `${RUN_NOT_FOUND} (an unknown or malformed id)`;
const raced = `${RUNS_CHANGED_MEANWHILE} (another change to the same runs won)`;

/** Dispatch: the console plans each driver's run of a day. */
const consoleRunsRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/runs',
    {
      schema: {
        tags,
        summary: 'The runs of a day, each with its driver and its stops in order',
        querystring: runsQuerySchema,
        response: { 200: z.array(runSchema) },
      },
    },
    async (request) => listRuns(app.db, request.query.date),
  );

  app.get(
    '/api/admin/runs/unassigned',
    {
      schema: {
        tags,
        summary: 'The packages that can go out (Order Placed to Out for Delivery) and are on no run that day',
        querystring: unassignedQuerySchema,
        response: { 200: pageAnswer(runPackageSchema) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listUnassigned(app.db, request.query)),
  );

  app.get(
    '/api/admin/runs/drivers',
    {
      schema: {
        tags,
        summary: 'The drivers a run can be planned for: active members of role driver, by name',
        response: { 200: z.array(runDriverSchema) },
      },
    },
    async () => listActiveDrivers(app.db),
  );

  app.post(
    '/api/admin/runs',
    {
      schema: {
        tags,
        summary: 'Starts an empty run of a driver for a day',
        body: createRunSchema,
        response: {
          201: runSchema,
          ...errorAnswers({ 400: `${DRIVER_NOT_FOUND}, or a malformed field`, 409: `${RUN_EXISTS}, or ${raced}` }),
        },
      },
      config: { idempotency: 'body' },
    },
    async (request, reply) => reply.code(201).send(await createRun(app.db, operatorActor(request), request.body)),
  );

  app.get(
    '/api/admin/runs/:id',
    {
      schema: {
        tags,
        summary: 'One run with its stops',
        params: idParamsSchema,
        response: { 200: runSchema, ...errorAnswers({ 404: unknownRun }) },
      },
    },
    async (request) => getRun(app.db, request.params.id),
  );

  app.patch(
    '/api/admin/runs/:id',
    {
      schema: {
        tags,
        summary: 'Gives a run another driver or another day; its stops follow it',
        params: idParamsSchema,
        body: updateRunSchema,
        response: {
          200: runSchema,
          ...errorAnswers({
            400: `${DRIVER_NOT_FOUND}, or a malformed field`,
            404: unknownRun,
            409: `${RUN_EXISTS}; "Already on another run that day: CODE, …"; or ${raced}`,
          }),
        },
      },
    },
    async (request) => updateRun(app.db, operatorActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/runs/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a run; its packages are on no run that day any more',
        params: idParamsSchema,
        response: { 200: deletedRunSchema, ...errorAnswers({ 404: unknownRun }) },
      },
    },
    async (request) => deleteRun(app.db, operatorActor(request), request.params.id),
  );

  app.put(
    '/api/admin/runs/:id/stops',
    {
      schema: {
        tags,
        summary:
          "Sets the whole order of a run's stops: adds, reorders, removes, and moves stops from the day's other runs",
        description:
          'A package on another run of the same day moves to this one in the same transaction. A package not on this run yet must be Order Placed to Out for Delivery. Any refused code refuses the whole list.',
        params: idParamsSchema,
        body: runStopsInputSchema,
        response: {
          200: runSchema,
          ...errorAnswers({
            400: `"${RUN_STOPS_REFUSED}: CODE (not found), CODE (Delivered)…" with errors keyed trackingCodes.N, a code named twice, or a malformed list`,
            404: unknownRun,
            409: raced,
          }),
        },
      },
    },
    async (request) => setRunStops(app.db, operatorActor(request), request.params.id, request.body.trackingCodes),
  );
});

/** The driver app's reads. */
const driverRunRoutes = driverScope(async (app) => {
  app.get(
    '/api/driver/run',
    {
      schema: {
        tags,
        summary: "The signed-in driver's run of today (the server's day), or run: null when none is planned",
        response: { 200: driverRunSchema },
      },
    },
    async (request, reply) => {
      // One driver's stops (names, addresses, phones): never kept by a shared cache, nor by the browser's.
      reply.header('Cache-Control', 'private, no-store');
      return todaysRun(app.db, request.operator!.id);
    },
  );
});

export const runsRoutes: RoutesPlugin = async (app, options) => {
  await app.register(consoleRunsRoutes, options);
  await app.register(driverRunRoutes, options);
};
