import type { RoutesPlugin } from '../../http/access.ts';
import { adminPackagesRoutes } from './admin-packages.routes.ts';
import { packageBulkRoutes } from './bulk/package-bulk.routes.ts';
import { packageHistoryRoutes } from './package-history.routes.ts';
import { deliveryProofRoutes } from './proof/delivery-proof.routes.ts';
import { roadNotesRoutes } from './road/road-notes.routes.ts';
import { submitPackageRoutes } from './submission/submit-package.routes.ts';

/** Package submission (public, multipart) and the console's package routes, each in its own scope. */
export const packagesRoutes: RoutesPlugin = async (app, options) => {
  await app.register(submitPackageRoutes, options);
  await app.register(adminPackagesRoutes, options);
  await app.register(packageBulkRoutes, options);
  await app.register(deliveryProofRoutes, options);
  await app.register(packageHistoryRoutes, options);
  await app.register(roadNotesRoutes, options);
};
