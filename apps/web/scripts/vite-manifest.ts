/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as the build's last step reads it. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** Where the driver app's own build (vite.driver.config.ts) writes its manifest, from dist/. */
export const DRIVER_MANIFEST = '.vite/driver-manifest.json';
