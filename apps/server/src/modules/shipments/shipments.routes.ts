import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { adminPackagesRoutes } from './admin-packages.routes.ts';
import { submitPackageRoutes } from './submit-package.routes.ts';

/** Package submission (public, multipart) and the console's package routes, each in its own scope. */
export const shipmentsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  await app.register(submitPackageRoutes, options);
  await app.register(adminPackagesRoutes, options);
};
