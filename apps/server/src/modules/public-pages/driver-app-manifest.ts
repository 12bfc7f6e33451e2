/**
 * The web manifest of the driver app (ADMIN_PATH/driver), made at start because its address is the
 * console's path: installed, the app opens on today's run, standalone, and stays within its scope.
 * The icons are the web build's (apps/web/public): the van on the brand's blue, inside the safe zone of
 * a maskable icon.
 */
export function driverAppManifest(consolePath: string, companyName: string): string {
  const app = `${consolePath}/driver`;
  return JSON.stringify({
    name: `${companyName} Driver`,
    short_name: 'Driver',
    description: `Today's run for ${companyName}'s drivers, online or not.`,
    id: app,
    start_url: app,
    scope: app,
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#1864ab',
    icons: [192, 512].map((size) => ({
      src: `/driver-icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any maskable',
    })),
  });
}
