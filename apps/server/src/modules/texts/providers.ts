import { createAfricasTalkingProvider } from './africastalking-provider.ts';
import type { TextProvider } from './text-provider.ts';
import type { TextsConfig } from './texts-config.ts';

/** The configured provider; Twilio's SDK is imported here, only when Twilio is the one. */
export async function createTextProvider(config: TextsConfig, publicUrl: string): Promise<TextProvider> {
  if (config.provider === 'africastalking') return createAfricasTalkingProvider(config);
  const { createTwilioProvider } = await import('./twilio-provider.ts');
  return createTwilioProvider(config, publicUrl);
}
